import type { ExportFormat } from '@hospes/shared/documents';
import { apiDownload, type DownloadProgress } from '@/lib/api-client';
import { documentPaths } from './paths';

/** Above this many travelers the export dialog warns that it may take a while. */
export const LARGE_EXPORT_ROWS = 5000;

/** The client list's filters (GET /api/pilgrims query), `page` included and ignored. */
export type ExportFilters = object;

export interface ExportRequest {
  filters: ExportFilters;
  format: ExportFormat;
  /** Only these travelers (the current page); otherwise all matching the filters. */
  ids?: readonly string[];
  onStarted?: () => void;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
}

/** GET /api/pilgrims/export with the list's filters (not its page), streamed and saved. */
export async function exportTravelers({ filters, format, ids, ...rest }: ExportRequest) {
  // The page and the order on screen are the list's: a file of all travelers goes by entry date
  // (the current page is written in the order of its ids).
  const {
    page: _page,
    sort: _sort,
    ...query
  } = filters as Record<string, string | number | undefined>;
  void _page;
  void _sort;
  const file = await apiDownload(documentPaths.export, {
    query: { ...query, format, ids: ids?.length ? ids.join(',') : undefined },
    defaultFileName: `travelers.${format}`,
    timeoutMs: 120_000,
    onStarted: rest.onStarted,
    onProgress: rest.onProgress,
    signal: rest.signal,
  });
  return file.fileName;
}
