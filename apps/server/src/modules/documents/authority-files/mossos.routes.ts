/** The routes of the Mossos d'Esquadra's file and of the uploads the owner confirms (decision 057). */
import { LngQuerySchema } from '@hospes/shared/common';
import {
  AuthorityUploadResponseSchema,
  MOSSOS_RECEIPT_MAX_BYTES,
  MossosFileInputSchema,
} from '@hospes/shared/mossos';
import { z } from '@hospes/shared/zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { actorOf } from '../../../plugins/auth';
import { auditContext } from '../../audit';
import { FileResponse, IdParams, security, sendFile } from '../file-reply';
import type { MossosService } from './mossos.service';

const UploadParams = IdParams.extend({ uploadId: z.string().max(100) });
const RECEIPT_FIELD = 'receipt';

/**
 * The receipt of an upload, when given (multipart field `receipt`, at most 5 MB, read into memory
 * and never written to disk); none: a JSON or empty body.
 */
async function readReceipt(request: FastifyRequest): Promise<Buffer | null> {
  if (!request.isMultipart()) return null;
  const { RequestFileTooLargeError } = request.server.multipartErrors;
  let receipt: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: MOSSOS_RECEIPT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname === RECEIPT_FIELD && !receipt) receipt = await part.toBuffer();
      else part.file.resume();
    }
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
    throw new AppError('VALIDATION_FAILED', {
      cause: error,
      details: [{ field: RECEIPT_FIELD, message: '', code: 'validation.invalid' }],
    });
  }
  return receipt && receipt.length > 0 ? receipt : null;
}

export const mossosRoutes: FastifyPluginAsyncZod<{ mossos: MossosService }> = async (
  app,
  { mossos },
) => {
  app.post(
    '/establishments/:id/mossos-file',
    {
      config: { permission: 'ses.send' },
      schema: {
        tags: ['documents'],
        summary: "The Mossos d'Esquadra's bulk file (layout V24) of a Catalan establishment",
        description:
          'The text file the portal registreviatgers.mossos.gencat.cat takes (ISO-8859-1, `|`-separated, ' +
          'CRLF), named `<identifier>.<001–999>`, of the chosen travelers (`pilgrimIds`) or of the ' +
          'arrivals from `from` to `to` (none: the establishment’s today). The file is recorded as ' +
          'made: `X-Upload-Id` names it for POST …/authority-uploads/{uploadId}/uploaded, ' +
          '`X-Total-Count` counts its travelers. 422 SES_PREFLIGHT_FAILED lists every problem in ' +
          '`details` (as the SES file’s); 422 SES_NO_TRAVELERS, MOSSOS_TOO_MANY_TRAVELERS; 409 ' +
          "MOSSOS_OTHER_AUTHORITY when the establishment does not report to the Mossos d'Esquadra.",
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: MossosFileInputSchema,
        response: { 200: FileResponse.describe('the file') },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const file = await mossos.mossosFile(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      );
      return sendFile(
        reply
          .header('x-total-count', String(file.count))
          .header('x-upload-id', file.uploadId)
          .header(
            'access-control-expose-headers',
            'content-disposition, x-total-count, x-upload-id',
          ),
        file,
      );
    },
  );

  app.post(
    '/establishments/:id/authority-uploads/:uploadId/uploaded',
    {
      config: { permission: 'ses.send' },
      schema: {
        tags: ['documents'],
        summary: "Record a Mossos d'Esquadra file as uploaded on the portal",
        description:
          'The owner confirms that the file went up on the portal: from then on its travelers count ' +
          'as reported (the deadline guard). Optionally multipart/form-data with the portal’s ' +
          'receipt in the file field `receipt` (a PDF, checked by its content, at most 5 MB; 415 ' +
          'RECEIPT_NOT_PDF otherwise), stored encrypted. 404 AUTHORITY_UPLOAD_NOT_FOUND.',
        security,
        params: UploadParams,
        querystring: LngQuerySchema,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: AuthorityUploadResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const receipt = await readReceipt(request);
      const data = await mossos.markUploaded(
        actorOf(request),
        request.params.id,
        request.params.uploadId,
        receipt,
        auditContext(request),
      );
      return { success: true as const, data };
    },
  );

  app.delete(
    '/establishments/:id/authority-uploads/:uploadId/uploaded',
    {
      config: { permission: 'ses.send' },
      schema: {
        tags: ['documents'],
        summary: "Take back a Mossos d'Esquadra file recorded as uploaded by mistake",
        description:
          'Its travelers are to report again (the deadline guard), its receipt is dropped; audited ' +
          'on the establishment and each traveler. 404 AUTHORITY_UPLOAD_NOT_FOUND; 409 ' +
          'AUTHORITY_UPLOAD_NOT_UPLOADED when it was not recorded as uploaded.',
        security,
        params: UploadParams,
        querystring: LngQuerySchema,
        response: { 200: AuthorityUploadResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const data = await mossos.undoUploaded(
        actorOf(request),
        request.params.id,
        request.params.uploadId,
        auditContext(request),
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/establishments/:id/authority-uploads/:uploadId/receipt',
    {
      config: { permission: 'ses.send' },
      schema: {
        tags: ['documents'],
        summary: 'The portal’s receipt (PDF) attached to an upload',
        description: '404 AUTHORITY_UPLOAD_NOT_FOUND when there is none.',
        security,
        params: UploadParams,
        querystring: LngQuerySchema,
        response: { 200: FileResponse.describe('the PDF') },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      sendFile(
        reply,
        await mossos.receipt(actorOf(request), request.params.id, request.params.uploadId),
      ),
  );
};
