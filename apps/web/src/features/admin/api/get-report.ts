import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReportResponseSchema } from '@hospes/shared/admin';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export interface ReportParams {
  from?: string;
  to?: string;
  establishmentId?: string;
}

export function getReport(params: ReportParams) {
  return api
    .get(apiPaths.admin.reports, { query: { ...params }, schema: ReportResponseSchema })
    .then((answer) => answer.data);
}

/** GET /api/admin/reports: without dates, the server reports the last twelve months. */
export const reportQuery = (params: ReportParams) =>
  queryOptions({
    queryKey: adminKeys.report(params),
    queryFn: () => getReport(params),
    placeholderData: keepPreviousData,
  });

export function useReport(params: ReportParams) {
  return useQuery(reportQuery(params));
}
