/**
 * Writers of the traveler file: CSV (csv.ts) and XLSX (exceljs's streaming WorkbookWriter), both
 * streamed batch by batch from an async source, so memory stays flat whatever the row count.
 */
import { once } from 'node:events';
import { PassThrough, Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { TravelerColumn, TravelerColumnType } from '@hospes/shared/documents';
import type { Language } from '@hospes/shared/languages';
import type { CellValue } from './columns';
import { CSV_BOM, csvLine } from './csv';
import { codeWord } from './code-words';
import { columnLabel, documentTexts } from '../texts';

/** Batches of raw items, each turned into what the columns read just before it is written. */
type Source<S> = AsyncIterable<S[]>;

/**
 * A cell as text: dates `YYYY-MM-DD`, date-times `YYYY-MM-DDTHH:mm:ss`; yes/no and the codes
 * (Mujer, Hermano/a, Efectivo…) as words of the language.
 */
function textOf(value: CellValue, lng: Language, key: string, type?: TravelerColumnType): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? documentTexts(lng).yes : documentTexts(lng).no;
  if (type === 'code' && typeof value === 'string') return codeWord(lng, key, value);
  return String(value);
}

export function csvStream<S, T>(
  columns: readonly { key: string; type?: TravelerColumnType; get: (item: T) => CellValue }[],
  lng: Language,
  source: Source<S>,
  prepare: (raw: S) => T,
): Readable {
  async function* lines() {
    yield CSV_BOM + csvLine(columns.map((c) => columnLabel(lng, c.key)));
    for await (const batch of source) {
      let chunk = '';
      for (const raw of batch) {
        const item = prepare(raw);
        chunk += csvLine(columns.map((c) => textOf(c.get(item), lng, c.key, c.type)));
      }
      yield chunk;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * The writable the worksheet's XML goes into (exceljs 4.4.0 internals: the sheet's StreamBuf
 * pipes into the zip entry's deflate stream); null when it is not there (yet).
 */
function sheetInput(sheet: ExcelJS.Worksheet): Writable | null {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const target = stream?.pipes?.[0];
  return target instanceof Writable ? target : null;
}

/** Waits until `stream` wants more data (or `closer` closed: the client went away). */
async function drained(stream: Writable | null, closer: PassThrough): Promise<void> {
  if (!stream || !stream.writableNeedDrain || closer.destroyed) return;
  await Promise.race([once(stream, 'drain'), once(closer, 'close')]);
}

const DATE_FORMAT = 'dd/mm/yyyy';
const WIDTHS: Partial<Record<TravelerColumn['type'], number>> = {
  date: 12,
  dateTime: 20,
  number: 10,
  boolean: 10,
};

/** A `YYYY-MM-DD` date as the Date exceljs stores as that day (it counts days in UTC). */
function excelDate(value: string): Date | string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : value;
}

/**
 * The XLSX file as a stream. Each cell of a column shares one style object: exceljs then finds
 * the style in its cache instead of serialising it again for every cell (about 3× faster).
 */
export function xlsxStream<S, T>(
  columns: readonly (TravelerColumn & { get: (item: T) => CellValue })[],
  lng: Language,
  source: Source<S>,
  prepare: (raw: S) => T,
  log: { error(obj: unknown, msg: string): void },
): Readable {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const texts = documentTexts(lng);

  async function write() {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    workbook.creator = 'Hospes';
    const sheet = workbook.addWorksheet(texts.sheetName, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((c) => ({
      header: columnLabel(lng, c.key),
      key: c.key,
      width: WIDTHS[c.type] ?? Math.min(30, Math.max(12, columnLabel(lng, c.key).length + 2)),
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    const dateStyle: Partial<ExcelJS.Style> = { numFmt: DATE_FORMAT };
    const plainStyle: Partial<ExcelJS.Style> = {};
    const styles = columns.map((c) => (c.type === 'date' ? dateStyle : plainStyle));

    for await (const batch of source) {
      if (out.destroyed) return;
      for (const raw of batch) {
        const item = prepare(raw);
        // An empty cell is left out (undefined), not written as a null cell: exceljs would give
        // every null cell a style of its own.
        const values = columns.map((c) => {
          const value = c.get(item);
          if (value === null || value === '') return undefined;
          if (c.type === 'date' && typeof value === 'string') return excelDate(value);
          if (typeof value === 'boolean') return value ? texts.yes : texts.no;
          if (c.type === 'code' && typeof value === 'string') return codeWord(lng, c.key, value);
          return value;
        });
        const row = sheet.addRow(values);
        row.eachCell((cell, index) => {
          cell.style = styles[index - 1]!;
        });
        row.commit();
      }
      // Wait for the compression and the client to catch up rather than pile the file up in
      // memory: exceljs hands the sheet's XML to the zip's deflate stream without backpressure,
      // so that stream's buffer (and, behind it, the response's) is what tells us to wait.
      await drained(sheetInput(sheet), out);
      await drained(out, out);
    }
    sheet.commit();
    await workbook.commit();
  }

  write().catch((error: unknown) => {
    log.error({ err: error }, 'xlsx export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
