import { useMutation } from '@tanstack/react-query';
import type { SesFileInput } from '@hospes/shared/documents';
import type { ErrorDetail } from '@hospes/shared/errors';
import { apiDownload } from '@/lib/api-client';
import { documentPaths } from './paths';

export type SesRequest = { establishmentId: string } & Partial<SesFileInput> &
  Pick<SesFileInput, 'kind'>;

/** POST /api/establishments/{id}/ses-xml: the XML (or zipped solicitud), saved as a file. */
export async function generateSesFile({ establishmentId, ...input }: SesRequest) {
  const file = await apiDownload(documentPaths.sesFile(establishmentId), {
    method: 'POST',
    body: input,
    defaultFileName: input.format === 'solicitud' ? 'ses-solicitud.txt' : 'ses.xml',
    timeoutMs: 60_000,
  });
  return file.fileName;
}

export function useGenerateSesFile() {
  return useMutation({ mutationFn: generateSesFile });
}

export interface SesProblemGroup {
  /** null: the establishment's own data. */
  travelerId: string | null;
  problems: ErrorDetail[];
}

/**
 * The details of a 422 SES_PREFLIGHT_FAILED grouped per traveler (the establishment's first),
 * in the order the server gave them. The traveler comes from `travelerId`, else the `field`
 * prefix (`<travelerId>.<field>`).
 */
export function groupSesProblems(details: readonly ErrorDetail[]): SesProblemGroup[] {
  const groups = new Map<string | null, ErrorDetail[]>();
  for (const detail of details) {
    let id = detail.travelerId ?? null;
    if (!id && detail.travelerId === undefined) {
      const prefix = detail.field.split('.')[0] ?? '';
      if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(prefix)) id = prefix;
    }
    const list = groups.get(id) ?? [];
    list.push(detail);
    groups.set(id, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : 0))
    .map(([travelerId, problems]) => ({ travelerId, problems }));
}
