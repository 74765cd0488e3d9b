import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ImportPreviewResponseSchema,
  ImportResultResponseSchema,
  type ImportFormat,
} from '@hospes/shared/documents';
import type { z } from '@hospes/shared/zod';
import { invalidateAfterTravelerChange } from '@/features/traveler/api/keys';
import { api, apiDownload } from '@/lib/api-client';
import { documentPaths } from './paths';

export type ImportPreview = z.infer<typeof ImportPreviewResponseSchema>['data'];
export type ImportResult = z.infer<typeof ImportResultResponseSchema>;

export interface ImportUpload {
  file: File;
  establishmentId: string;
}

function form({ file, establishmentId }: ImportUpload) {
  const body = new FormData();
  // The establishment first: the server reads the fields as the parts arrive.
  if (establishmentId) body.append('establishmentId', establishmentId);
  body.append('file', file, file.name);
  return body;
}

/** GET /api/pilgrims/import/template: the header row and one example row. */
export function downloadImportTemplate(format: ImportFormat) {
  return apiDownload(documentPaths.importTemplate, {
    query: { format },
    defaultFileName: `hospes-import-template.${format}`,
  });
}

/** POST /api/pilgrims/import/preview: every row with its status and problems; stores nothing. */
export function previewImport(upload: ImportUpload) {
  return api
    .post(documentPaths.importPreview, form(upload), {
      schema: ImportPreviewResponseSchema,
      timeoutMs: 120_000,
    })
    .then((answer) => answer.data);
}

/** POST /api/pilgrims/import: stores the valid rows, reports the skipped ones. */
export function runImport(upload: ImportUpload) {
  return api.post(documentPaths.import, form(upload), {
    schema: ImportResultResponseSchema,
    timeoutMs: 120_000,
  });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    // Every traveler list and count, and the establishments' traveler counts.
    onSuccess: () => invalidateAfterTravelerChange(queryClient),
  });
}
