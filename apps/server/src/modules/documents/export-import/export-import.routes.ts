/** The traveler file's routes: the export, the import template, the import's check and the import. */
import { LngQuerySchema } from '@hospes/shared/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ExportTravelersQuerySchema,
  IMPORT_MAX_BYTES,
  ImportPreviewResponseSchema,
  ImportResultResponseSchema,
  ImportTemplateQuerySchema,
} from '@hospes/shared/documents';
import { z } from '@hospes/shared/zod';
import { AppError } from '../../../lib/app-error';
import { actorOf } from '../../../plugins/auth';
import { auditContext } from '../../audit';
import { FileResponse, fileHeaders, security, sendFile } from '../file-reply';
import type { ExportImportService } from './export-import.service';

const UploadQuery = LngQuerySchema.extend({ establishmentId: z.string().max(100).optional() });
const FILE_FIELD = 'file';

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

export const exportImportRoutes: FastifyPluginAsyncZod<{
  exportImport: ExportImportService;
}> = async (app, { exportImport }) => {
  app.get(
    '/pilgrims/export',
    {
      config: { permission: 'travelers.export' },
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
      const { stream, total, fileName } = await exportImport.export(
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
      config: { permission: 'travelers.import' },
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
      sendFile(reply, await exportImport.template(request.query.format, request.lng)),
  );

  const uploadDescription =
    'multipart/form-data: `file` (CSV or XLSX, recognised by content, at most 10 MB and 10,000 ' +
    'rows) and `establishmentId` (optional for a user with one establishment). 413 ' +
    'IMPORT_FILE_TOO_LARGE, 415 IMPORT_FILE_UNSUPPORTED, 400 IMPORT_FILE_INVALID (no header, a ' +
    'required column missing, no rows, too many rows).';

  app.post(
    '/pilgrims/import/preview',
    {
      config: { permission: 'travelers.import' },
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
      const data = await exportImport.importPreview(
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
      config: { permission: 'travelers.import' },
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
      const { message, ...data } = await exportImport.import(
        actorOf(request),
        upload.file,
        upload.establishmentId,
        auditContext(request),
      );
      return { success: true as const, message, data };
    },
  );
};
