import { describe, expect, it } from 'vitest';
import {
  documentTypeCode,
  genderCode,
  isKnownMrzState,
  isoCountry,
  mrzCheckDigit,
  mrzDate,
  mrzToTraveler,
  parseMrz,
  ScanResultSchema,
  splitSpanishSurnames,
} from './mrz';

const TODAY = new Date('2026-11-22T12:00:00Z');
const map = (lines: string[]) => {
  const parsed = parseMrz(lines);
  if (!parsed) throw new Error('not an MRZ');
  return mrzToTraveler(parsed, { today: TODAY });
};

// ICAO 9303 specimens (part 4 TD3, part 5 TD1, part 6 TD2): the fictional state Utopia.
const ICAO_TD3 = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];
const ICAO_TD1 = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];
const ICAO_TD2 = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'];
// Spanish DNI built like the specimen: support number BAA000589, DNI 99999999R in the optional data.
const DNI = [
  'IDESPBAA000589599999999R<<<<<<',
  '8001014M3106028ESP<<<<<<<<<<<9',
  'GARCIA<LOPEZ<<JUAN<CARLOS<<<<<',
];
// A Spanish residence card (TIE) for a British citizen: NIE X1234567L in the optional data.
const TIE = [
  'IRESPE123456782X1234567L<<<<<<',
  '9205152F2805151GBR<<<<<<<<<<<2',
  'SMITH<JONES<<EMMA<<<<<<<<<<<<<',
];
// Check digits right, DNI letter wrong (A instead of R), sex X.
const DNI_BAD_LETTER = [
  'IDESPBAA000589599999999A<<<<<<',
  '8001014X3106028ESP<<<<<<<<<<<0',
  'DE<LA<CRUZ<PEREZ<<ANA<<<<<<<<<',
];
const GERMAN_PASSPORT = [
  'P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<',
  'C01X00T478D<<6408125F3108011<<<<<<<<<<<<<<<2',
];

describe('mrzCheckDigit', () => {
  it.each([
    ['L898902C3', '6'],
    ['740812', '2'],
    ['120415', '9'],
    ['ZE184226B<<<<<', '1'],
    ['<<<<<<', '0'],
  ])('%s → %s (weights 7, 3, 1)', (text, digit) => {
    expect(mrzCheckDigit(text)).toBe(digit);
  });
});

describe('parseMrz', () => {
  it('reads the ICAO TD3 specimen; UTO is no real state but every check digit holds', () => {
    const parsed = parseMrz(ICAO_TD3)!;
    expect(parsed).toMatchObject({
      format: 'TD3',
      documentCode: 'P',
      issuingState: 'UTO',
      documentNumber: 'L898902C3',
      nationality: 'UTO',
      birthDate: '740812',
      sex: 'F',
      expirationDate: '120415',
      optional1: 'ZE184226B',
      surnames: ['ERIKSSON'],
      givenNames: ['ANNA', 'MARIA'],
      valid: true,
    });
    expect(parsed.checks).toEqual({
      documentNumber: true,
      birthDate: true,
      expirationDate: true,
      personalNumber: true,
      composite: true,
    });
  });

  it('reads TD1 and TD2 specimens', () => {
    expect(parseMrz(ICAO_TD1)).toMatchObject({
      format: 'TD1',
      documentNumber: 'D23145890',
      valid: true,
    });
    expect(parseMrz(ICAO_TD2)).toMatchObject({
      format: 'TD2',
      documentNumber: 'D23145890',
      valid: true,
    });
  });

  it('accepts one string with line breaks, spaces and lower case', () => {
    expect(
      parseMrz(` ${ICAO_TD3[0]!.toLowerCase()}\n${ICAO_TD3[1]!.replace('<<', '< <')}\n`)?.valid,
    ).toBe(true);
  });

  it('follows a TD1 document number longer than 9 characters into the optional data', () => {
    const parsed = parseMrz([
      'I<UTOD23145890<AB125<<<<<<<<<<',
      '7408122<1204159UTO<<<<<<<<<<<6',
      'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
    ])!;
    expect(parsed.documentNumber).toBe('D23145890AB12');
    expect(parsed.valid).toBe(true);
  });

  it('reads the pre-2021 French national ID card (2 × 36, not ICAO)', () => {
    const parsed = parseMrz([
      'IDFRADOUEL<<<<<<<<<<<<<<<<<<<<932013',
      '0506932020438CHRISTIANE<<NI2906209F3',
    ])!;
    expect(parsed).toMatchObject({
      format: 'FRENCH_NATIONAL_ID',
      documentNumber: '050693202043',
      valid: true,
    });
    expect(map(parsed.lines)).toMatchObject({
      documentType: 'I',
      lastName: 'DOUEL',
      firstName: 'CHRISTIANE NI',
      nationality: 'FRA',
      dateOfBirth: '1929-06-20',
      expirationDate: '',
    });
  });

  it('marks each failing check digit', () => {
    const wrongBirth = ICAO_TD3[1]!.replace('7408122', '7408132');
    const parsed = parseMrz([ICAO_TD3[0]!, wrongBirth])!;
    expect(parsed.valid).toBe(false);
    expect(parsed.checks).toMatchObject({
      documentNumber: true,
      birthDate: false,
      composite: false,
    });
  });

  it.each([
    [['P<UTO', 'L898902C3']],
    [[ICAO_TD3[0]!, ICAO_TD3[1]!.slice(1)]],
    [[ICAO_TD3[0]!.replace('<', '«'), ICAO_TD3[1]!]],
    [[]],
  ])('returns null for what is no MRZ shape', (lines) => {
    expect(parseMrz(lines)).toBeNull();
  });
});

describe('mrzToTraveler', () => {
  it('maps the ICAO TD3 specimen', () => {
    expect(map(ICAO_TD3)).toEqual({
      documentType: 'P',
      passportNumber: 'L898902C3',
      firstName: 'ANNA MARIA',
      lastName: 'ERIKSSON',
      secondLastName: '',
      dateOfBirth: '1974-08-12',
      nationality: 'UTO',
      gender: 'F',
      documentExpeditionDate: '',
      expirationDate: '2012-04-15',
      issuingCountry: 'UTO',
      mrzFormat: 'TD3',
      confirmed: {
        documentType: false,
        // Utopia has no known number shape, and L898902C3 read as LB9B902C3 would pass its
        // check digit too (B↔8 twice): only a second reading could confirm it.
        passportNumber: false,
        firstName: false,
        lastName: false,
        secondLastName: false,
        dateOfBirth: true,
        nationality: false,
        gender: false,
        documentExpeditionDate: false,
        expirationDate: true,
        issuingCountry: false,
      },
    });
  });

  it('maps a TD1 ID card to document type I, all surnames in lastName', () => {
    expect(map(ICAO_TD1)).toMatchObject({
      documentType: 'I',
      passportNumber: 'D23145890',
      mrzFormat: 'TD1',
    });
    const french = [
      'IDFRAX4RTBPFW46<<<<<<<<<<<<<<<',
      '9007138F3202115FRA<<<<<<<<<<<6',
      'DUPONT<DURAND<<CLAIRE<ANNE<<<<',
    ];
    expect(map(french)).toMatchObject({
      lastName: 'DUPONT DURAND',
      secondLastName: '',
      firstName: 'CLAIRE ANNE',
    });
  });

  it('maps a Spanish DNI: DNI number, support number, two surnames', () => {
    const result = map(DNI);
    expect(result).toMatchObject({
      documentType: 'D',
      passportNumber: '99999999R',
      documentSupportNumber: 'BAA000589',
      lastName: 'GARCIA',
      secondLastName: 'LOPEZ',
      firstName: 'JUAN CARLOS',
      dateOfBirth: '1980-01-01',
      expirationDate: '2031-06-02',
      nationality: 'ESP',
      issuingCountry: 'ESP',
      gender: 'M',
    });
    expect(result.confirmed).toMatchObject({ passportNumber: true, documentSupportNumber: true });
    expect(ScanResultSchema.parse(result)).toEqual(result);
  });

  it('maps a Spanish residence card with an NIE to document type N', () => {
    expect(map(TIE)).toMatchObject({
      documentType: 'N',
      passportNumber: 'X1234567L',
      documentSupportNumber: 'E12345678',
      nationality: 'GBR',
      lastName: 'SMITH',
      secondLastName: 'JONES',
    });
  });

  it('does not confirm a DNI number whose letter is wrong, even with right check digits', () => {
    const result = map(DNI_BAD_LETTER);
    expect(parseMrz(DNI_BAD_LETTER)?.valid).toBe(true);
    expect(result.passportNumber).toBe('99999999A');
    expect(result.confirmed.passportNumber).toBe(false);
    expect(result.confirmed.documentSupportNumber).toBe(true);
    expect(result).toMatchObject({
      lastName: 'DE LA CRUZ',
      secondLastName: 'PEREZ',
      firstName: 'ANA',
    });
  });

  it('treats sex X and < as soft: the MRZ stays valid, gender follows spec §5 (not F → M)', () => {
    expect(parseMrz(DNI_BAD_LETTER)?.sex).toBe('X');
    expect(map(DNI_BAD_LETTER).gender).toBe('M');
    const unspecified = parseMrz([
      'I<UTOD23145890<AB125<<<<<<<<<<',
      '7408122<1204159UTO<<<<<<<<<<<6',
      'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
    ])!;
    expect(unspecified.sex).toBe('<');
    expect(unspecified.valid).toBe(true);
  });

  it('turns the MRZ codes of Germany (D) and British nationals into ISO alpha-3', () => {
    expect(map(GERMAN_PASSPORT)).toMatchObject({
      nationality: 'DEU',
      issuingCountry: 'DEU',
      passportNumber: 'C01X00T47',
    });
    expect(isoCountry('GBD')).toBe('GBR');
    expect(isoCountry('ESP')).toBe('ESP');
    expect(isoCountry('UTO')).toBe('UTO');
  });

  it('leaves a date that cannot be formatted empty and unconfirmed', () => {
    const lines = [...ICAO_TD3];
    const l2 = lines[1]!;
    const badDob = '741312';
    lines[1] = l2.slice(0, 13) + badDob + mrzCheckDigit(badDob) + l2.slice(20, 43);
    lines[1] += mrzCheckDigit(
      lines[1].slice(0, 10) + lines[1].slice(13, 20) + lines[1].slice(21, 43),
    );
    expect(parseMrz(lines)?.valid).toBe(true);
    const result = map(lines);
    expect(result.dateOfBirth).toBe('');
    expect(result.confirmed.dateOfBirth).toBe(false);
  });
});

describe('mrzDate', () => {
  it('puts birth dates in the past and expiry dates in 20xx', () => {
    expect(mrzDate('150101', 'birth', TODAY)).toBe('2015-01-01');
    expect(mrzDate('261122', 'birth', TODAY)).toBe('2026-11-22');
    expect(mrzDate('261123', 'birth', TODAY)).toBe('1926-11-23');
    expect(mrzDate('740812', 'birth', TODAY)).toBe('1974-08-12');
    expect(mrzDate('740812', 'expiry', TODAY)).toBe('2074-08-12');
    expect(mrzDate('310602', 'expiry', TODAY)).toBe('2031-06-02');
  });
  it.each(['741312', '740230', '7408<<', '', 'ABCDEF'])('gives "" for %s', (raw) => {
    expect(mrzDate(raw, 'birth', TODAY)).toBe('');
  });
  it('reads 29 February only in leap years', () => {
    expect(mrzDate('000229', 'birth', TODAY)).toBe('2000-02-29');
    expect(mrzDate('010229', 'birth', TODAY)).toBe('');
  });
});

describe('spec §5 mappings', () => {
  it.each([
    ['DNI', 'D'],
    ['passport', 'P'],
    ['Pasaporte', 'P'],
    ['driver license', 'C'],
    ['DRIVING_LICENSE', 'C'],
    ['ID_CARD', 'I'],
    ['SPANISH_RESIDENCE', 'N'],
    ['EU_RESIDENCE', 'X'],
    ['visa', 'P'],
    ['', 'P'],
  ])('document type %s → %s', (name, code) => {
    expect(documentTypeCode(name)).toBe(code);
  });
  it.each([
    ['F', 'F'],
    ['female', 'F'],
    ['M', 'M'],
    ['X', 'M'],
    ['<', 'M'],
  ])('gender %s → %s', (sex, code) => {
    expect(genderCode(sex)).toBe(code);
  });
});

describe('splitSpanishSurnames', () => {
  it.each([
    [
      ['GARCIA', 'LOPEZ'],
      ['GARCIA', 'LOPEZ'],
    ],
    [
      ['DE', 'LA', 'CRUZ', 'PEREZ'],
      ['DE LA CRUZ', 'PEREZ'],
    ],
    [
      ['GARCIA', 'DEL', 'RIO'],
      ['GARCIA', 'DEL RIO'],
    ],
    [['PEREZ'], ['PEREZ', '']],
    [
      ['SAN', 'JUAN', 'MARTINEZ', 'ROJO'],
      ['SAN JUAN', 'MARTINEZ ROJO'],
    ],
  ])('%j → %j', (words, expected) => {
    expect(splitSpanishSurnames(words)).toEqual(expected);
  });
});

describe('isKnownMrzState', () => {
  it.each(['ESP', 'DEU', 'D', 'D<<', 'GBD', 'XXA', 'UTO', 'RKS'])('knows %s', (code) => {
    expect(isKnownMrzState(code)).toBe(true);
  });
  it.each(['O', 'ES', 'XYZ', '', 'E5P'])('does not know %s', (code) => {
    expect(isKnownMrzState(code)).toBe(false);
  });
});
