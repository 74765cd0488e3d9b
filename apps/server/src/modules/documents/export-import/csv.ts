/**
 * CSV as Excel in Spain reads and writes it: UTF-8 with a byte-order mark, `;` between fields
 * (Spanish Excel uses the comma as the decimal separator, so it splits on `;`), CRLF line ends,
 * RFC 4180 quoting. Reading also accepts `,` or tab (whichever the header row uses), LF or CR
 * line ends, and Windows-1252 text (what Excel saves as "CSV (delimitado por comas)").
 */

export const CSV_DELIMITER = ';';
export const CSV_BOM = '\uFEFF';

/**
 * A text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe (OWASP "CSV injection"); `unguardCell` takes it away again on import.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const NEEDS_QUOTES = /[;,"\r\n]|^\s|\s$/;

export function csvField(value: string): string {
  if (value === '') return value;
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(CSV_DELIMITER)}\r\n`;
}

export function unguardCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1))
    ? value.slice(1)
    : value;
}

/** The text of a CSV file: UTF-8 (BOM dropped), else Windows-1252; null when it is not text. */
export function decodeCsvText(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  // Control characters other than tab, LF and CR: a binary file, not a CSV.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f)
      return null;
  }
  return text;
}

/** The delimiter of the first line: the most frequent of `;`, `,` and tab outside quotes. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = CSV_DELIMITER;
  for (const [delimiter, n] of counts) if (n > counts.get(best)!) best = delimiter;
  return best;
}

/** The records of a CSV text (RFC 4180; quoted fields may hold delimiters, quotes and line ends). */
export function* parseCsv(text: string, delimiter = detectDelimiter(text)): Generator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) {
      record.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      record.push(field);
      yield record;
      record = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else field += ch;
    i++;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    yield record;
  }
}
