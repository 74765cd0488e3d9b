/**
 * When a field read from an MRZ may be called confirmed (docs/decisions/053-reading-real-documents.md).
 *
 * A wrong "confirmed" document number goes to the police as fact, and one mod-10 check digit is
 * weak evidence:
 * - the ICAO weights 7, 3, 1 never catch G↔6, L↔1 or U↔0 alone (their values differ by 10, 20,
 *   30), and two of the usual confusions (B→8, D→0, Z→2, S→5 each change the sum by 3 × weight)
 *   cancel whenever their weights add up to 10;
 * - the composite check digit adds nothing for the document number: it starts on the number's
 *   first character, so the number's characters carry the same weights in both sums, and a
 *   wrong number that passes its own digit passes the composite too;
 * - a reader that swaps characters until a digit passes finds a passing wrong value one time in
 *   ten per attempt.
 *
 * So a field is confirmed only when its own check digit and the composite check digit both hold
 * on the characters exactly as read (no substitution, no line cut or padded to length), and the
 * document number in addition fits the shape of its issuing state where that is known, and is the
 * only reading within one or two of the usual OCR confusions (where the shape allows the other
 * character) that passes its check digit — unless a second, independent reading gave the same
 * number.
 */
import { isVisaFormat, mrzCheckDigit, spanishIdNumber, type ParsedMrz } from './mrz';

/** Each position's allowed characters. */
type Shape = readonly string[];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const ANY = LETTERS + DIGITS;
/** A shape from one letter per position: A letter, N digit, X letter or digit. */
const shape = (classes: string, charset?: string): Shape =>
  [...classes].map((c) => (c === 'A' ? LETTERS : c === 'N' ? DIGITS : (charset ?? ANY)));

/**
 * Serial numbers of Germany's passports and ID cards avoid the letters an OCR confuses with a
 * digit (no vowels, no B, D, Q, S).
 */
const GERMAN_CHARSET = 'CFGHJKLMNPRTVWXYZ0123456789';

/**
 * Document numbers whose shape we know for certain, by issuing state (MRZ code) and document
 * kind: `P` passports (document code P…), `I` identity cards. Only states and kinds we are sure
 * of; everything else is judged without a shape.
 */
const DOCUMENT_NUMBER_SHAPES: Record<string, Partial<Record<'P' | 'I', Shape>>> = {
  // Pasaporte: three letters and six digits. DNI card: the support number, same shape (BAA000589).
  ESP: { P: shape('AAANNNNNN'), I: shape('AAANNNNNN') },
  // Reisepass and Personalausweis: nine characters of the German serial-number alphabet.
  D: { P: shape('XXXXXXXXX', GERMAN_CHARSET), I: shape('XXXXXXXXX', GERMAN_CHARSET) },
  // Passeport: two digits, two letters, five digits (12AB34567).
  FRA: { P: shape('NNAANNNNN') },
  // Passaporto: two letters and seven digits (YA1234567).
  ITA: { P: shape('AANNNNNNN') },
  // British passport: nine digits.
  GBR: { P: shape('NNNNNNNNN') },
  // US passport: nine digits, or (next-generation book) a letter and eight digits.
  USA: { P: shape('XNNNNNNNN') },
};

/** The shape of a document number for its state and kind, or null when we do not know it. */
export function documentNumberShape(parsed: ParsedMrz): Shape | null {
  const kind = parsed.documentCode.startsWith('P')
    ? 'P'
    : /^[IAC]/.test(parsed.documentCode)
      ? 'I'
      : null;
  if (!kind || parsed.format === 'FRENCH_NATIONAL_ID') return null;
  // A Spanish card with an NIE is a residence card: its support number has another shape.
  if (parsed.issuingState === 'ESP' && kind === 'I' && spanishIdNumber(parsed)?.kind !== 'DNI')
    return null;
  return DOCUMENT_NUMBER_SHAPES[parsed.issuingState]?.[kind] ?? null;
}

export function fitsShape(value: string, s: Shape): boolean {
  return value.length === s.length && [...value].every((c, i) => s[i]!.includes(c));
}

/** The letter/digit confusions of OCR engines on OCR-B, both ways. */
const CONFUSIONS: Record<string, string> = {
  '0': 'ODQ',
  O: '0',
  D: '0',
  Q: '0',
  '1': 'I',
  I: '1',
  '2': 'Z',
  Z: '2',
  '5': 'S',
  S: '5',
  '6': 'G',
  G: '6',
  '8': 'B',
  B: '8',
};

/**
 * Other readings of `value` within one or two confusions (only where `s` allows the other
 * character) that pass the same check digit. Empty: the read value is the only one near it that
 * its check digit accepts.
 */
export function confusableAlternatives(value: string, s: Shape | null): string[] {
  const digit = mrzCheckDigit(value);
  const options = [...value].map((c, i) =>
    [...(CONFUSIONS[c] ?? '')].filter((o) => (s ? (s[i] ?? '').includes(o) : true)),
  );
  const found = new Set<string>();
  const consider = (chars: string[]) => {
    const alt = chars.join('');
    if (alt !== value && mrzCheckDigit(alt) === digit) found.add(alt);
  };
  for (let i = 0; i < value.length; i++) {
    for (const a of options[i]!) {
      const one = [...value];
      one[i] = a;
      consider(one);
      for (let j = i + 1; j < value.length; j++) {
        for (const b of options[j]!) {
          const two = [...one];
          two[j] = b;
          consider(two);
        }
      }
    }
  }
  return [...found];
}

/** What the reader knows beyond the characters: where it changed them, and a second reading. */
export interface MrzEvidence {
  /** Per line, the positions whose character is not the one the OCR read (repaired, or shifted). */
  changed?: ReadonlyArray<ReadonlySet<number>>;
  /** A second, independent reading (another engine) gave the same document number. */
  documentNumberAgreed?: boolean;
  /**
   * A second, independent reading gave the same characters for the whole MRZ, unrepaired. A visa
   * has no composite check digit: this agreement stands in for it.
   */
  mrzAgreed?: boolean;
}

type Span = readonly [line: number, start: number, end: number];

/** Where each checked field and its check digit sit in the lines of its format. */
function spans(parsed: ParsedMrz): {
  documentNumber: Span[];
  birthDate: Span[];
  expirationDate: Span[];
  composite: Span[];
  spanishId: Span[];
} {
  switch (parsed.format) {
    case 'TD1': {
      // A number longer than 9 characters continues into the optional data with its digit.
      const overflow = parsed.lines[0]![14] === '<';
      return {
        documentNumber: [[0, 5, overflow ? 30 : 15]],
        birthDate: [[1, 0, 7]],
        expirationDate: [[1, 8, 15]],
        composite: [[1, 29, 30]],
        spanishId: [[0, 15, 24]],
      };
    }
    case 'TD2':
      return {
        documentNumber:
          parsed.lines[1]![9] === '<'
            ? [
                [1, 0, 10],
                [1, 28, 35],
              ]
            : [[1, 0, 10]],
        birthDate: [[1, 13, 20]],
        expirationDate: [[1, 21, 28]],
        composite: [[1, 35, 36]],
        spanishId: [],
      };
    case 'MRV_A':
    case 'MRV_B':
      return {
        documentNumber: [[1, 0, 10]],
        birthDate: [[1, 13, 20]],
        expirationDate: [[1, 21, 28]],
        composite: [],
        spanishId: [],
      };
    case 'TD3':
      return {
        documentNumber: [[1, 0, 10]],
        birthDate: [[1, 13, 20]],
        expirationDate: [[1, 21, 28]],
        composite: [[1, 43, 44]],
        spanishId: [],
      };
    case 'FRENCH_NATIONAL_ID':
      return {
        documentNumber: [[1, 0, 13]],
        birthDate: [[1, 27, 34]],
        expirationDate: [],
        composite: [[1, 35, 36]],
        spanishId: [],
      };
  }
}

export interface MrzConfirmation {
  documentNumber: boolean;
  birthDate: boolean;
  expirationDate: boolean;
  /** The DNI/NIE number in the optional data of a Spanish card. */
  spanishId: boolean;
}

/** Which checked fields of a parsed MRZ the reading supports beyond one check digit. */
export function confirmMrz(parsed: ParsedMrz, evidence: MrzEvidence = {}): MrzConfirmation {
  const where = spans(parsed);
  const asRead = (list: Span[]) =>
    list.every(([line, start, end]) => {
      const changed = evidence.changed?.[line];
      if (!changed) return true;
      for (let i = start; i < end; i++) if (changed.has(i)) return false;
      return true;
    });
  const composite = isVisaFormat(parsed.format)
    ? evidence.mrzAgreed === true
    : parsed.checks.composite === true && asRead(where.composite);
  const field = (name: 'documentNumber' | 'birthDate' | 'expirationDate') =>
    composite && parsed.checks[name] === true && asRead(where[name]);

  let documentNumber = field('documentNumber');
  if (documentNumber) {
    const s = documentNumberShape(parsed);
    if (s && !fitsShape(parsed.documentNumber, s)) documentNumber = false;
    else if (
      !(evidence.documentNumberAgreed || evidence.mrzAgreed) &&
      confusableAlternatives(parsed.documentNumber, s).length > 0
    )
      documentNumber = false;
  }
  const spanish = spanishIdNumber(parsed);
  return {
    documentNumber,
    birthDate: field('birthDate'),
    expirationDate: field('expirationDate'),
    // The DNI/NIE letter (mod 23) is a check of its own; the composite covers the optional data.
    spanishId: !!spanish?.valid && composite && asRead(where.spanishId),
  };
}
