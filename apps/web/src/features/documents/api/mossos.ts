import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AuthorityUploadResponseSchema, type MossosFileInput } from '@hospes/shared/mossos';
import { invalidateAfterTravelerChange } from '@/features/traveler/api/keys';
import { api, apiDownload } from '@/lib/api-client';
import { documentPaths } from './paths';

export type MossosRequest = { establishmentId: string } & MossosFileInput;

/** The file made: its name (the reference the portal shows) and the upload it is recorded as. */
export interface MossosFile {
  fileName: string;
  uploadId: string;
  count: number;
}

/**
 * POST /api/establishments/{id}/mossos-file: the Mossos d'Esquadra's file (decision 057), saved
 * as a file; the answer names the upload to confirm once it is on the portal.
 */
export async function generateMossosFile({
  establishmentId,
  ...input
}: MossosRequest): Promise<MossosFile> {
  const file = await apiDownload(documentPaths.mossosFile(establishmentId), {
    method: 'POST',
    body: input,
    defaultFileName: 'mossos.txt',
    timeoutMs: 60_000,
  });
  return {
    fileName: file.fileName,
    uploadId: file.headers.get('x-upload-id') ?? '',
    count: Number(file.headers.get('x-total-count') ?? 0),
  };
}

export function useGenerateMossosFile() {
  return useMutation({ mutationFn: generateMossosFile });
}

/**
 * POST …/authority-uploads/{uploadId}/uploaded: the owner confirms the upload, with the portal's
 * receipt PDF when they add it.
 */
export function markMossosUploaded({
  establishmentId,
  uploadId,
  receipt,
}: {
  establishmentId: string;
  uploadId: string;
  receipt: File | null;
}) {
  let body: FormData | undefined;
  if (receipt) {
    body = new FormData();
    body.append('receipt', receipt, receipt.name);
  }
  return api
    .post(documentPaths.mossosUploaded(establishmentId, uploadId), body, {
      schema: AuthorityUploadResponseSchema,
    })
    .then((answer) => answer.data);
}

export function useMarkMossosUploaded() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMossosUploaded,
    // The travelers' records say where they went; the list of what is to report changes too.
    onSuccess: () => invalidateAfterTravelerChange(queryClient),
  });
}

/**
 * DELETE …/authority-uploads/{uploadId}/uploaded: an upload confirmed by mistake is taken back
 * (decision 061); its travelers are to report again.
 */
export function undoMossosUploaded({
  establishmentId,
  uploadId,
}: {
  establishmentId: string;
  uploadId: string;
}) {
  return api
    .delete(documentPaths.mossosUploaded(establishmentId, uploadId), {
      schema: AuthorityUploadResponseSchema,
    })
    .then((answer) => answer.data);
}

export function useUndoMossosUploaded() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoMossosUploaded,
    onSuccess: () => invalidateAfterTravelerChange(queryClient),
  });
}
