import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminBillingListResponseSchema,
  BillingSummaryResponseSchema,
  type GrantPlanInput,
} from '@hospes/shared/billing';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

const PAGE_SIZE = 20;

/** GET /api/admin/billing: each account's plan, state, usage and payments. */
export function useAdminBilling(page: number) {
  return useQuery({
    queryKey: billingKeys.admin(page),
    queryFn: () =>
      api.get(apiPaths.billing.admin, {
        query: { page, limit: PAGE_SIZE },
        schema: AdminBillingListResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/admin/billing/{accountId}: a plan given by hand. */
export function useGrantPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, input }: { accountId: string; input: GrantPlanInput }) =>
      api.put(apiPaths.billing.grant(accountId), input, { schema: BillingSummaryResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
