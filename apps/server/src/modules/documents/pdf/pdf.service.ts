/**
 * The registration sheet: the signed PDF of one traveler, downloaded or e-mailed. Permissions and
 * rules live here; the adapters (pdf renderer, mailer, cipher) are passed in.
 */
import sharp from 'sharp';
import type { DocumentKind } from '@hospes/shared/codes';
import { EMAIL_PATTERN } from '@hospes/shared/common';
import { todayIso } from '@hospes/shared/dates';
import { SEND_PDF_PER_HOUR } from '@hospes/shared/documents';
import { matchLanguage, type Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import { fullName } from '@hospes/shared/travelers';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import { AppError } from '../../../lib/app-error';
import { mailTexts } from '../../../lib/i18n/server-texts';
import type { Mailer } from '../../../lib/mail/mailer';
import { escapeHtml, mailHtml } from '../../../lib/mail/templates';
import {
  createRegistrationPdfRenderer,
  formatDate,
  type RegistrationPdfRenderer,
} from '../../../lib/pdf/registration-pdf';
import { pdfTexts } from '../../../lib/pdf/pdf-texts';
import { memoryLimiterStore, type LimiterStore } from '../../../lib/rate-limiter';
import type { DocumentCipher } from '../../../lib/storage/document-cipher';
import { IMAGE_MAX_PIXELS } from '../../../lib/storage/images';
import type { Actor } from '../../../plugins/auth';
import type { AuditRepository } from '../../audit';
import { isUuid, scopeOf, type Scope } from '../../../db/scope';
import { type TravelerNumbering, documentContext } from '../../travelers';
import {
  printsDocumentImages,
  toEstablishmentView,
  toPdfTraveler,
  toTravelerView,
} from '../traveler-view';
import type { DocumentContext } from '../file-answer';
import { safeFileName } from '../file-answer';
import type { PdfRepository } from './pdf.repository';

export interface PdfServiceDeps {
  pdfs: PdfRepository;
  numbering: Pick<TravelerNumbering, 'numberIfMissing'>;
  audit: AuditRepository;
  cipher: DocumentCipher;
  mailer: Mailer;
  renderer?: RegistrationPdfRenderer;
  log: { warn(obj: unknown, msg: string): void };
  now?: () => Date;
  /** Where the limit of e-mails is counted (shared by every process: decision 046); memory when absent. */
  limiters?: LimiterStore;
}

const PDF_DOCUMENT_MAX_SIDE = 2000;
/** A signature fills a box of a few centimetres: 1,600 pixels across is more than print needs. */
const PDF_SIGNATURE_MAX_SIDE = 1600;

export function createPdfService(deps: PdfServiceDeps) {
  const { pdfs, numbering, audit, cipher, mailer, log } = deps;
  const renderer = deps.renderer ?? createRegistrationPdfRenderer();
  const now = deps.now ?? (() => new Date());
  /** Today by an establishment's own clock (decision 028): the Canary Islands keep theirs. */
  const dayOf = (place: { province?: string | null; postalCode?: string | null }) =>
    todayIso(now(), establishmentTimeZone(place));
  const mailLimiter = (deps.limiters ?? memoryLimiterStore()).create({
    name: 'send-pdf',
    max: SEND_PDF_PER_HOUR,
    windowMs: 60 * 60 * 1000,
  });

  /** An image as the PDF renderer takes it (PNG or JPEG), or null when it cannot be read. */
  async function pdfImage(bytes: Buffer, kind: DocumentKind): Promise<Buffer | null> {
    try {
      // Never more pixels than an upload may have (stored before that check, an image could).
      const options = { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS } as const;
      const meta = await sharp(bytes, options).metadata();
      const side = Math.max(meta.width ?? 0, meta.height ?? 0);
      const large = side > (kind === 'signature' ? PDF_SIGNATURE_MAX_SIDE : PDF_DOCUMENT_MAX_SIDE);
      // The renderer decodes a PNG on the server's thread: only one of a bounded size gets there.
      if ((meta.format === 'png' || meta.format === 'jpeg') && !large) return bytes;
      const image = sharp(bytes, options).rotate();
      if (kind === 'signature')
        return await image
          .resize(PDF_SIGNATURE_MAX_SIDE, PDF_SIGNATURE_MAX_SIDE, {
            fit: 'inside',
            withoutEnlargement: true,
          })
          .png()
          .toBuffer();
      return await image
        .resize(PDF_DOCUMENT_MAX_SIDE, PDF_DOCUMENT_MAX_SIDE, {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg({ quality: 85 })
        .toBuffer();
    } catch (error) {
      log.warn({ err: error, kind }, 'document image left out of the PDF: unreadable');
      return null;
    }
  }

  /** The traveler (numbered if it was not yet) with its establishment, or 404. */
  async function loadTraveler(scope: Scope, id: string) {
    let found = isUuid(id) ? await pdfs.travelerInScope(id, scope) : null;
    if (!found) throw new AppError('PILGRIM_NOT_FOUND');
    if (found.row.reportSeq === null) {
      await numbering.numberIfMissing(id);
      found = (await pdfs.travelerInScope(id, scope))!;
    }
    return found;
  }

  async function renderPdf(
    actor: Actor,
    id: string,
    language: string | undefined,
    context: DocumentContext,
    purpose: 'download' | 'email',
  ) {
    const { row, establishment } = await loadTraveler(scopeOf(actor), id);
    // The days of the stay so far, by the establishment's own day (decision 028).
    const view = toTravelerView(row, establishment.name, dayOf(establishment));
    // An e-mailed sheet never carries photos of the identity document: mail is neither private
    // nor deletable, and the traveler needs their copy of the record, not of their passport.
    const withImages = purpose === 'download' && printsDocumentImages(establishment);
    const kinds: DocumentKind[] = withImages ? ['front', 'back', 'signature'] : ['signature'];
    const stored = await pdfs.documentsOf(row.id, kinds);
    let signature: Buffer | null = null;
    const images: Buffer[] = [];
    const shown: { id: string; kind: DocumentKind }[] = [];
    for (const kind of ['front', 'back', 'signature'] as const) {
      const document = stored.find((d) => d.kind === kind);
      if (!document) continue;
      const plain = cipher.open(document.content, documentContext(row.id, document.id));
      const image = await pdfImage(plain, kind);
      if (!image) continue;
      if (kind === 'signature') signature = image;
      else {
        images.push(image);
        shown.push({ id: document.id, kind });
      }
    }
    const lang = language || view.language;
    const pdf = await renderer.render(
      {
        establishment: toEstablishmentView(establishment),
        sheets: [
          {
            reportNumber: view.reportNumber ?? '',
            traveler: toPdfTraveler(view, { signature, documents: images }),
          },
        ],
        producedAt: now(),
      },
      { language: lang, timeZone: establishmentTimeZone(establishment) },
    );
    // A downloaded sheet holds the whole record and the signature, and with the document images
    // reveals them too: every download is audited, with the images it showed (the traveler's
    // history lists them). An e-mailed one is audited as pilgrim.pdf_emailed by its caller.
    if (purpose === 'download') {
      await audit.record(context, {
        action: 'pilgrim.pdf_generated',
        entityType: 'pilgrim',
        entityId: row.id,
        establishmentId: row.establishmentId,
        details: {
          withDocumentImages: shown.length > 0,
          documents: shown,
          language: pdfTexts(lang).language,
        },
      });
    }
    return { pdf, view, establishment, lang, shown };
  }

  return {
    /** GET /api/pilgrims/{id}/pdf and /api/travelers/{id}/pdf. */
    async pdf(actor: Actor, id: string, language: string | undefined, context: DocumentContext) {
      const { pdf, view } = await renderPdf(actor, id, language, context, 'download');
      return { pdf, reportNumber: view.reportNumber };
    },

    /** POST /api/pilgrims/{id}/send-pdf: the PDF attached, over the mailer. */
    async sendPdf(
      actor: Actor,
      id: string,
      email: string | null | undefined,
      language: string | undefined,
      context: DocumentContext,
    ) {
      const to = (email ?? '').trim();
      if (!to)
        throw new AppError('EMAIL_REQUIRED', {
          details: [{ field: 'email', message: '', code: 'validation.required' }],
        });
      if (!EMAIL_PATTERN.test(to))
        throw new AppError('VALIDATION_FAILED', {
          details: [{ field: 'email', message: '', code: 'validation.email' }],
        });
      const key = `send-pdf:${actor.id}`;
      const retryAfter = await mailLimiter.retryAfter(key);
      if (retryAfter > 0) throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter } });
      const { pdf, view, establishment, lang } = await renderPdf(
        actor,
        id,
        language,
        context,
        'email',
      );
      await mailLimiter.hit(key);

      const mailLng: Language = matchLanguage(lang) ?? 'es';
      const texts = mailTexts(mailLng).registration;
      const params = {
        reportNumber: view.reportNumber ?? '',
        establishment: establishment.name,
        traveler: fullName(view),
        entryDate: formatDate(view.entryDate, pdfTexts(mailLng).texts.dateFormat),
        phone: establishment.phone,
      };
      const lines = [
        texts.greeting,
        interpolate(texts.intro, params),
        interpolate(texts.keep, params),
        interpolate(texts.contact, params),
      ];
      // Replies go to the establishment, whose details the traveler may need to correct.
      const replyTo = establishment.contactEmail?.trim() || undefined;
      try {
        await mailer.send({
          to,
          ...(replyTo ? { replyTo } : {}),
          subject: interpolate(texts.subject, params),
          text: `${lines.join('\n\n')}\n`,
          html: mailHtml(mailLng, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')),
          attachments: [
            {
              filename: `registro-viajero-${safeFileName(view.reportNumber ?? view.id)}.pdf`,
              content: pdf,
              contentType: 'application/pdf',
            },
          ],
        });
      } catch (error) {
        throw new AppError('MAIL_NOT_SENT', { cause: error });
      }
      await audit.record(context, {
        action: 'pilgrim.pdf_emailed',
        entityType: 'pilgrim',
        entityId: view.id,
        establishmentId: view.establishmentId,
        // Who received the data (GDPR art. 15.1.c): the address is kept with the entry.
        details: { to, language: mailLng },
      });
      return { to, reportNumber: view.reportNumber };
    },
  };
}
export type PdfService = ReturnType<typeof createPdfService>;
