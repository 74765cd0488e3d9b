import { useMutation } from '@tanstack/react-query';
import { ApiErrorResponseSchema } from '@hospes/shared/errors';
import { API_BASE, apiPaths } from '@/config/paths';
import { ApiError, fallbackMessage } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import type { ReportParams } from './get-report';

function fileNameOf(disposition: string | null): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? 'hospes-report.csv';
}

/**
 * GET /api/admin/reports.csv as a file download (UTF-8 with BOM, ';'-separated): fetched with
 * the session cookie, then saved through a temporary link.
 */
export async function downloadReportCsv(params: ReportParams): Promise<string> {
  const lng = currentLanguage();
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  query.set('lng', lng);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${apiPaths.admin.reportsCsv}?${query.toString()}`, {
      headers: {
        Accept: 'text/csv, application/json',
        'Accept-Language': lng,
      },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: fallbackMessage(0) });
  }
  if (!response.ok) {
    const parsed = ApiErrorResponseSchema.safeParse(await response.json().catch(() => null));
    throw new ApiError({
      status: response.status,
      code: parsed.success ? parsed.data.code : `HTTP_${response.status}`,
      message: (parsed.success && parsed.data.message) || fallbackMessage(response.status),
    });
  }
  const name = fileNameOf(response.headers.get('content-disposition'));
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return name;
}

export function useDownloadReportCsv() {
  return useMutation({ mutationFn: downloadReportCsv });
}
