import { ScanResponseSchema, type ScanResult } from '@hospes/shared/mrz';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Reading a document can take a while on a busy server (the server's own limit answers 503). */
const SCAN_TIMEOUT_MS = 60_000;

/** POST a photo (multipart field `document`) to an OCR endpoint; the fields read. */
export async function scanDocument(
  image: Blob,
  path: string = apiPaths.ocr.processDocument,
): Promise<ScanResult> {
  const form = new FormData();
  const name = image instanceof File ? image.name : 'document.jpg';
  form.append('document', image, name);
  const answer = await api.post(path, form, {
    schema: ScanResponseSchema,
    timeoutMs: SCAN_TIMEOUT_MS,
  });
  return answer.data;
}
