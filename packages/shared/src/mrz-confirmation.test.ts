import { describe, expect, it } from 'vitest';
import { mrzCheckDigit, mrzToTraveler, parseMrz } from './mrz';
import { confirmMrz, confusableAlternatives, documentNumberShape } from './mrz-confirmation';

const TODAY = new Date('2026-11-22T12:00:00Z');

/** A TD3 passport with every check digit computed for `number` (9 characters). */
function td3(state: string, number: string, names = 'ROSSI<<GIULIA'): string[] {
  const l1 = `P<${state.padEnd(3, '<')}${names}`.padEnd(44, '<');
  const head = number + mrzCheckDigit(number) + state.padEnd(3, '<');
  const birth = '850412' + mrzCheckDigit('850412');
  const expiry = '310801' + mrzCheckDigit('310801');
  const personal = '<'.repeat(14) + '<';
  const body = head + birth + 'F' + expiry + personal;
  const composite = mrzCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [l1, body + composite];
}

/** The lines as an OCR misread them: `wrong` in place of `right` in the number field. */
const misread = (lines: string[], right: string, wrong: string) => [
  lines[0]!,
  lines[1]!.replace(right, wrong),
];

const confirmedNumber = (lines: string[], agreed = false) =>
  mrzToTraveler(parseMrz(lines)!, { today: TODAY, evidence: { documentNumberAgreed: agreed } })
    .confirmed.passportNumber;

describe('a wrong document number is never confirmed', () => {
  // The confusions. Two of them whose weights add up to 10 (7 + 3) leave the mod-10 sum
  // unchanged: the misread number passes its own check digit and the composite one.
  it.each([
    ['B→8 and S→5', 'NLD', 'BX4CS7K9P', '8X4C57K9P'],
    ['D→0 and Z→2', 'NLD', 'DZ4C07HM3', '024C07HM3'],
    ['Z→2 and B→8', 'UTO', 'ZB4C07HM3', '284C07HM3'],
  ])('%s in a number of unknown shape (%s)', (_what, state, right, wrong) => {
    const lines = misread(td3(state, right), right, wrong);
    const parsed = parseMrz(lines)!;
    // What made the old reader call it confirmed: both digits hold on the wrong number.
    expect(parsed.checks.documentNumber).toBe(true);
    expect(parsed.checks.composite).toBe(true);
    expect(parsed.documentNumber).toBe(wrong);
    expect(confirmedNumber(lines)).toBe(false);
  });

  it('S→5 (with 2→Z) in a Spanish passport: the shape (three letters, six digits) refuses it', () => {
    const right = 'PSB123456';
    const lines = misread(td3('ESP', right), right, 'P5B1Z3456');
    expect(parseMrz(lines)!.checks.documentNumber).toBe(true);
    expect(parseMrz(lines)!.checks.composite).toBe(true);
    expect(confirmedNumber(lines)).toBe(false);
    expect(confirmedNumber(lines, true)).toBe(false);
    // Read right, the same passport is confirmed: no neighbour of it fits the shape and passes.
    expect(confirmedNumber(td3('ESP', right))).toBe(true);
  });

  it('a number whose neighbours within the usual confusions fail their check digit is confirmed when its shape fits', () => {
    // German serial numbers avoid O, D, Q, I, B, S: no confusion of C01X00T47 stays in the alphabet.
    const lines = td3('D', 'C01X00T47', 'MUSTERMANN<<ERIKA');
    expect(documentNumberShape(parseMrz(lines)!)).not.toBeNull();
    expect(confirmedNumber(lines)).toBe(true);
    // An Italian number with no 6 in it (6↔G alone never changes the check digit).
    expect(confirmedNumber(td3('ITA', 'YA1234587'))).toBe(true);
  });

  it('a number of unknown shape with a passing neighbour is confirmed only when a second reading agreed', () => {
    const lines = td3('NLD', 'BX4CS7K9P');
    expect(confusableAlternatives('BX4CS7K9P', null)).toEqual(['8X4C57K9P']);
    expect(confirmedNumber(lines)).toBe(false);
    expect(confirmedNumber(lines, true)).toBe(true);
  });

  it('a number that does not fit its state’s shape is not confirmed, even when readings agree', () => {
    // Nine digits for a British passport; a letter in it is a misread.
    const lines = td3('GBR', '12345678B');
    expect(parseMrz(lines)!.valid).toBe(true);
    expect(confirmedNumber(lines, true)).toBe(false);
  });
});

describe('confirmMrz: nothing the reader changed is confirmed', () => {
  const lines = td3('ITA', 'YA1234587');
  const parsed = parseMrz(lines)!;

  it('confirms number and dates read as they are', () => {
    expect(confirmMrz(parsed)).toMatchObject({
      documentNumber: true,
      birthDate: true,
      expirationDate: true,
    });
  });

  it('a repaired character in a field (or its check digit) leaves that field unconfirmed', () => {
    // Say the OCR read the birth date 85O412 and the reader repaired O→0 (position 15).
    const atBirth = confirmMrz(parsed, { changed: [new Set(), new Set([15])] });
    expect(atBirth).toMatchObject({ birthDate: false, documentNumber: true, expirationDate: true });
    // The number's check digit (position 9) repaired.
    expect(confirmMrz(parsed, { changed: [new Set(), new Set([9])] }).documentNumber).toBe(false);
  });

  it('a repaired composite check digit, or a failing composite, confirms nothing', () => {
    expect(confirmMrz(parsed, { changed: [new Set(), new Set([43])] })).toMatchObject({
      documentNumber: false,
      birthDate: false,
      expirationDate: false,
    });
    const l2 = lines[1]!;
    const badComposite = parseMrz([lines[0]!, l2.slice(0, 43) + ((Number(l2[43]) + 1) % 10)])!;
    expect(badComposite.checks.documentNumber).toBe(true);
    expect(confirmMrz(badComposite)).toMatchObject({
      documentNumber: false,
      birthDate: false,
      expirationDate: false,
    });
  });
});

describe('Spanish DNI', () => {
  const DNI = [
    'IDESPBHV482915447312865W<<<<<<',
    '8703259F2903253ESP<<<<<<<<<<<4',
    'MARTINEZ<SANCHEZ<<MARIA<JOSE<<',
  ];
  it('confirms the DNI number (mod-23 letter, composite) and the support number (shape AAA999999)', () => {
    const result = mrzToTraveler(parseMrz(DNI)!, { today: TODAY });
    expect(result.confirmed).toMatchObject({ passportNumber: true, documentSupportNumber: true });
  });
  it('does not confirm a DNI number whose digits the reader repaired (B read for 8)', () => {
    // Positions 15–23 of line 1 hold the DNI number; the reader turned B into 8 at position 20.
    const result = mrzToTraveler(parseMrz(DNI)!, {
      today: TODAY,
      evidence: { changed: [new Set([20]), new Set(), new Set()] },
    });
    expect(result.confirmed).toMatchObject({ passportNumber: false, documentSupportNumber: true });
  });
});

describe('visas (MRV-A, MRV-B): no composite check digit', () => {
  /** A visa's two lines with the check digits computed (44 characters: MRV-A, 36: MRV-B). */
  function visa(length: 44 | 36, number = 'ZQU835901'): string[] {
    const l1 = 'VCESPGARCIA<MUNOZ<<IGOR'.padEnd(length, '<');
    const head =
      number +
      mrzCheckDigit(number) +
      'ESP' +
      '531106' +
      mrzCheckDigit('531106') +
      'M' +
      '270312' +
      mrzCheckDigit('270312');
    return [l1, head.padEnd(length, '<')];
  }

  it.each([
    [44, 'MRV_A'],
    [36, 'MRV_B'],
  ] as const)('a %i-character visa parses as %s with three check digits', (length, format) => {
    const parsed = parseMrz(visa(length))!;
    expect(parsed.format).toBe(format);
    expect(parsed.checks).toEqual({ documentNumber: true, birthDate: true, expirationDate: true });
    expect(parsed.valid).toBe(true);
    expect(mrzToTraveler(parsed, { today: TODAY })).toMatchObject({
      lastName: 'GARCIA',
      secondLastName: 'MUNOZ',
      firstName: 'IGOR',
      dateOfBirth: '1953-11-06',
      expirationDate: '2027-03-12',
      mrzFormat: format,
    });
  });

  it('its dates are confirmed only when a second reading agreed on the whole MRZ; its number never', () => {
    const parsed = parseMrz(visa(44))!;
    const alone = mrzToTraveler(parsed, { today: TODAY }).confirmed;
    expect(alone).toMatchObject({
      dateOfBirth: false,
      expirationDate: false,
      passportNumber: false,
    });
    const agreed = mrzToTraveler(parsed, { today: TODAY, evidence: { mrzAgreed: true } }).confirmed;
    expect(agreed).toMatchObject({ dateOfBirth: true, expirationDate: true });
    // The visa's number is not the passport's: always to check.
    expect(agreed.passportNumber).toBe(false);
    // A changed character in the birth date still wins over the agreement.
    const changed = mrzToTraveler(parsed, {
      today: TODAY,
      evidence: { mrzAgreed: true, changed: [new Set(), new Set([15])] },
    }).confirmed;
    expect(changed.dateOfBirth).toBe(false);
  });
});
