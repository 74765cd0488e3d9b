/**
 * The photo of an identity document as a route receives it (multipart field `document`): the
 * staff's scan (POST /api/ocr/process-document) and the public check-in's (modules/checkin).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { MAX_DOCUMENT_BYTES } from './ocr.service';

const FIELD = 'document';
const missing = () =>
  new AppError('VALIDATION_FAILED', {
    details: [{ field: FIELD, message: '', code: 'validation.required' }],
  });

/**
 * The uploaded photo as a Buffer, read from the stream into memory: never written to disk
 * (no `saveRequestFiles`, no temp files), never logged.
 */
export async function readDocument(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const { RequestFileTooLargeError } = request.server.multipartErrors;
  try {
    const file = await request.file({
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, parts: 12 },
    });
    if (!file || file.fieldname !== FIELD) {
      file?.file.resume();
      throw missing();
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof RequestFileTooLargeError) throw new AppError('FILE_TOO_LARGE');
    // A malformed body, too many parts: the client's request, not our failure.
    throw new AppError('VALIDATION_FAILED', {
      cause: error,
      details: [{ field: FIELD, message: '', code: 'validation.invalid' }],
    });
  }
}
