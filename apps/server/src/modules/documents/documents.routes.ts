import multipart from '@fastify/multipart';
import { LngQuerySchema } from '@hospes/shared/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ExportTravelersQuerySchema,
  IMPORT_MAX_BYTES,
  ImportPreviewResponseSchema,
  ImportResultResponseSchema,
  ImportTemplateQuerySchema,
  PdfQuerySchema,
  SendPdfInputSchema,
  SendPdfResponseSchema,
  SesFileInputSchema,
} from '@hospes/shared/documents';
import { z } from '@hospes/shared/zod';
import { AppError } from '../../lib/app-error';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit/audit-context';
import type { DocumentsService, FileAnswer } from './documents.service';
import { documentTexts } from './texts';

const security = [{ bearerAuth: [] }];
const UploadQuery = LngQuerySchema.extend({ establishmentId: z.string().max(100).optional() });
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
const IdParams = z.object({ id: z.string().max(100) });
const FileResponse = z.any();
const FILE_FIELD = 'file';

/** Headers of a file answer: a download, never cached, its name readable by the client. */
function fileHeaders(reply: FastifyReply, fileName: string, contentType: string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('access-control-expose-headers', 'content-disposition, x-total-count');
}

function sendFile(reply: FastifyReply, file: FileAnswer) {
  const body = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body;
  return fileHeaders(reply, file.fileName, file.contentType)
    .header('content-length', String(body.length))
    .send(body);
}

/**
 * The multipart upload of an import: the file (field `file`, at most 10 MB, read into memory and
 * never written to disk) and the `establishmentId` field (or query parameter).
 */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const { RequestFileTooLargeError } = request.server.multipartErrors;
  let file: Buffer | null = null;
  let establishmentId = (request.query as { establishmentId?: unknown }).establishmentId;
  try {
    const parts = request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1000 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname === FILE_FIELD && !file) file = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'establishmentId' && typeof part.value === 'string') {
        establishmentId = part.value;
      }
    }
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) throw new AppError('IMPORT_FILE_TOO_LARGE');
    throw new AppError('VALIDATION_FAILED', {
      cause: error,
      details: [{ field: FILE_FIELD, message: '', code: 'validation.invalid' }],
    });
  }
  if (!file || file.length === 0)
    throw new AppError('VALIDATION_FAILED', {
      details: [{ field: FILE_FIELD, message: '', code: 'validation.required' }],
    });
  return {
    file,
    establishmentId: typeof establishmentId === 'string' ? establishmentId : undefined,
  };
}

export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (
  app,
  { documents },
) => {
  // Encapsulated here: only the import routes of this plugin accept multipart bodies.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });

  async function sendPdf(
    request: FastifyRequest,
    reply: FastifyReply,
    params: { id: string; language?: string },
    fileName: (reportNumber: string | null) => string,
  ) {
    const { pdf, reportNumber } = await documents.pdf(
      actorOf(request),
      params.id,
      params.language,
      auditContext(request),
    );
    return sendFile(reply, {
      fileName: fileName(reportNumber),
      contentType: 'application/pdf',
      body: pdf,
    });
  }

  app.get(
    '/pilgrims/:id/pdf',
    {
      schema: {
        tags: ['documents'],
        summary: 'The signed registration sheet of a traveler, as a PDF download',
        description:
          'Language of the sheet: `language` (one of the 16 interface languages; any other gives ' +
          'es), else the ' +
          "traveler's language. The document images are drawn only when the establishment's " +
          '`includeDocumentImagesInPdf` is on (that download is audited). File name: ' +
          '`registro-viajero-<report number>.pdf` (`2026/000123` → `2026-000123`).',
        security,
        params: IdParams,
        querystring: PdfQuerySchema,
        response: { 200: FileResponse.describe('application/pdf') },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      sendPdf(request, reply, { id: request.params.id, language: request.query.language }, (n) =>
        n ? `registro-viajero-${n.replace('/', '-')}.pdf` : 'pilgrim_registration.pdf',
      ),
  );

  app.get(
    '/travelers/:id/pdf',
    {
      schema: {
        tags: ['documents'],
        summary: 'The same PDF, named registro-viajero-{id}.pdf (spec §7)',
        security,
        params: IdParams,
        querystring: PdfQuerySchema,
        response: { 200: FileResponse.describe('application/pdf') },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      sendPdf(
        request,
        reply,
        { id: request.params.id, language: request.query.language },
        () => `registro-viajero-${request.params.id.replace(/[^A-Za-z0-9-]/g, '')}.pdf`,
      ),
  );

  app.post(
    '/pilgrims/:id/send-pdf',
    {
      schema: {
        tags: ['documents'],
        summary: 'E-mail the registration PDF (attached) to an address',
        description:
          "Subject, text and PDF in `language` (one of the 16; any other gives es), else the traveler's " +
          'language. The PDF never carries the document images; Reply-To is the establishment’s ' +
          'contact e-mail; the audit entry keeps the address it went to. ' +
          '400 EMAIL_REQUIRED without an address, 400 VALIDATION_FAILED for one that is not an ' +
          'address, 429 over 30 e-mails per user and hour, 503 MAIL_NOT_SENT when the mail server ' +
          'refuses it.',
        security,
        params: IdParams,
        querystring: PdfQuerySchema,
        body: SendPdfInputSchema,
        response: { 200: SendPdfResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const data = await documents.sendPdf(
        actorOf(request),
        request.params.id,
        request.body?.email,
        request.query.language,
        auditContext(request),
      );
      return { success: true as const, message: documentTexts(request.lng).pdfSent, data };
    },
  );

  app.get(
    '/pilgrims/export',
    {
      schema: {
        tags: ['documents'],
        summary: 'Export the travelers of GET /api/pilgrims (same filters) as XLSX or CSV',
        description:
          'Streamed in batches, ordered by entry date (`sortOrder`) then id; `ids` (comma-separated ' +
          'or repeated, at most 500) limits it to those travelers. Headers in the request language ' +
          '(`lng`, Accept-Language). CSV: UTF-8 with BOM, `;`-separated, CRLF. X-Total-Count: the ' +
          'number of travelers.',
        security,
        querystring: ExportTravelersQuerySchema,
        response: { 200: FileResponse.describe('the file') },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { stream, total, fileName } = await documents.export(
        actorOf(request),
        request.query,
        auditContext(request),
      );
      const csv = request.query.format === 'csv';
      return fileHeaders(
        reply,
        fileName,
        csv
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
        .header('x-total-count', String(total))
        .send(stream);
    },
  );

  app.get(
    '/pilgrims/import/template',
    {
      schema: {
        tags: ['documents'],
        summary: 'The import template: the header row and one example row',
        security,
        querystring: ImportTemplateQuerySchema,
        response: { 200: FileResponse.describe('the file') },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      sendFile(reply, await documents.template(request.query.format, request.lng)),
  );

  const uploadDescription =
    'multipart/form-data: `file` (CSV or XLSX, recognised by content, at most 10 MB and 10,000 ' +
    'rows) and `establishmentId` (optional for a user with one establishment). 413 ' +
    'IMPORT_FILE_TOO_LARGE, 415 IMPORT_FILE_UNSUPPORTED, 400 IMPORT_FILE_INVALID (no header, a ' +
    'required column missing, no rows, too many rows).';

  app.post(
    '/pilgrims/import/preview',
    {
      schema: {
        tags: ['documents'],
        summary: 'Check a traveler file: every row with its problems (nothing is stored)',
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        security,
        querystring: UploadQuery,
        response: { 200: ImportPreviewResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const upload = await readUpload(request);
      const data = await documents.importPreview(
        actorOf(request),
        upload.file,
        upload.establishmentId,
        request.lng,
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/pilgrims/import',
    {
      schema: {
        tags: ['documents'],
        summary: 'Import the valid rows of a traveler file (one transaction); report the others',
        description: `${uploadDescription} Rows repeating a traveler of the establishment (same document number and entry date) are skipped as duplicates.`,
        consumes: ['multipart/form-data'],
        security,
        querystring: UploadQuery,
        response: { 200: ImportResultResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const upload = await readUpload(request);
      const { message, ...data } = await documents.import(
        actorOf(request),
        upload.file,
        upload.establishmentId,
        auditContext(request),
      );
      return { success: true as const, message, data };
    },
  );

  app.post(
    '/establishments/:id/ses-xml',
    {
      schema: {
        tags: ['documents'],
        summary: 'The SES.HOSPEDAJES file (partes PV or reservas RH) of an establishment',
        description:
          'The XML (application/xml) or, with `format: "solicitud"`, the zipped and Base64-encoded ' +
          'XML the web service takes (text/plain). 422 SES_PREFLIGHT_FAILED lists every problem in ' +
          '`details` (`field` = `<travelerId>.<field>`, `travelerId`, `travelerName`, `code`, `message` in the ' +
          'request language); in a parte (PV), a self check-in the desk has not confirmed yet is one ' +
          '(`ses.notConfirmed`: no arrival to report); 422 SES_NO_TRAVELERS, SES_TOO_MANY_COMMUNICATIONS (over 100); 409 ' +
          'SES_OTHER_AUTHORITY when the establishment reports to the Mossos d’Esquadra or the Ertzaintza.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: SesFileInputSchema,
        response: { 200: FileResponse.describe('the file') },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const file = await documents.sesFile(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      );
      return sendFile(reply.header('x-total-count', String(file.count)), file);
    },
  );
};
