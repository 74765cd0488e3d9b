import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ScanResponseSchema } from '@hospes/shared/mrz';
import { z } from '@hospes/shared/zod';
import { AppError } from '../../lib/app-error';
import { MAX_DOCUMENT_BYTES, type OcrService } from './ocr.service';

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

export const ocrRoutes: FastifyPluginAsyncZod<{ ocr: OcrService }> = async (app, { ocr }) => {
  // Encapsulated here: only this route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1 } });

  app.post(
    '/process-document',
    {
      schema: {
        tags: ['ocr'],
        summary: 'Read the machine-readable zone (TD1, TD2, TD3) of an identity document photo',
        description:
          'multipart/form-data with one file field `document` (JPEG, PNG or WebP, at most 10 MB; the type is ' +
          'checked from the content). The photo is read in memory and not stored. Answers the traveler ' +
          'fields and, per field, whether a check digit confirmed it. 413 file too large, 415 unsupported ' +
          'type (HEIC included), 400 unreadable image, 422 no MRZ found, 503 busy or too slow.',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        querystring: z.object({ lng: z.string().max(20).optional() }),
        response: { 200: ScanResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const image = await readDocument(request);
      const data = await ocr.processDocument(image);
      return { success: true as const, data };
    },
  );
};
