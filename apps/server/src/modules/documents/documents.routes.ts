/**
 * The registration documents' routes: the PDF, the traveler file (export, import) and the
 * SES.HOSPEDAJES file, each from its own part of the module.
 */
import multipart from '@fastify/multipart';
import { IMPORT_MAX_BYTES } from '@hospes/shared/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorityFilesRoutes } from './authority-files/authority-files.routes';
import type { AuthorityFilesService } from './authority-files/authority-files.service';
import { exportImportRoutes } from './export-import/export-import.routes';
import type { ExportImportService } from './export-import/export-import.service';
import { pdfRoutes } from './pdf/pdf.routes';
import type { PdfService } from './pdf/pdf.service';

export const documentsRoutes: FastifyPluginAsyncZod<{
  pdf: PdfService;
  exportImport: ExportImportService;
  authorityFiles: AuthorityFilesService;
}> = async (app, { pdf, exportImport, authorityFiles }) => {
  // Encapsulated here: only the routes of this plugin accept multipart bodies (the import reads
  // them; the other documents' routes have always shared the parser).
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  await app.register(pdfRoutes, { pdf });
  await app.register(exportImportRoutes, { exportImport });
  await app.register(authorityFilesRoutes, { authorityFiles });
};
