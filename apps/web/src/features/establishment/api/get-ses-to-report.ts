import { useQuery } from '@tanstack/react-query';
import { SesToReportResponseSchema, type SesToReportItem } from '@hospes/shared/ses-auto';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { establishmentKeys } from './keys';

/** The list is asked again this often while shown: the hours left go down. */
const REFRESH_MS = 5 * 60_000;

export async function getSesToReport(establishmentId?: string): Promise<SesToReportItem[]> {
  return (
    await api.get(apiPaths.sesToReport, {
      query: establishmentId ? { establishmentId } : {},
      schema: SesToReportResponseSchema,
    })
  ).data;
}

/**
 * GET /api/ses-to-report: the travelers of the user's establishments (or of one) still to report
 * to SES.HOSPEDAJES, most urgent first, with the hours left of the 24 (decision 044).
 */
export function useSesToReport(establishmentId?: string, enabled = true) {
  return useQuery({
    queryKey: establishmentKeys.toReport(establishmentId),
    queryFn: () => getSesToReport(establishmentId),
    refetchInterval: REFRESH_MS,
    enabled,
  });
}
