/**
 * The traveler file: the export of the list (CSV or Excel, streamed), the import template, and the
 * import of a file (checked row by row, then stored in one transaction).
 */
import type { Readable } from 'node:stream';
import { todayIso } from '@hospes/shared/dates';
import { reportDefaultsOf } from '@hospes/shared/report-defaults';
import type { ExportTravelersQuery, ImportRowReport } from '@hospes/shared/documents';
import type { Language } from '@hospes/shared/languages';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import { normaliseSearchText } from '@hospes/shared/search';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { uuidv7 } from '../../../lib/ids';
import type { Actor } from '../../../plugins/auth';
import type { AuditRepository } from '../../audit';
import { clockDays } from '../../establishments';
import { isUuid, scopeOf, type Scope } from '../../../db/scope';
import {
  valuesFromRecord,
  rowFromJson,
  type TravelerFilter,
  type TravelerNumbering,
  reportYearOf,
  type TravelerCounts,
} from '../../travelers';
import { EXPORT_COLUMNS, TEMPLATE_COLUMNS, TEMPLATE_EXAMPLE, type CellValue } from './columns';
import { csvStream, xlsxStream } from './export';
import { parseImportFile, type ParsedFile, type ParsedRow } from './import';
import { documentTexts, text } from '../texts';
import { toTravelerView } from '../traveler-view';
import type { DocumentContext, FileAnswer } from '../file-answer';
import type {
  ExportCursor,
  ExportImportRepository,
  ExportRow,
  ExportSelection,
} from './export-import.repository';

export interface ExportImportServiceDeps {
  db: Db;
  files: ExportImportRepository;
  numbering: Pick<TravelerNumbering, 'allocateReportNumbers' | 'membershipsOf'>;
  audit: AuditRepository;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
  now?: () => Date;
  /** Rows per export query (default 500: measured best for time and memory, docs/benchmarks-export.md). */
  exportBatchSize?: number;
  /** The kept list totals (modules/travelers/traveler-counts): an import changes them. */
  counts?: Pick<TravelerCounts, 'changed'>;
}

export function createExportImportService(deps: ExportImportServiceDeps) {
  const { db, files, numbering, audit, log } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => todayIso(now());
  /** Today by an establishment's own clock (decision 028): the Canary Islands keep theirs. */
  const dayOf = (place: { province?: string | null; postalCode?: string | null }, at = now()) =>
    todayIso(at, establishmentTimeZone(place));
  const batchSize = deps.exportBatchSize ?? 500;

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
      const promise = files.exportBatch(selection, order, after, batchSize);
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
      const mine = actor.role === 'admin' ? [] : await numbering.membershipsOf(actor.id);
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
    const establishment = isUuid(id) ? await files.establishmentInScope(id, scope) : null;
    if (!establishment) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    return establishment;
  }

  /** The import's target: the establishment, by its own clock (the Canary Islands keep theirs). */
  function importPlace(establishment: {
    id: string;
    province: string;
    postalCode: string;
    defaultPaymentType: string | null;
    walkInNights: number | null;
  }) {
    const timeZone = establishmentTimeZone(establishment);
    return {
      establishmentId: establishment.id,
      timeZone,
      today: todayIso(now(), timeZone),
      // What a row leaves empty takes the establishment's report defaults (decision 042).
      reportDefaults: reportDefaultsOf(establishment),
    };
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
    const keys = await files.existingDocumentKeys(establishmentId, numbers, tx);
    const undocumented = records.filter((r) => !r.passportNumber).map((r) => r.entryDate);
    for (const t of await files.undocumentedOn(establishmentId, undocumented, tx))
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

  return {
    /** GET /api/pilgrims/export: the file as a stream, with its row count. */
    async export(actor: Actor, query: ExportTravelersQuery, context: DocumentContext) {
      const selection = exportSelection(scopeOf(actor), query);
      // As the list: an establishment out of reach is not found (and its log gets no entry).
      const { establishmentId } = query;
      if (establishmentId) await establishmentInReach(establishmentId, selection.scope);
      const total = await files.exportCount(selection);
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
        await files.lockEstablishmentForImport(establishment.id, tx);
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
          const first = await numbering.allocateReportNumbers(
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
        await files.insertMany(values, tx);
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
  };
}
export type ExportImportService = ReturnType<typeof createExportImportService>;
