/**
 * Machine-readable zones (ICAO 9303) and their mapping onto the traveler form (spec §5, §7).
 * Pure: no I/O. The OCR adapter (apps/server/src/lib/ocr) finds and cleans the lines; this file
 * parses them, checks the check digits and maps the fields.
 *
 * Formats: TD1 (ID cards, 3 × 30), TD2 (2 × 36), TD3 (passports, 2 × 44) and the pre-2021 French
 * national ID card (2 × 36, not ICAO). Our own parser rather than the `mrz` package: that one
 * rejects sex `X` (allowed by ICAO since 2021), rejects state codes missing from its table (the
 * ICAO specimen `UTO`) and does not read Spanish DNI/NIE numbers; here validity is the check
 * digits only, and every other judgement is left to the mapping and to the person confirming.
 */
import { DOCUMENT_TYPES, type DocumentType } from './codes';
import { confirmMrz, type MrzEvidence } from './mrz-confirmation';
import { isValidDni, isValidNie } from './spanish-ids';
import { z } from './zod';

export const MRZ_FORMATS = ['TD1', 'TD2', 'TD3', 'FRENCH_NATIONAL_ID', 'MRV_A', 'MRV_B'] as const;
export type MrzFormat = (typeof MRZ_FORMATS)[number];

/** Lines × characters per line of each format. */
export const MRZ_SHAPES: Record<MrzFormat, { lines: number; length: number }> = {
  TD1: { lines: 3, length: 30 },
  TD2: { lines: 2, length: 36 },
  TD3: { lines: 2, length: 44 },
  FRENCH_NATIONAL_ID: { lines: 2, length: 36 },
  MRV_A: { lines: 2, length: 44 },
  MRV_B: { lines: 2, length: 36 },
};

/** The machine-readable visas (ICAO 9303-7): no composite check digit, optional data instead. */
export const isVisaFormat = (format: MrzFormat) => format === 'MRV_A' || format === 'MRV_B';

export const MRZ_CHARSET = /^[A-Z0-9<]*$/;

function charValue(char: string): number {
  if (char === '<') return 0;
  const code = char.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  return Number.NaN;
}

/** ICAO 9303 check digit: weights 7, 3, 1; digits = value, A–Z = 10–35, `<` = 0; sum mod 10. */
export function mrzCheckDigit(text: string): string {
  const weights = [7, 3, 1] as const;
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += charValue(text[i]!) * weights[i % 3]!;
  return Number.isNaN(sum) ? '' : String(sum % 10);
}

function checks(data: string, digit: string | undefined): boolean {
  return digit !== undefined && mrzCheckDigit(data) === digit;
}

export type MrzCheckName =
  'documentNumber' | 'birthDate' | 'expirationDate' | 'personalNumber' | 'composite';

export interface ParsedMrz {
  format: MrzFormat;
  lines: string[];
  /** Document code without fillers: `P`, `PP`, `ID`, `I`, `IR`, `AC`… */
  documentCode: string;
  /** Issuing state as written (3 letters, fillers removed: Germany is `D`). */
  issuingState: string;
  documentNumber: string;
  /** As written; empty for the French national ID, which has none. */
  nationality: string;
  /** YYMMDD as written (may hold `<` for an unknown day or month). */
  birthDate: string;
  /** `M`, `F`, `X` or `<` as written. */
  sex: string;
  /** YYMMDD as written; empty for the French national ID. */
  expirationDate: string;
  /** TD1: optional data of line 1 (after any document-number overflow). TD2: optional data. TD3: personal number. */
  optional1: string;
  /** TD1: optional data of line 2. */
  optional2: string;
  /** Words of the primary identifier (surnames) and of the secondary identifier (given names). */
  surnames: string[];
  givenNames: string[];
  /** Only the check digits this format has. */
  checks: Partial<Record<MrzCheckName, boolean>>;
  /** Every check digit is right. Says nothing about the state codes or the names. */
  valid: boolean;
}

const strip = (s: string) => s.replace(/<+$/g, '').replace(/^<+/g, '');
const words = (s: string) => s.split('<').filter(Boolean);

function splitName(field: string): { surnames: string[]; givenNames: string[] } {
  const trimmed = strip(field);
  const at = trimmed.indexOf('<<');
  if (at < 0) return { surnames: words(trimmed), givenNames: [] };
  return { surnames: words(trimmed.slice(0, at)), givenNames: words(trimmed.slice(at + 2)) };
}

/** Document number field + its check digit, following ICAO's overflow into the optional data. */
function longNumber(field: string, digit: string, optional: string) {
  if (digit !== '<' || !/^[A-Z0-9]/.test(optional)) {
    return { number: strip(field), valid: checks(field, digit), rest: optional };
  }
  const end = optional.indexOf('<');
  const extension = end < 0 ? optional : optional.slice(0, end);
  const number = field + extension.slice(0, -1);
  return {
    number: strip(number),
    valid: checks(number, extension.slice(-1)),
    rest: end < 0 ? '' : optional.slice(end),
  };
}

/** Cleans input lines (upper case, no spaces) and picks the format from their shape. */
export function mrzFormatOf(lines: string[]): MrzFormat | null {
  if (!lines.every((l) => MRZ_CHARSET.test(l))) return null;
  const [first = '', second = '', third] = lines;
  if (lines.length === 3 && [first, second, third].every((l) => l?.length === 30)) return 'TD1';
  if (lines.length !== 2 || first.length !== second.length) return null;
  const visa = first.startsWith('V');
  if (first.length === 44) return visa ? 'MRV_A' : 'TD3';
  if (first.length === 36) {
    if (visa) return 'MRV_B';
    return first.startsWith('IDFRA') ? 'FRENCH_NATIONAL_ID' : 'TD2';
  }
  return null;
}

/**
 * Parses an MRZ: an array of lines or one string with line breaks. Spaces are removed and letters
 * upper-cased; anything else must already be exact. Returns null when the shape is no MRZ format.
 */
export function parseMrz(input: string | readonly string[]): ParsedMrz | null {
  const lines = (typeof input === 'string' ? input.split(/\r?\n/) : [...input])
    .map((l) => l.replace(/\s+/g, '').toUpperCase())
    .filter(Boolean);
  const format = mrzFormatOf(lines);
  if (!format) return null;
  const [l1 = '', l2 = '', l3 = ''] = lines;
  const base = {
    format,
    lines,
    documentCode: strip(l1.slice(0, 2)),
    issuingState: strip(l1.slice(2, 5)),
  };

  let result: Omit<ParsedMrz, 'valid'>;
  if (format === 'TD1') {
    const doc = longNumber(l1.slice(5, 14), l1[14]!, l1.slice(15, 30));
    result = {
      ...base,
      documentNumber: doc.number,
      optional1: strip(doc.rest),
      birthDate: l2.slice(0, 6),
      sex: l2[7]!,
      expirationDate: l2.slice(8, 14),
      nationality: strip(l2.slice(15, 18)),
      optional2: strip(l2.slice(18, 29)),
      ...splitName(l3),
      checks: {
        documentNumber: doc.valid,
        birthDate: checks(l2.slice(0, 6), l2[6]),
        expirationDate: checks(l2.slice(8, 14), l2[14]),
        composite: checks(
          l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29),
          l2[29],
        ),
      },
    };
  } else if (format === 'FRENCH_NATIONAL_ID') {
    result = {
      ...base,
      documentNumber: strip(l2.slice(0, 12)),
      optional1: '',
      optional2: '',
      birthDate: l2.slice(27, 33),
      sex: l2[34]!,
      expirationDate: '',
      nationality: '',
      surnames: words(l1.slice(5, 30)),
      givenNames: words(l2.slice(13, 27)),
      checks: {
        documentNumber: checks(l2.slice(0, 12), l2[12]),
        birthDate: checks(l2.slice(27, 33), l2[33]),
        composite: checks(l1 + l2.slice(0, 35), l2[35]),
      },
    };
  } else if (isVisaFormat(format)) {
    // MRV-A (2 × 44) and MRV-B (2 × 36): line 2 as TD3 up to the expiry's check digit, then
    // optional data to the end; no personal number, no composite check digit.
    result = {
      ...base,
      documentNumber: strip(l2.slice(0, 9)),
      optional1: strip(l2.slice(28)),
      optional2: '',
      birthDate: l2.slice(13, 19),
      sex: l2[20]!,
      expirationDate: l2.slice(21, 27),
      nationality: strip(l2.slice(10, 13)),
      ...splitName(l1.slice(5)),
      checks: {
        documentNumber: checks(l2.slice(0, 9), l2[9]),
        birthDate: checks(l2.slice(13, 19), l2[19]),
        expirationDate: checks(l2.slice(21, 27), l2[27]),
      },
    };
  } else {
    const td3 = format === 'TD3';
    const optEnd = td3 ? 42 : 35;
    const doc = td3
      ? {
          number: strip(l2.slice(0, 9)),
          valid: checks(l2.slice(0, 9), l2[9]),
          rest: l2.slice(28, 42),
        }
      : longNumber(l2.slice(0, 9), l2[9]!, l2.slice(28, 35));
    const personal = l2.slice(28, 42);
    const composite = td3
      ? l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43)
      : l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 35);
    result = {
      ...base,
      documentNumber: doc.number,
      optional1: strip(doc.rest),
      optional2: '',
      birthDate: l2.slice(13, 19),
      sex: l2[20]!,
      expirationDate: l2.slice(21, 27),
      nationality: strip(l2.slice(10, 13)),
      ...splitName(l1.slice(5)),
      checks: {
        documentNumber: doc.valid,
        birthDate: checks(l2.slice(13, 19), l2[19]),
        expirationDate: checks(l2.slice(21, 27), l2[27]),
        ...(td3
          ? {
              // An unused personal number may carry `<` or 0 as its check digit.
              personalNumber:
                checks(personal, l2[42]) ||
                (/^<+$/.test(personal) && (l2[42] === '<' || l2[42] === '0')),
            }
          : {}),
        composite: checks(composite, l2[optEnd + (td3 ? 1 : 0)]),
      },
    };
  }
  return { ...result, valid: Object.values(result.checks).every(Boolean) };
}

// ---------------------------------------------------------------------------------------------
// Mapping onto the traveler form

/**
 * Spec §5: a scanned document type name to the form's code. DNI → D; passport/pasaporte → P;
 * driver/driving license → C; ID_CARD → I; SPANISH_RESIDENCE → N; EU_RESIDENCE → X; else P.
 */
export function documentTypeCode(name: string | null | undefined): DocumentType {
  const n = (name ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if (n === 'DNI') return 'D';
  if (n.includes('PASSPORT') || n.includes('PASAPORTE')) return 'P';
  if (n.includes('DRIVER') || n.includes('DRIVING')) return 'C';
  if (n === 'ID_CARD') return 'I';
  if (n === 'SPANISH_RESIDENCE') return 'N';
  if (n === 'EU_RESIDENCE') return 'X';
  return 'P';
}

/** Spec §5: F stays F, anything else M. */
export function genderCode(sex: string | null | undefined): 'M' | 'F' {
  return (sex ?? '').trim().toUpperCase().startsWith('F') ? 'F' : 'M';
}

/**
 * MRZ state codes that are not ISO 3166-1 alpha-3 (ICAO 9303-3 §5): Germany is `D`, and the
 * British nationality classes are all citizens of the United Kingdom's passports (GBR).
 * Other codes (UTO, XXA stateless, UNO…) pass through unchanged.
 */
const STATE_TO_ISO: Record<string, string> = {
  D: 'DEU',
  GBD: 'GBR',
  GBN: 'GBR',
  GBO: 'GBR',
  GBP: 'GBR',
  GBS: 'GBR',
};
export function isoCountry(mrzState: string): string {
  const code = mrzState.replace(/</g, '');
  return STATE_TO_ISO[code] ?? code;
}

/** ISO 3166-1 alpha-3 (249 codes). */
const ISO_ALPHA3 = `
  AFG ALA ALB DZA ASM AND AGO AIA ATA ATG ARG ARM ABW AUS AUT AZE BHS BHR BGD BRB BLR BEL BLZ BEN
  BMU BTN BOL BES BIH BWA BVT BRA IOT BRN BGR BFA BDI CPV KHM CMR CAN CYM CAF TCD CHL CHN CXR CCK
  COL COM COG COD COK CRI CIV HRV CUB CUW CYP CZE DNK DJI DMA DOM ECU EGY SLV GNQ ERI EST SWZ ETH
  FLK FRO FJI FIN FRA GUF PYF ATF GAB GMB GEO DEU GHA GIB GRC GRL GRD GLP GUM GTM GGY GIN GNB GUY
  HTI HMD VAT HND HKG HUN ISL IND IDN IRN IRQ IRL IMN ISR ITA JAM JPN JEY JOR KAZ KEN KIR PRK KOR
  KWT KGZ LAO LVA LBN LSO LBR LBY LIE LTU LUX MAC MDG MWI MYS MDV MLI MLT MHL MTQ MRT MUS MYT MEX
  FSM MDA MCO MNG MNE MSR MAR MOZ MMR NAM NRU NPL NLD NCL NZL NIC NER NGA NIU NFK MKD MNP NOR OMN
  PAK PLW PSE PAN PNG PRY PER PHL PCN POL PRT PRI QAT REU ROU RUS RWA BLM SHN KNA LCA MAF SPM VCT
  WSM SMR STP SAU SEN SRB SYC SLE SGP SXM SVK SVN SLB SOM ZAF SGS SSD ESP LKA SDN SUR SJM SWE CHE
  SYR TWN TJK TZA THA TLS TGO TKL TON TTO TUN TUR TKM TCA TUV UGA UKR ARE GBR USA UMI URY UZB VUT
  VEN VNM VGB VIR WLF ESH YEM ZMB ZWE
`;
/**
 * ICAO 9303-3 codes beyond ISO alpha-3: Germany `D`, the British nationality classes, the UN and
 * its agencies, stateless/refugee/unspecified (XXA–XXX), the EU (EUE, issuer only), Kosovo
 * (RKS), the Sovereign Order of Malta (XOM) and others; plus UTO, ICAO's specimen state Utopia.
 */
const ICAO_EXTRA =
  'D GBD GBN GBO GBP GBS UNO UNA UNK XBA XIM XCC XCE XCO XEC XPO XES XMP XOM XDC XXA XXB XXC XXX EUE RKS UTO';
const MRZ_STATES = new Set([...ISO_ALPHA3.split(/\s+/), ...ICAO_EXTRA.split(' ')].filter(Boolean));

/** A state code an MRZ may carry (fillers removed). No check digit covers it: OCR noise shows here. */
export function isKnownMrzState(code: string): boolean {
  return MRZ_STATES.has(code.replace(/</g, ''));
}

/** `yyyy-mm-dd` when the parts make a real calendar date, else ''. */
function isoDate(year: number, mm: string, dd: string): string {
  if (!/^\d\d$/.test(mm) || !/^\d\d$/.test(dd)) return '';
  const month = Number(mm);
  const day = Number(dd);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return '';
  return `${year}-${mm}-${dd}`;
}

const todayIso = (today: Date) => today.toISOString().slice(0, 10);

/**
 * An MRZ date (YYMMDD) as yyyy-mm-dd, or '' when it cannot be formatted (spec §5).
 * Birth dates lie in the past: 20YY unless that is after today, then 19YY. Expiry dates: 20YY.
 */
export function mrzDate(raw: string, kind: 'birth' | 'expiry', today: Date = new Date()): string {
  if (!/^\d\d/.test(raw) || raw.length !== 6) return '';
  const yy = Number(raw.slice(0, 2));
  const mm = raw.slice(2, 4);
  const dd = raw.slice(4, 6);
  if (kind === 'expiry') return isoDate(2000 + yy, mm, dd);
  const recent = isoDate(2000 + yy, mm, dd);
  if (recent && recent <= todayIso(today)) return recent;
  return isoDate(1900 + yy, mm, dd);
}

/** Particles that belong to the following word of a Spanish surname (DE LA CRUZ, DEL RIO). */
const SURNAME_PARTICLES = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'SAN', 'SANTA']);

/** Spanish surnames: the first surname (with its particles), then all the rest. */
export function splitSpanishSurnames(surnames: readonly string[]): [string, string] {
  const groups: string[][] = [];
  let current: string[] = [];
  for (const word of surnames) {
    current.push(word);
    if (!SURNAME_PARTICLES.has(word)) {
      groups.push(current);
      current = [];
    }
  }
  if (current.length) groups.push(current);
  const [first = [], ...rest] = groups;
  return [first.join(' '), rest.flat().join(' ')];
}

/** A DNI or NIE number in the optional data of a Spanish TD1 card. */
export function spanishIdNumber(
  parsed: ParsedMrz,
): { number: string; kind: 'DNI' | 'NIE'; valid: boolean } | null {
  if (parsed.format !== 'TD1' || parsed.issuingState !== 'ESP') return null;
  const number = parsed.optional1.slice(0, 9);
  if (/^\d{8}[A-Z]$/.test(number)) return { number, kind: 'DNI', valid: isValidDni(number) };
  if (/^[XYZ]\d{7}[A-Z]$/.test(number)) return { number, kind: 'NIE', valid: isValidNie(number) };
  return null;
}

export const SCAN_FIELDS = [
  'documentType',
  'passportNumber',
  'firstName',
  'lastName',
  'secondLastName',
  'dateOfBirth',
  'nationality',
  'gender',
  'documentExpeditionDate',
  'expirationDate',
  'documentSupportNumber',
  'issuingCountry',
] as const;
export type ScanField = (typeof SCAN_FIELDS)[number];

export const ScanConfirmedSchema = z.object({
  documentType: z.boolean(),
  passportNumber: z.boolean(),
  firstName: z.boolean(),
  lastName: z.boolean(),
  secondLastName: z.boolean(),
  dateOfBirth: z.boolean(),
  nationality: z.boolean(),
  gender: z.boolean(),
  documentExpeditionDate: z.boolean(),
  expirationDate: z.boolean(),
  documentSupportNumber: z.boolean().optional(),
  issuingCountry: z.boolean(),
});

/** The answer of POST /ocr/process-document: the traveler fields read from the MRZ. */
export const ScanResultSchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES),
  passportNumber: z.string().max(40),
  firstName: z.string().max(120),
  lastName: z.string().max(120),
  secondLastName: z.string().max(120),
  /** yyyy-mm-dd, or '' when the MRZ date cannot be formatted. */
  dateOfBirth: z.string().max(10),
  /** ISO 3166-1 alpha-3 where the MRZ code has one. */
  nationality: z.string().max(3),
  gender: z.enum(['M', 'F']),
  /** Not in any MRZ: always '' (see docs/benchmarks-ocr.md). */
  documentExpeditionDate: z.string().max(10),
  expirationDate: z.string().max(10),
  /** Spanish DNI/NIE cards: the support number (soporte) of the card. */
  documentSupportNumber: z.string().max(40).optional(),
  issuingCountry: z.string().max(3),
  mrzFormat: z.enum(MRZ_FORMATS),
  /**
   * Per field: whether the reading supports it beyond one check digit (its own and the composite
   * digit as read, the number's shape and uniqueness: mrz-confirmation.ts). Names, sex and codes
   * have no check digit and are never confirmed: the web asks to check them.
   */
  confirmed: ScanConfirmedSchema,
});
export type ScanResult = z.infer<typeof ScanResultSchema>;

export const ScanResponseSchema = z.object({ success: z.literal(true), data: ScanResultSchema });

/**
 * Maps a parsed MRZ onto the traveler fields (spec §5 and §7). `today` decides birth centuries;
 * `evidence` says what the reader changed and whether a second reading agreed (see confirmMrz).
 */
export function mrzToTraveler(
  parsed: ParsedMrz,
  options: { today?: Date; evidence?: MrzEvidence } = {},
): ScanResult {
  const today = options.today ?? new Date();
  const confirmation = confirmMrz(parsed, options.evidence);
  const issuingCountry = isoCountry(parsed.issuingState);
  const spanish = spanishIdNumber(parsed);
  const splitSurnames = parsed.issuingState === 'ESP';

  let documentTypeName: string;
  if (spanish) documentTypeName = spanish.kind === 'DNI' ? 'DNI' : 'SPANISH_RESIDENCE';
  else if (parsed.documentCode.startsWith('P')) documentTypeName = 'PASSPORT';
  else if (/^[IAC]/.test(parsed.documentCode)) documentTypeName = 'ID_CARD';
  else documentTypeName = 'OTHER';

  const [lastName, secondLastName] = splitSurnames
    ? splitSpanishSurnames(parsed.surnames)
    : [parsed.surnames.join(' '), ''];
  const dateOfBirth = mrzDate(parsed.birthDate, 'birth', today);
  const expirationDate = parsed.expirationDate
    ? mrzDate(parsed.expirationDate, 'expiry', today)
    : '';
  const nationality =
    parsed.format === 'FRENCH_NATIONAL_ID'
      ? 'FRA'
      : isoCountry(parsed.nationality || parsed.issuingState);

  return {
    documentType: documentTypeCode(documentTypeName),
    passportNumber: spanish ? spanish.number : parsed.documentNumber,
    firstName: parsed.givenNames.join(' '),
    lastName,
    secondLastName,
    dateOfBirth,
    nationality,
    gender: genderCode(parsed.sex),
    // Not in the MRZ. A DNI's issue date could be derived from expiry minus validity only with
    // the holder's age at issue and the renewal rules, which we cannot see: leave it to the user.
    documentExpeditionDate: '',
    expirationDate,
    ...(spanish ? { documentSupportNumber: parsed.documentNumber } : {}),
    issuingCountry,
    mrzFormat: parsed.format,
    confirmed: {
      documentType: false,
      // A visa's number is the visa's, not the passport's the police want: always to check.
      passportNumber: isVisaFormat(parsed.format)
        ? false
        : spanish
          ? confirmation.spanishId
          : confirmation.documentNumber,
      firstName: false,
      lastName: false,
      secondLastName: false,
      dateOfBirth: confirmation.birthDate && dateOfBirth !== '',
      nationality: false,
      gender: false,
      documentExpeditionDate: false,
      expirationDate: confirmation.expirationDate && expirationDate !== '',
      ...(spanish ? { documentSupportNumber: confirmation.documentNumber } : {}),
      issuingCountry: false,
    },
  };
}
