/**
 * Reading a traveler file (CSV or XLSX, recognised by its content) into rows of the import
 * schema, each with its problems. Pure apart from reading the bytes: the service checks the rows
 * against the database (duplicates) and stores them.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  ImportRowSchema,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNPACKED_BYTES,
  REQUIRED_IMPORT_COLUMNS,
  TRAVELER_COLUMNS,
  type ImportFormat,
  type ImportRow,
  type TravelerColumnType,
} from '@hospes/shared/documents';
import type { ErrorDetail } from '@hospes/shared/errors';
import { bcp47Of, LANGUAGES, type Language } from '@hospes/shared/languages';
import {
  alpha2FromAlpha3,
  alpha3FromAlpha2,
  COUNTRY_CODES,
  isCountryCode,
} from '@hospes/shared/countries';
import { normaliseSearchText } from '@hospes/shared/search';
import { validationMessage } from '@hospes/shared/messages';
import { localDateTimeOf } from '@hospes/shared/dates';
import { withReportDefaults, type ReportDefaults } from '@hospes/shared/report-defaults';
import { travelerRecordIssues } from '@hospes/shared/travelers';
import { AppError } from '../../../lib/app-error';
import { recordFromCreateInput, type TravelerRecord } from '../../travelers';
import { decodeCsvText, parseCsv, unguardCell } from './csv';
import { codeOfWord, wordsOf } from './code-words';
import { checkZipBudget } from './zip-budget';
import {
  columnLabel,
  DOCUMENT_TEXTS,
  documentTexts,
  HEADER_TO_COLUMN,
  headerKey,
  text,
} from '../texts';

const COLUMN_TYPES = new Map(TRAVELER_COLUMNS.map((c) => [c.key, c] as const));

export interface RowProblem extends ErrorDetail {
  column?: string;
}

export interface ParsedRow {
  /** The row in the sheet (the header is row 1 when it is the first line). */
  row: number;
  /** Cell texts by column key, as read (normalised dates, no formula guard). */
  values: Record<string, string>;
  errors: RowProblem[];
  /** The complete record (defaults applied) when the row is valid. */
  record: TravelerRecord | null;
}

export interface ParsedFile {
  format: ImportFormat;
  /** Headers that match no column. */
  ignoredColumns: string[];
  rows: ParsedRow[];
}

const fileError = (lng: Language, reason: string, details?: ErrorDetail[]) =>
  new AppError('IMPORT_FILE_INVALID', { params: { reason }, details });

/** ZIP (an .xlsx is one), else text; the old binary .xls and anything else are refused. */
export function sniffFormat(bytes: Buffer): ImportFormat | null {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return 'xlsx';
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0) return null; // OLE2: .xls
  return decodeCsvText(bytes) === null ? null : 'csv';
}

// ---------------------------------------------------------------------------------------------
// Cells

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const YMD_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;
/** A moment with its offset (`…Z`, `…+02:00`), as other software exports one. */
const INSTANT =
  /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const pad = (v: string | number) => String(v).padStart(2, '0');

/** Excel's day number (1900 system) → `YYYY-MM-DD[THH:mm:ss]`. */
function fromExcelSerial(serial: number, withTime: boolean): string {
  const ms = Math.round((serial - 25569) * 86_400_000);
  const iso = new Date(ms).toISOString();
  return withTime ? iso.slice(0, 19) : iso.slice(0, 10);
}

/** A date typed the Spanish way (`12/04/1985`) or with a time, as the API wants it. */
/** The columns that hold a moment of the stay (a birth or expedition date is a calendar date). */
const STAY_MOMENTS = new Set(['entryDate', 'checkOutDate']);

function normaliseText(
  value: string,
  type: TravelerColumnType,
  key: string,
  timeZone: string,
): string {
  // A moment of the stay with an offset is a moment, not a local time: written as the local time
  // of the establishment (its clock: the Canary Islands keep their own), so that 22:30 UTC on
  // 1 June is the entry of 2 June at 00:30 on the mainland (SES reads local times).
  // A calendar date with an offset (1985-04-12T00:00:00+03:00) keeps the date written.
  if ((type === 'dateTime' || STAY_MOMENTS.has(key)) && INSTANT.test(value)) {
    const iso = value
      .replace(' ', 'T')
      .replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
      .replace(/([+-]\d{2})$/, '$1:00');
    const instant = new Date(iso);
    if (!Number.isNaN(instant.getTime())) {
      const local = localDateTimeOf(instant, timeZone);
      return type === 'date' ? local.slice(0, 10) : local;
    }
  }
  if (type === 'date') {
    const dmy = DMY.exec(value);
    if (dmy && !dmy[4]) return `${dmy[3]}-${pad(dmy[2]!)}-${pad(dmy[1]!)}`;
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return value.slice(0, 10);
  }
  if (type === 'dateTime') {
    const dmy = DMY.exec(value);
    if (dmy)
      return `${dmy[3]}-${pad(dmy[2]!)}-${pad(dmy[1]!)}T${pad(dmy[4] ?? '0')}:${dmy[5] ?? '00'}:${dmy[6] ?? '00'}`;
    const ymd = YMD_TIME.exec(value);
    if (ymd) return `${ymd[1]}T${ymd[2]}:${ymd[3]}:${ymd[4] ?? '00'}`;
  }
  // The code, or the word of any of the 16 languages (Hospes' own files write one), to the code.
  if (type === 'code') return codeOfWord(key, value) ?? value;
  if (COUNTRY_COLUMNS.has(key)) return countryCodeOf(value) ?? value;
  return value;
}

const COUNTRY_COLUMNS = new Set(['nationality', 'address.country']);

let countryNames: Map<string, string> | undefined;
/**
 * Every country's name in the 16 languages (as Intl names them: Alemania, Germany, Allemagne…)
 * to its ISO alpha-3 code; a name two countries share in different languages is left out.
 */
function countryNameMap(): Map<string, string> {
  if (countryNames) return countryNames;
  const names = new Map<string, string>();
  const shared = new Set<string>();
  for (const lng of LANGUAGES) {
    const display = new Intl.DisplayNames([bcp47Of(lng)], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) {
      const alpha2 = alpha2FromAlpha3(code);
      const name = alpha2 ? display.of(alpha2) : undefined;
      if (!name) continue;
      const key = normaliseSearchText(name);
      if (names.has(key) && names.get(key) !== code) shared.add(key);
      else names.set(key, code);
    }
  }
  for (const key of shared) names.delete(key);
  countryNames = names;
  return names;
}

/**
 * A country as files from other tools write it: the ISO alpha-3 code, the alpha-2 code (DE) or
 * the country's name in one of the 16 languages; undefined when none of these.
 */
function countryCodeOf(value: string): string | undefined {
  const upper = value.trim().toUpperCase();
  if (isCountryCode(upper)) return upper;
  if (/^[A-Z]{2}$/.test(upper)) return alpha3FromAlpha2(upper);
  return countryNameMap().get(normaliseSearchText(value));
}

/** An XLSX cell's value as text for a column of this type. */
function xlsxCellText(value: unknown, type: TravelerColumnType): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return type === 'dateTime' ? iso.slice(0, 19) : iso.slice(0, 10);
  }
  if (typeof value === 'number') {
    if ((type === 'date' || type === 'dateTime') && value > 0 && value < 100_000)
      return fromExcelSerial(value, type === 'dateTime');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return xlsxCellText(v.text, type);
    if (v.result !== undefined) return xlsxCellText(v.result, type);
  }
  return '';
}

// ---------------------------------------------------------------------------------------------
// Files → raw rows

interface RawRow {
  row: number;
  cells: unknown[];
}

function readCsvRows(bytes: Buffer, lng: Language): RawRow[] {
  const textContent = decodeCsvText(bytes);
  if (textContent === null) throw new AppError('IMPORT_FILE_UNSUPPORTED');
  const rows: RawRow[] = [];
  let line = 0;
  for (const record of parseCsv(textContent)) {
    line++;
    if (record.every((cell) => cell.trim() === '')) continue;
    rows.push({ row: line, cells: record.map(unguardCell) });
    // The header and one row over the limit are enough to refuse the file.
    if (rows.length > IMPORT_MAX_ROWS + 1) break;
  }
  if (rows.length === 0) throw fileError(lng, documentTexts(lng).importFile.noRows);
  return rows;
}

async function readXlsxRows(bytes: Buffer, lng: Language): Promise<RawRow[]> {
  const unreadable = () =>
    fileError(lng, text(documentTexts(lng).importFile.unreadable, { format: 'Excel (.xlsx)' }));
  // Unpacked with a ceiling first: the reader keeps every cell, and a zip bomb would exhaust memory.
  const verdict = checkZipBudget(bytes, IMPORT_MAX_UNPACKED_BYTES);
  if (verdict === 'invalid') throw unreadable();
  if (verdict === 'tooLarge')
    throw fileError(
      lng,
      text(documentTexts(lng).importFile.unpackedTooLarge, {
        max: IMPORT_MAX_UNPACKED_BYTES / (1024 * 1024),
      }),
    );
  const rows: RawRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    sheets: for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells = (row.values as unknown[]).slice(1);
        if (cells.every((c) => xlsxCellText(c, 'text').trim() === '')) continue;
        rows.push({ row: row.number, cells });
        if (rows.length > IMPORT_MAX_ROWS + 1) break sheets;
      }
      break; // the first worksheet only
    }
  } catch (error) {
    throw new AppError('IMPORT_FILE_INVALID', {
      cause: error,
      params: {
        reason: text(documentTexts(lng).importFile.unreadable, { format: 'Excel (.xlsx)' }),
      },
    });
  }
  if (rows.length === 0) throw fileError(lng, documentTexts(lng).importFile.noRows);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Rows → records

// Also the words every language's export writes for yes and no, so any export re-imports; case
// and accents aside (SÍ, nao).
const TRUE_WORDS = new Set(
  [
    ...['si', 'yes', 'true', '1', 'x', 'verdadero', 's', 'y'],
    ...Object.values(DOCUMENT_TEXTS).map((t) => t.yes),
  ].map((w) => normaliseSearchText(w)),
);
const FALSE_WORDS = new Set(
  [...['no', 'false', '0', 'falso', 'n'], ...Object.values(DOCUMENT_TEXTS).map((t) => t.no)].map(
    (w) => normaliseSearchText(w),
  ),
);

function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  let node = target;
  for (const part of path.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/** Where the rows go: the establishment, its clock (IANA time zone) and today's date by it. */
export interface ImportTarget {
  establishmentId: string;
  timeZone: string;
  today: string;
  /** What a row without a check-out or a payment type takes (decision 042). */
  reportDefaults?: ReportDefaults;
}

/**
 * Reads a file: header row, then every row parsed into the import schema and checked with the
 * record rules (the establishment's `today` decides the defaults). Throws a 4xx AppError for a
 * file that cannot be read as a whole (type, header, size).
 */
export async function parseImportFile(
  bytes: Buffer,
  target: ImportTarget,
  lng: Language,
): Promise<ParsedFile> {
  const format = sniffFormat(bytes);
  if (!format) throw new AppError('IMPORT_FILE_UNSUPPORTED');
  const raw = format === 'csv' ? readCsvRows(bytes, lng) : await readXlsxRows(bytes, lng);
  const texts = documentTexts(lng);

  // Header: each cell to a column key (by key or by label in any language).
  const [headerRow, ...dataRows] = raw;
  const headers = headerRow!.cells.map((c) => xlsxCellText(c, 'text').trim());
  const keys = headers.map((h) => HEADER_TO_COLUMN.get(headerKey(h)) ?? null);
  const ignoredColumns = headers.filter((h, i) => h && !keys[i]);
  const headerOf = new Map<string, string>();
  keys.forEach((key, i) => {
    if (key && !headerOf.has(key)) headerOf.set(key, headers[i]!);
  });
  if (headerOf.size === 0) throw fileError(lng, texts.importFile.noHeader);
  const missing = REQUIRED_IMPORT_COLUMNS.filter((key) => !headerOf.has(key));
  if (missing.length) {
    const labels = missing.map((key) => `«${columnLabel(lng, key)}»`);
    throw fileError(
      lng,
      text(texts.importFile.missingColumns, { columns: labels.join(', ') }),
      missing.map((key) => ({
        field: key,
        code: 'import.missingColumn',
        message: text(texts.importFile.missingColumn, { column: columnLabel(lng, key) }),
      })),
    );
  }
  if (dataRows.length === 0) throw fileError(lng, texts.importFile.noRows);
  if (dataRows.length > IMPORT_MAX_ROWS)
    throw fileError(lng, text(texts.importFile.tooManyRows, { max: IMPORT_MAX_ROWS }));

  const importable = keys.map((key) => (key && COLUMN_TYPES.get(key)?.importable ? key : null));
  const spanishSexCodes = writesSexTheSpanishWay(dataRows, importable.indexOf('gender'));
  const rows = dataRows.map((raw) =>
    parseRow(raw, importable, headerOf, target, lng, spanishSexCodes),
  );
  return { format, ignoredColumns, rows };
}

/**
 * Whether a file writes the sex as SES and the Spanish police do, `H` (hombre) and `M` (mujer):
 * its column holds an `H` and never an `F`. Everywhere else, Hospes' own exports included, `M` is
 * male and `F` female (spec §3), so such a file would otherwise turn every woman into a man.
 */
function writesSexTheSpanishWay(rows: RawRow[], column: number): boolean {
  if (column < 0) return false;
  let h = false;
  for (const raw of rows) {
    const code = xlsxCellText(raw.cells[column], 'text').trim().toUpperCase();
    if (code === 'F' || code === 'FEMALE') return false;
    if (code === 'H') h = true;
  }
  return h;
}

function parseRow(
  raw: RawRow,
  keys: (string | null)[],
  headerOf: Map<string, string>,
  { establishmentId, timeZone, today, reportDefaults }: ImportTarget,
  lng: Language,
  spanishSexCodes: boolean,
): ParsedRow {
  const values: Record<string, string> = {};
  const errors: RowProblem[] = [];
  const problem = (field: string, code: string, message?: string) =>
    errors.push({
      field,
      code,
      message: message ?? validationMessage(lng, code),
      column: headerOf.get(field) ?? columnFor(field, headerOf),
    });
  // contactInfo and emergencyContact are required: present (maybe empty) so errors name the field.
  const input: Record<string, unknown> = { contactInfo: {}, emergencyContact: {} };

  keys.forEach((key, index) => {
    if (!key || values[key] !== undefined) return;
    const type = COLUMN_TYPES.get(key)!.type;
    const written = xlsxCellText(raw.cells[index], type).trim();
    const cell = normaliseText(written, type, key, timeZone);
    values[key] = cell;
    if (cell === '') return;
    let value: unknown = cell;
    // The letter M written in a file of Spanish codes (not the M a word such as Hombre became).
    if (key === 'gender' && spanishSexCodes && written.toUpperCase() === 'M') {
      value = 'F';
      values[key] = 'F';
    }
    if (type === 'boolean') {
      const word = normaliseSearchText(cell);
      if (TRUE_WORDS.has(word)) value = true;
      else if (FALSE_WORDS.has(word)) value = false;
      else {
        problem(key, 'import.booleanInvalid', documentTexts(lng).rowProblems.booleanInvalid);
        return;
      }
    }
    setPath(input, key.split('.'), value);
  });

  const parsed = ImportRowSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A length's limit goes into its message ("at most 50 characters").
      const { minimum, maximum } = issue as { minimum?: unknown; maximum?: unknown };
      const field = issue.path.join('.');
      let message = validationMessage(lng, issue.message, { minimum, maximum });
      // A word the import does not know in a coded column: say which the file's language writes.
      const words = issue.message === 'validation.invalidOption' ? wordsOf(lng, field) : [];
      if (words.length > 0) message = `${message}: ${words.join(', ')}`;
      problem(field, issue.message, message);
    }
  }
  if (!parsed.success || errors.length) return { row: raw.row, values, errors, record: null };
  // The sex as it will be stored, so that the preview shows how a code was read (M: male, or
  // female in a file that writes H and M).
  if (parsed.data.gender) values.gender = parsed.data.gender;

  const given = recordFromCreateInput(parsed.data as ImportRow, establishmentId, today);
  const record = reportDefaults ? withReportDefaults(given, reportDefaults) : given;
  for (const issue of travelerRecordIssues(record, today, { complete: true }))
    problem(issue.path.join('.'), issue.message);
  return { row: raw.row, values, errors, record: errors.length ? null : record };
}

/** The header of the column holding a field, or of the first column inside a group. */
function columnFor(field: string, headerOf: Map<string, string>): string | undefined {
  for (const [key, header] of headerOf) if (key.startsWith(`${field}.`)) return header;
  return undefined;
}
