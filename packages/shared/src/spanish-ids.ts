/**
 * Spanish identity and tax numbers (reference ses-hospedajes.md §5, after python-stdnum):
 * DNI, NIE, the special NIFs K/L/M, and the CIF of legal entities.
 */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_LETTERS = 'JABCDEFGHI';

/** Upper-case, drop spaces, dashes and dots; for a NIF also a leading `ES`. */
export function compactId(value: string, stripCountry = false): string {
  const compact = value.toUpperCase().replace(/[\s.-]/g, '');
  return stripCountry && compact.startsWith('ES') && compact.length > 9
    ? compact.slice(2)
    : compact;
}

export function dniLetter(digits: string): string {
  return DNI_LETTERS[Number(digits) % 23] ?? '';
}

export function isValidDni(value: string): boolean {
  const id = compactId(value);
  const match = /^(\d{8})([A-Z])$/.exec(id);
  return !!match && dniLetter(match[1]!) === match[2];
}

export function isValidNie(value: string): boolean {
  const id = compactId(value);
  const match = /^([XYZ])(\d{7})([A-Z])$/.exec(id);
  if (!match) return false;
  const prefix = String('XYZ'.indexOf(match[1]!));
  return dniLetter(prefix + match[2]!) === match[3];
}

/** K (under 14), L (resident abroad), M (foreigner without NIE): letter, 7 digits, mod-23 letter. */
export function isValidSpecialNif(value: string): boolean {
  const id = compactId(value);
  const match = /^([KLM])(\d{7})([A-Z])$/.exec(id);
  return !!match && dniLetter(match[2]!) === match[3];
}

export function cifControl(digits: string): { digit: string; letter: string } {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const n = Number(digits[i]);
    if (i % 2 === 1) sum += n;
    else {
      const doubled = n * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  const control = (10 - (sum % 10)) % 10;
  return { digit: String(control), letter: CIF_LETTERS[control]! };
}

export function isValidCif(value: string): boolean {
  const id = compactId(value, true);
  const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!match) return false;
  const [, first, digits, control] = match as unknown as [string, string, string, string];
  const expected = cifControl(digits);
  if ('PQRSNW'.includes(first)) return control === expected.letter;
  if ('ABEH'.includes(first)) return control === expected.digit;
  return control === expected.letter || control === expected.digit;
}

/** Any valid NIF: a natural person's (DNI, NIE, K/L/M) or a legal entity's (CIF). */
export function isValidNif(value: string): boolean {
  const id = compactId(value, true);
  return isValidDni(id) || isValidNie(id) || isValidSpecialNif(id) || isValidCif(id);
}
