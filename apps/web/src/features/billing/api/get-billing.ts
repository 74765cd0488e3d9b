import { queryOptions, useQuery } from '@tanstack/react-query';
import { BillingSummaryResponseSchema, type BillingSummary } from '@hospes/shared/billing';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

export function getBilling(): Promise<BillingSummary> {
  return api
    .get(apiPaths.billing.summary, { schema: BillingSummaryResponseSchema })
    .then((answer) => answer.data);
}

/** GET /api/billing: the plan, state and usage of the signed-in user's account. */
export const billingQuery = () =>
  queryOptions({
    queryKey: billingKeys.summary(),
    queryFn: getBilling,
    // Every registration changes the usage: asked again whenever the page is opened.
    staleTime: 0,
  });

export function useBilling(
  options: {
    enabled?: boolean;
    /** Asks again every so many ms while it answers a number for the current data. */
    refetchInterval?: (data: BillingSummary | undefined) => number | false;
  } = {},
) {
  const { refetchInterval } = options;
  return useQuery({
    ...billingQuery(),
    enabled: options.enabled ?? true,
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : false,
  });
}
