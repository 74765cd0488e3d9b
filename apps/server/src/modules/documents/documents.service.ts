/**
 * Registration documents: the signed PDF (download and e-mail), the export and import of the
 * traveler file, and the SES.HOSPEDAJES files. Permissions and rules live here; the adapters
 * (pdf renderer, mailer, cipher) are passed in.
 */
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { AUTHORITY_NAMES, type DocumentKind } from '@hospes/shared/codes';
import { EMAIL_PATTERN } from '@hospes/shared/common';
import { todayIso } from '@hospes/shared/dates';
import {
  SEND_PDF_PER_HOUR,
  type ExportTravelersQuery,
  type ImportRowReport,
  type SesFileInput,
} from '@hospes/shared/documents';
import type { ErrorDetail } from '@hospes/shared/errors';
import { matchLanguage, type Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import { fullName } from '@hospes/shared/travelers';
import { establishmentTimeZone, reportingAuthority } from '@hospes/shared/provinces';
import { preflightSes, sesProblemText, sesStays } from '@hospes/shared/ses-preflight';
import { normaliseSearchText } from '@hospes/shared/search';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { uuidv7 } from '../../lib/ids';
import { mailTexts } from '../../lib/i18n/server-texts';
import type { Mailer } from '../../lib/mail/mailer';
import { escapeHtml, mailHtml } from '../../lib/mail/templates';
import {
  createRegistrationPdfRenderer,
  formatDate,
  type RegistrationPdfRenderer,
} from '../../lib/pdf/registration-pdf';
import { pdfTexts } from '../../lib/pdf/pdf-texts';
import { createLimiter } from '../../lib/rate-limiter';
import { buildPartesXml, buildReservasXml, SES_MAX_COMMUNICATIONS } from '../../lib/ses/ses-xml';
import { toSolicitud } from '../../lib/ses/solicitud';
import type { DocumentCipher } from '../../lib/storage/document-cipher';
import { IMAGE_MAX_PIXELS } from '../../lib/storage/images';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit/audit.repository';
import { clockDays } from '../establishments/clock';
import { isUuid, scopeOf, type Scope } from '../establishments/scope';
import { valuesFromRecord } from '../travelers/travelers.mapper';
import {
  rowFromJson,
  type TravelerFilter,
  type TravelersRepository,
} from '../travelers/travelers.repository';
import { documentContext, reportYearOf } from '../travelers/travelers.service';
import type { TravelerCounts } from '../travelers/traveler-counts';
import { EXPORT_COLUMNS, TEMPLATE_COLUMNS, TEMPLATE_EXAMPLE, type CellValue } from './columns';
import {
  type DocumentsRepository,
  type ExportCursor,
  type ExportRow,
  type ExportSelection,
} from './documents.repository';
import { csvStream, xlsxStream } from './export';
import { parseImportFile, type ParsedFile, type ParsedRow } from './import';
import { documentTexts, text } from './texts';
import {
  printsDocumentImages,
  toEstablishmentView,
  toPdfTraveler,
  toSesTraveler,
  toTravelerView,
} from './traveler-view';

export interface DocumentsServiceDeps {
  db: Db;
  documents: DocumentsRepository;
  pilgrims: TravelersRepository;
  audit: AuditRepository;
  cipher: DocumentCipher;
  mailer: Mailer;
  renderer?: RegistrationPdfRenderer;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
  now?: () => Date;
  /** Rows per export query (default 500: measured best for time and memory, docs/benchmarks-export.md). */
  exportBatchSize?: number;
  /** The kept list totals (modules/travelers/traveler-counts): an import changes them. */
  counts?: Pick<TravelerCounts, 'changed'>;
}

export type DocumentContext = AuditContext & { lng: Language };

/** Which travelers a SES request holds: the chosen ones, or the arrivals of a date range. */
export type SesSelection = Pick<SesFileInput, 'kind' | 'pilgrimIds' | 'from' | 'to'>;

export interface FileAnswer {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

/** A file name safe in a Content-Disposition header: ASCII letters, digits, `.`, `-`, `_`. */
export const safeFileName = (name: string) =>
  name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'file';

const PDF_DOCUMENT_MAX_SIDE = 2000;
/** A signature fills a box of a few centimetres: 1,600 pixels across is more than print needs. */
const PDF_SIGNATURE_MAX_SIDE = 1600;

export function createDocumentsService(deps: DocumentsServiceDeps) {
  const { db, documents, pilgrims, audit, cipher, mailer, log } = deps;
  const renderer = deps.renderer ?? createRegistrationPdfRenderer();
  const now = deps.now ?? (() => new Date());
  const today = () => todayIso(now());
  /** Today by an establishment's own clock (decision 028): the Canary Islands keep theirs. */
  const dayOf = (place: { province?: string | null; postalCode?: string | null }, at = now()) =>
    todayIso(at, establishmentTimeZone(place));
  const batchSize = deps.exportBatchSize ?? 500;
  const mailLimiter = createLimiter({ max: SEND_PDF_PER_HOUR, windowMs: 60 * 60 * 1000 });

  // -------------------------------------------------------------------------------------------
  // PDF

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
    let found = isUuid(id) ? await documents.travelerInScope(id, scope) : null;
    if (!found) throw new AppError('PILGRIM_NOT_FOUND');
    if (found.row.reportSeq === null) {
      await pilgrims.numberIfMissing(id);
      found = (await documents.travelerInScope(id, scope))!;
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
    const stored = await documents.documentsOf(row.id, kinds);
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

  // -------------------------------------------------------------------------------------------
  // Export

  /**
   * The rows of a list of ids (at most EXPORT_MAX_IDS: the page on screen) in the order of that
   * list, so the file reads as the page did, whatever it was sorted by.
   */
  async function* inOrderOf(ids: readonly string[], source: AsyncIterable<ExportRow[]>) {
    const rows: ExportRow[] = [];
    for await (const batch of source) rows.push(...batch);
    const position = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    if (rows.length) yield rows;
  }

  /** The list's filters (every key of GET /api/pilgrims but paging, sorting and language). */
  function exportSelection(scope: Scope, query: ExportTravelersQuery): ExportSelection {
    const {
      format: _format,
      ids,
      sortBy: _sortBy,
      sortOrder: _sortOrder,
      lng: _lng,
      ...filter
    } = query;
    // The stay indicator filter by each traveler's establishment's day, as the list's.
    return { scope, filter: filter as TravelerFilter, ids, today: clockDays(now()) };
  }

  /**
   * The selection in keyset batches, as read (JSON text per row). The next batch is asked for
   * while the current one is being written (on PostgreSQL the query then runs meanwhile), and the
   * loop yields to the event loop between batches so that other requests get their turn (PGlite
   * runs queries on this thread).
   */
  async function* batches(
    selection: ExportSelection,
    order: 'asc' | 'desc',
  ): AsyncGenerator<ExportRow[]> {
    const fetch = (after: ExportCursor | null) => {
      const promise = documents.exportBatch(selection, order, after, batchSize);
      promise.catch(() => undefined); // observed below; not unhandled if the client went away
      return promise;
    };
    let next = fetch(null);
    for (;;) {
      const rows = await next;
      const full = rows.length === batchSize;
      if (full) {
        const last = rows[rows.length - 1]!;
        next = fetch({ entryDate: last.entryDate, id: last.id });
      }
      if (rows.length) yield rows;
      if (!full) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  // -------------------------------------------------------------------------------------------
  // Import

  /** The establishment an import goes to: the one given, or the caller's only one. */
  async function importTarget(actor: Actor, establishmentId: string | undefined) {
    const scope = scopeOf(actor);
    let id = establishmentId?.trim() || null;
    if (!id) {
      const mine = actor.role === 'admin' ? [] : await pilgrims.membershipsOf(actor.id);
      if (mine.length !== 1)
        throw new AppError('VALIDATION_FAILED', {
          details: [
            { field: 'establishmentId', message: '', code: 'validation.establishmentRequired' },
          ],
        });
      id = mine[0]!;
    }
    return establishmentInReach(id, scope);
  }

  /** The establishment, when the scope reaches it; 404 for any other id, malformed ones too. */
  async function establishmentInReach(id: string, scope: Scope) {
    const establishment = isUuid(id) ? await documents.establishmentInScope(id, scope) : null;
    if (!establishment) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    return establishment;
  }

  /** The import's target: the establishment, by its own clock (the Canary Islands keep theirs). */
  function importPlace(establishment: { id: string; province: string; postalCode: string }) {
    const timeZone = establishmentTimeZone(establishment);
    return { establishmentId: establishment.id, timeZone, today: todayIso(now(), timeZone) };
  }

  /**
   * Who a traveler of a stay is: their document number and entry date; for a minor without a
   * document, their name (without case or accents), birth date and entry date.
   */
  const travelerKey = (t: {
    passportNumber?: string | null;
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    entryDate: string;
  }) =>
    t.passportNumber
      ? `${t.passportNumber}|${t.entryDate}`
      : `~${normaliseSearchText(t.firstName)}|${normaliseSearchText(t.lastName)}|${t.dateOfBirth}|${t.entryDate}`;

  /** The keys (travelerKey) of the file's travelers already registered at the establishment. */
  async function registeredKeys(establishmentId: string, parsed: ParsedFile, tx: Db = db) {
    const records = parsed.rows.flatMap((r) => (r.record ? [r.record] : []));
    const numbers = records.flatMap((r) => (r.passportNumber ? [r.passportNumber] : []));
    const keys = await documents.existingDocumentKeys(establishmentId, numbers, tx);
    const undocumented = records.filter((r) => !r.passportNumber).map((r) => r.entryDate);
    for (const t of await documents.undocumentedOn(establishmentId, undocumented, tx))
      keys.add(travelerKey(t));
    return keys;
  }

  /**
   * Marks the valid rows that repeat an earlier row of the file, or a traveler already registered
   * at the establishment (travelerKey), as duplicates.
   */
  function markDuplicates(parsed: ParsedFile, existing: Set<string>, lng: Language) {
    const texts = documentTexts(lng).rowProblems;
    const seen = new Map<string, number>();
    const duplicates = new Set<ParsedRow>();
    for (const row of parsed.rows) {
      if (!row.record) continue;
      const key = travelerKey(row.record);
      const first = seen.get(key);
      if (existing.has(key)) {
        duplicates.add(row);
        row.errors.push({
          field: 'passportNumber',
          code: 'import.duplicate',
          message: texts.duplicate,
        });
      } else if (first !== undefined) {
        duplicates.add(row);
        row.errors.push({
          field: 'passportNumber',
          code: 'import.duplicateInFile',
          message: text(texts.duplicateInFile, { row: first }),
        });
      } else seen.set(key, row.row);
    }
    return duplicates;
  }

  function report(row: ParsedRow, duplicates: Set<ParsedRow>): ImportRowReport {
    return {
      row: row.row,
      status: duplicates.has(row) ? 'duplicate' : row.record ? 'valid' : 'invalid',
      errors: row.errors,
      values: row.values,
    };
  }

  function summary(parsed: ParsedFile, establishmentId: string, duplicates: Set<ParsedRow>) {
    const valid = parsed.rows.filter((r) => r.record && !duplicates.has(r)).length;
    return {
      format: parsed.format,
      establishmentId,
      total: parsed.rows.length,
      valid,
      invalid: parsed.rows.filter((r) => !r.record).length,
      duplicates: duplicates.size,
      ignoredColumns: parsed.ignoredColumns,
    };
  }

  // -------------------------------------------------------------------------------------------

  /**
   * What a SES.HOSPEDAJES request of an establishment holds (the file download and the send, of
   * modules/ses): its travelers, numbered, checked before the Ministry checks them, and the XML.
   * `skip` names travelers to leave out (already reported) with why (`ses.already<Reason>`); when
   * it leaves nobody, 409 SES_ALREADY_SENT lists them with it.
   */
  async function prepareSes(
    actor: Actor,
    establishmentId: string,
    input: SesSelection,
    context: { lng: Language },
    options: { skip?: (pilgrimIds: string[]) => Promise<Map<string, string>> } = {},
  ) {
    const scope = scopeOf(actor);
    const establishment = await establishmentInReach(establishmentId, scope);
    // Catalan and Basque lodgings report to the Mossos d'Esquadra or the Ertzaintza, and must
    // not also report to SES (reference ses-hospedajes.md §3, §6.9).
    const authority = reportingAuthority(establishment);
    if (authority !== 'ses')
      throw new AppError('SES_OTHER_AUTHORITY', {
        params: { authority: AUTHORITY_NAMES[authority] },
      });

    // The establishment's day (decision 028): the default arrivals, and the file's name.
    const day = dayOf(establishment);
    const ids = input.pilgrimIds ? [...new Set(input.pilgrimIds)] : null;
    const where = ids
      ? { ids }
      : input.from || input.to
        ? { from: input.from, to: input.to }
        : { from: day, to: day };
    // More than this cannot fit the 100 communications of one file anyway.
    const limit = 5000;
    let rows = await documents.travelersOfEstablishment(establishment.id, where, limit);
    if (ids && rows.length !== ids.length) throw new AppError('PILGRIM_NOT_FOUND');
    if (rows.length === 0) throw new AppError('SES_NO_TRAVELERS');
    let skipped: typeof rows = [];
    if (options.skip) {
      const sent = await options.skip(rows.map((r) => r.row.id));
      skipped = rows.filter((r) => sent.has(r.row.id));
      if (skipped.length === rows.length)
        throw new AppError('SES_ALREADY_SENT', {
          details: skipped.map((r) => ({
            field: `${r.row.id}.id`,
            message: '',
            code: `ses.already.${sent.get(r.row.id)}`,
            travelerId: r.row.id,
            travelerName: fullName(r.row),
          })),
        });
      rows = rows.filter((r) => !sent.has(r.row.id));
    }
    if (rows.some((r) => r.row.reportSeq === null)) {
      // One statement per traveler, in the list's order: never a counter held while another
      // traveler's row is locked (see numberIfMissing).
      for (const r of rows) if (r.row.reportSeq === null) await pilgrims.numberIfMissing(r.row.id);
      const keep = new Set(rows.map((r) => r.row.id));
      rows = (await documents.travelersOfEstablishment(establishment.id, where, limit)).filter(
        (r) => keep.has(r.row.id),
      );
    }

    // A self check-in not yet confirmed at the desk is no arrival yet (decision 033).
    const pending = await documents.awaitingConfirmation(rows.map((r) => r.row.id));
    const travelers = rows.map((r) => ({
      ...toSesTraveler(toTravelerView(r.row, r.establishmentName, day)),
      awaitingConfirmation: pending.has(r.row.id),
    }));
    const communications = sesStays(travelers).length;
    if (communications > SES_MAX_COMMUNICATIONS || rows.length >= limit)
      throw new AppError('SES_TOO_MANY_COMMUNICATIONS', {
        params: { max: SES_MAX_COMMUNICATIONS, count: communications },
      });
    const view = toEstablishmentView(establishment);
    const problems = preflightSes(travelers, view, { kind: input.kind });
    if (problems.length) {
      const names = new Map(travelers.map((t) => [t.id, fullName(t)]));
      const details: ErrorDetail[] = problems.map((p) => ({
        field: p.travelerId ? `${p.travelerId}.${p.field}` : p.field,
        message: sesProblemText(context.lng, p),
        code: p.code,
        travelerId: p.travelerId,
        ...(p.travelerId ? { travelerName: names.get(p.travelerId) ?? '' } : {}),
      }));
      throw new AppError('SES_PREFLIGHT_FAILED', { details });
    }
    const xml =
      input.kind === 'PV' ? buildPartesXml(view, travelers) : buildReservasXml(view, travelers);
    return { establishment, travelers, xml, day, skipped: skipped.length };
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
      if (mailLimiter.isBlocked(key))
        throw new AppError('TOO_MANY_REQUESTS', {
          params: { retryAfter: mailLimiter.retryAfterSeconds(key) },
        });
      const { pdf, view, establishment, lang } = await renderPdf(
        actor,
        id,
        language,
        context,
        'email',
      );
      mailLimiter.hit(key);

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

    /** GET /api/pilgrims/export: the file as a stream, with its row count. */
    async export(actor: Actor, query: ExportTravelersQuery, context: DocumentContext) {
      const selection = exportSelection(scopeOf(actor), query);
      // As the list: an establishment out of reach is not found (and its log gets no entry).
      const { establishmentId } = query;
      if (establishmentId) await establishmentInReach(establishmentId, selection.scope);
      const total = await documents.exportCount(selection);
      const order = query.sortOrder;
      const source = query.ids
        ? inOrderOf(query.ids, batches(selection, order))
        : batches(selection, order);
      // The days of each stay so far, by its establishment's own day (decision 028): at 23:30
      // in Las Palmas it is already tomorrow in Madrid. One day per place, worked out once.
      const at = now();
      const days = new Map<string, string>();
      const dayAt = (province: string, postalCode: string) => {
        const place = `${province}\u0000${postalCode}`;
        let day = days.get(place);
        if (day === undefined) {
          day = dayOf({ province, postalCode }, at);
          days.set(place, day);
        }
        return day;
      };
      const view = (r: ExportRow) =>
        toTravelerView(
          rowFromJson(r.json),
          r.establishmentName,
          dayAt(r.establishmentProvince, r.establishmentPostalCode),
        );
      const stream: Readable =
        query.format === 'csv'
          ? csvStream(EXPORT_COLUMNS, context.lng, source, view)
          : xlsxStream(EXPORT_COLUMNS, context.lng, source, view, log);
      await audit.record(context, {
        action: 'pilgrims.exported',
        entityType: 'pilgrim',
        entityId: null,
        establishmentId: query.establishmentId ?? null,
        details: {
          format: query.format,
          count: total,
          filters: Object.keys(selection.filter).filter(
            (k) => selection.filter[k as keyof TravelerFilter] !== undefined,
          ),
          ids: query.ids?.length ?? null,
        },
      });
      const name = `${documentTexts(context.lng).fileName}-${today()}.${query.format}`;
      return { stream, total, fileName: name };
    },

    /** GET /api/pilgrims/import/template: the header row and one example row. */
    async template(format: 'csv' | 'xlsx', lng: Language): Promise<FileAnswer> {
      async function* one() {
        yield [TEMPLATE_EXAMPLE];
      }
      const columns = TEMPLATE_COLUMNS.map((c) => ({
        ...c,
        get: (row: Record<string, CellValue>) => row[c.key] ?? null,
      }));
      const same = (row: Record<string, CellValue>) => row;
      const stream =
        format === 'csv'
          ? csvStream(columns, lng, one(), same)
          : xlsxStream(columns, lng, one(), same, log);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer | string));
      return {
        fileName: `${documentTexts(lng).templateFileName}.${format}`,
        contentType:
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: Buffer.concat(chunks),
      };
    },

    /** POST /api/pilgrims/import/preview: every row with its problems; nothing stored. */
    async importPreview(
      actor: Actor,
      file: Buffer,
      establishmentId: string | undefined,
      lng: Language,
    ) {
      const establishment = await importTarget(actor, establishmentId);
      const parsed = await parseImportFile(file, importPlace(establishment), lng);
      const existing = await registeredKeys(establishment.id, parsed);
      const duplicates = markDuplicates(parsed, existing, lng);
      return {
        ...summary(parsed, establishment.id, duplicates),
        rows: parsed.rows.map((r) => report(r, duplicates)),
      };
    },

    /**
     * POST /api/pilgrims/import: the valid rows in one transaction, each with the next report
     * number of its entry year; duplicates (in the file or already registered) and invalid rows are
     * skipped and reported. The establishment is locked against a concurrent import meanwhile, so
     * importing the same file twice, even at once, stores its travelers once.
     */
    async import(
      actor: Actor,
      file: Buffer,
      establishmentId: string | undefined,
      context: DocumentContext,
    ) {
      const { lng } = context;
      const establishment = await importTarget(actor, establishmentId);
      const parsed = await parseImportFile(file, importPlace(establishment), lng);
      const { duplicates, ids } = await db.transaction(async (tx) => {
        await documents.lockEstablishmentForImport(establishment.id, tx);
        const existing = await registeredKeys(establishment.id, parsed, tx);
        const duplicates = markDuplicates(parsed, existing, lng);
        const rows = parsed.rows.filter((r) => r.record && !duplicates.has(r));
        const byYear = new Map<number, ParsedRow[]>();
        for (const row of rows) {
          const year = reportYearOf(row.record!.entryDate);
          byYear.set(year, [...(byYear.get(year) ?? []), row]);
        }
        const numbers = new Map<ParsedRow, { reportYear: number; reportSeq: number }>();
        for (const [year, group] of byYear) {
          const first = await pilgrims.allocateReportNumbers(
            establishment.id,
            year,
            group.length,
            tx,
          );
          group.forEach((row, i) => numbers.set(row, { reportYear: year, reportSeq: first + i }));
        }
        const values = rows.map((row) => ({
          id: uuidv7(),
          createdBy: actor.id,
          source: 'import',
          ...valuesFromRecord(row.record!),
          ...numbers.get(row)!,
        }));
        await documents.insertMany(values, tx);
        for (let i = 0; i < values.length; i += 1000) {
          await audit.record(
            context,
            values.slice(i, i + 1000).map((v) => ({
              action: 'pilgrim.created' as const,
              entityType: 'pilgrim' as const,
              entityId: v.id,
              establishmentId: establishment.id,
              details: { source: 'import' },
            })),
            tx,
          );
        }
        return { duplicates, ids: values.map((v) => v.id) };
      });
      if (ids.length) deps.counts?.changed();
      const base = summary(parsed, establishment.id, duplicates);
      const skipped = parsed.rows
        .filter((r) => !r.record || duplicates.has(r))
        .map((r) => {
          const { values: _values, ...rest } = report(r, duplicates);
          return rest;
        });
      return {
        ...base,
        imported: ids.length,
        pilgrimIds: ids,
        skipped,
        message: text(documentTexts(lng).imported, {
          imported: ids.length,
          skipped: skipped.length,
        }),
      };
    },

    prepareSes,

    /** POST /api/establishments/{id}/ses-xml. */
    async sesFile(
      actor: Actor,
      establishmentId: string,
      input: SesFileInput,
      context: DocumentContext,
    ): Promise<FileAnswer & { count: number }> {
      const { establishment, travelers, xml, day } = await prepareSes(
        actor,
        establishmentId,
        input,
        context,
      );
      await audit.record(context, {
        action: 'establishment.ses_file_generated',
        entityType: 'establishment',
        entityId: establishment.id,
        establishmentId: establishment.id,
        details: { kind: input.kind, format: input.format, pilgrimIds: travelers.map((t) => t.id) },
      });
      const base = `${input.kind === 'PV' ? 'partes' : 'reservas'}-${safeFileName(establishment.establishmentCode ?? 'sin-codigo')}-${day}`;
      return input.format === 'solicitud'
        ? {
            fileName: `${base}.solicitud.txt`,
            contentType: 'text/plain; charset=utf-8',
            body: toSolicitud(xml, { date: now() }),
            count: travelers.length,
          }
        : {
            fileName: `${base}.xml`,
            contentType: 'application/xml; charset=utf-8',
            body: xml,
            count: travelers.length,
          };
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
