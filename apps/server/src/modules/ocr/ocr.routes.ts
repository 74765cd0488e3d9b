import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ScanResponseSchema } from '@hospes/shared/mrz';
import { z } from '@hospes/shared/zod';
import { readDocument } from './document-upload';
import { MAX_DOCUMENT_BYTES, type OcrService } from './ocr.service';

export const ocrRoutes: FastifyPluginAsyncZod<{ ocr: OcrService }> = async (app, { ocr }) => {
  // Encapsulated here: only this route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1 } });

  app.post(
    '/process-document',
    {
      config: { permission: 'travelers.register' },
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
