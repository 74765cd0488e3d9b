import type { Report } from '@hospes/shared/admin';
import type { DocumentType } from '@hospes/shared/codes';
import { alpha2FromAlpha3 } from '@hospes/shared/countries';
import type { Language } from '@hospes/shared/languages';
import { bcp47Of } from '@hospes/shared/languages';

/**
 * The report as a CSV file for spreadsheets: UTF-8 with a byte-order mark (so Excel reads the
 * accents), `;` between fields (what Excel expects where the decimal mark is a comma, as in
 * Spain), CRLF line ends and RFC 4180 quoting. One table with a `section` column: the total,
 * then one row per month, establishment, nationality and document type.
 */
export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';

interface CsvTexts {
  header: [string, string, string, string];
  total: string;
  month: string;
  establishment: string;
  nationality: string;
  documentType: string;
  allEstablishments: string;
  documentTypes: Record<DocumentType, string>;
}

const TEXTS: Partial<Record<Language, CsvTexts>> & { es: CsvTexts } = {
  es: {
    header: ['Sección', 'Código', 'Descripción', 'Registros'],
    total: 'Total',
    month: 'Mes',
    establishment: 'Establecimiento',
    nationality: 'Nacionalidad',
    documentType: 'Tipo de documento',
    allEstablishments: 'Todos los establecimientos',
    documentTypes: {
      D: 'DNI',
      P: 'Pasaporte',
      C: 'Permiso de conducir',
      I: 'Documento de identidad',
      N: 'Permiso de residencia español',
      X: 'Permiso de residencia UE',
    },
  },
  en: {
    header: ['Section', 'Code', 'Label', 'Registrations'],
    total: 'Total',
    month: 'Month',
    establishment: 'Establishment',
    nationality: 'Nationality',
    documentType: 'Document type',
    allEstablishments: 'All establishments',
    documentTypes: {
      D: 'DNI (Spanish ID)',
      P: 'Passport',
      C: 'Driving license',
      I: 'ID card',
      N: 'Spanish residence permit',
      X: 'EU residence permit',
    },
  },
};

/**
 * One field: a text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets
 * a leading apostrophe; a field holding the separator, a quote or a line break is quoted.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function countryName(code: string, lng: Language): string {
  const alpha2 = alpha2FromAlpha3(code);
  if (!alpha2) return code;
  try {
    return new Intl.DisplayNames([bcp47Of(lng), 'es'], { type: 'region' }).of(alpha2) ?? code;
  } catch {
    return code;
  }
}

function monthName(month: string, lng: Language): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  try {
    return new Intl.DateTimeFormat([bcp47Of(lng), 'es'], {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year, index - 1, 1)));
  } catch {
    return month;
  }
}

export function reportToCsv(report: Report, lng: Language): Buffer {
  const t = TEXTS[lng] ?? TEXTS.es;
  const rows: (string | number)[][] = [t.header];
  rows.push([
    t.total,
    `${report.from}/${report.to}`,
    report.establishment?.name ?? t.allEstablishments,
    report.total,
  ]);
  for (const row of report.byMonth)
    rows.push([t.month, row.month, monthName(row.month, lng), row.count]);
  for (const row of report.byEstablishment)
    rows.push([t.establishment, row.establishmentId, row.name, row.count]);
  for (const row of report.byNationality)
    rows.push([t.nationality, row.nationality, countryName(row.nationality, lng), row.count]);
  for (const row of report.byDocumentType)
    rows.push([t.documentType, row.documentType, t.documentTypes[row.documentType], row.count]);
  const text = rows.map((row) => row.map(csvField).join(CSV_SEPARATOR)).join('\r\n');
  return Buffer.from(`${BOM}${text}\r\n`, 'utf8');
}
