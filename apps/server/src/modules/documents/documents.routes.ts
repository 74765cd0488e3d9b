/**
 * The registration documents' routes: the PDF, the traveler file (export, import) and the
 * SES.HOSPEDAJES and Mossos d'Esquadra files, each from its own part of the module.
 */
import multipart from '@fastify/multipart';
import { IMPORT_MAX_BYTES } from '@hospes/shared/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorityFilesRoutes } from './authority-files/authority-files.routes';
import type { AuthorityFilesService } from './authority-files/authority-files.service';
import { mossosRoutes } from './authority-files/mossos.routes';
import type { MossosService } from './authority-files/mossos.service';
import { exportImportRoutes } from './export-import/export-import.routes';
import type { ExportImportService } from './export-import/export-import.service';
import { pdfRoutes } from './pdf/pdf.routes';
import type { PdfService } from './pdf/pdf.service';

export const documentsRoutes: FastifyPluginAsyncZod<{
  pdf: PdfService;
  exportImport: ExportImportService;
  authorityFiles: AuthorityFilesService;
  mossos: MossosService;
}> = async (app, { pdf, exportImport, authorityFiles, mossos }) => {
  // Encapsulated here: only the routes of this plugin accept multipart bodies (the import reads
  // them; the other documents' routes have always shared the parser).
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  await app.register(pdfRoutes, { pdf });
  await app.register(exportImportRoutes, { exportImport });
  await app.register(authorityFilesRoutes, { authorityFiles });
  await app.register(mossosRoutes, { mossos });
};
