import { ScanResponseSchema, type ScanResult } from '@hospes/shared/mrz';
import { UPLOAD_TIMEOUT_MS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

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
    // The photo is uploaded first, and reading it can take a while on a busy server (the
    // server's own limit answers 503).
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  return answer.data;
}
