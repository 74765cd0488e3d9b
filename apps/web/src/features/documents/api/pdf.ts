import { useMutation } from '@tanstack/react-query';
import { SendPdfResponseSchema } from '@hospes/shared/documents';
import type { Language } from '@hospes/shared/languages';
import { api, apiDownload } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { DEFAULT_PDF_NAME, documentPaths } from './paths';

/** GET /api/pilgrims/{id}/pdf in the interface language, saved under the server's file name. */
export async function downloadTravelerPdf(id: string, language = currentLanguage()) {
  const file = await apiDownload(documentPaths.pdf(id), {
    query: { language },
    defaultFileName: DEFAULT_PDF_NAME,
    timeoutMs: 60_000,
  });
  return file.fileName;
}

export function useDownloadTravelerPdf() {
  return useMutation({ mutationFn: (id: string) => downloadTravelerPdf(id) });
}

/** POST /api/pilgrims/{id}/send-pdf: the PDF, attached, to one address. */
export function sendTravelerPdf(id: string, email: string, language = currentLanguage()) {
  return api.post(
    documentPaths.sendPdf(id),
    { email },
    { query: { language }, schema: SendPdfResponseSchema, timeoutMs: 60_000 },
  );
}

export function useSendTravelerPdf() {
  return useMutation({
    mutationFn: ({ id, email, language }: { id: string; email: string; language?: Language }) =>
      sendTravelerPdf(id, email, language),
  });
}
