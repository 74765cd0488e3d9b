/** The registration sheet's routes: the PDF downloaded, and e-mailed. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PdfQuerySchema,
  SendPdfInputSchema,
  SendPdfResponseSchema,
} from '@hospes/shared/documents';
import { actorOf } from '../../../plugins/auth';
import { auditContext } from '../../audit';
import { documentTexts } from '../texts';
import { FileResponse, IdParams, security, sendFile } from '../file-reply';
import type { PdfService } from './pdf.service';

export const pdfRoutes: FastifyPluginAsyncZod<{ pdf: PdfService }> = async (app, { pdf }) => {
  async function sendPdf(
    request: FastifyRequest,
    reply: FastifyReply,
    params: { id: string; language?: string },
    fileName: (reportNumber: string | null) => string,
  ) {
    const { pdf: bytes, reportNumber } = await pdf.pdf(
      actorOf(request),
      params.id,
      params.language,
      auditContext(request),
    );
    return sendFile(reply, {
      fileName: fileName(reportNumber),
      contentType: 'application/pdf',
      body: bytes,
    });
  }

  app.get(
    '/pilgrims/:id/pdf',
    {
      config: { permission: 'travelers.view' },
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
      config: { permission: 'travelers.view' },
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
      config: { permission: 'travelers.view' },
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
      const data = await pdf.sendPdf(
        actorOf(request),
        request.params.id,
        request.body?.email,
        request.query.language,
        auditContext(request),
      );
      return { success: true as const, message: documentTexts(request.lng).pdfSent, data };
    },
  );
};
