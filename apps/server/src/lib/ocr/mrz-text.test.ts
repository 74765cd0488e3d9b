import { describe, expect, it } from 'vitest';
import { mrzCheckDigit } from '@hospes/shared/mrz';
import {
  cleanLines,
  documentCodeGuesses,
  findMrz,
  fitLength,
  repairMrz,
  swapZeroO,
} from './mrz-text';

const TD3 = [
  'P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<',
  'C01X00T478D<<6408125F3108011<<<<<<<<<<<<<<<2',
];
const DNI = [
  'IDESPBHV482915447312865W<<<<<<',
  '8703259F2903253ESP<<<<<<<<<<<4',
  'MARTINEZ<SANCHEZ<<MARIA<JOSE<<',
];

describe('repairMrz', () => {
  it('maps letters to digits in numeric positions and digits to letters in alphabetic ones', () => {
    const read = [
      'P<D<<MU5TERMANN<<ER1KA<<<<<<<<<<<<<<<<<<<<<<',
      'C01X00T478D<<64O8I25F31O8O1I<<<<<<<<<<<<<<<Z',
    ];
    expect(repairMrz(read, 'TD3')).toEqual(TD3);
  });
  it('leaves alphanumeric fields (document numbers) alone', () => {
    const read = [TD3[0]!, TD3[1]!.replace('C01X00T47', 'C0IXO0T47')];
    expect(repairMrz(read, 'TD3')[1]!.slice(0, 9)).toBe('C0IXO0T47');
  });
  it('gives the DNI number of a Spanish card its shape: 8 digits and a letter', () => {
    const read = [DNI[0]!.replace('47312865W', '473I2B65W'), DNI[1]!, DNI[2]!];
    expect(repairMrz(read, 'TD1')).toEqual(DNI);
  });
});

describe('fitLength', () => {
  it('restores fillers lost in the longest run, or pads the end', () => {
    const short = TD3[1]!.replace('<<<<<<<<<<<<<<<2', '<<<<<<<<<<<<<2');
    expect(fitLength(short, 44)).toContain(TD3[1]);
  });
  it('drops extra fillers', () => {
    expect(fitLength(TD3[0]! + '<<', 44)).toContain(TD3[0]);
  });
});

describe('swapZeroO', () => {
  it('fixes an O read for a 0 in a document number when exactly one assignment passes the check digit', () => {
    const read = [TD3[0]!, TD3[1]!.replace('C01X00T47', 'C01XO0T47')];
    expect(swapZeroO(read, 'TD3')).toEqual(TD3);
  });
  it('gives up when the number has no O or 0 to swap', () => {
    const read = [TD3[0]!, TD3[1]!.replace('C01X00T47', 'C01X00T48')];
    expect(swapZeroO(read, 'TD3')).toBeNull();
  });
});

describe('findMrz', () => {
  it('finds the MRZ among other OCR lines and accepts it when every check holds', () => {
    const text = [
      'REISEPASS PASSPORT',
      'G ltig bis 01 08 2031',
      ` ${TD3[0]} `,
      TD3[1]!.replace('<<<<', '<< <<'),
      '',
    ].join('\n');
    const read = findMrz(text)!;
    expect(read.accepted).toBe(true);
    expect(read.parsed.lines).toEqual(TD3);
    expect(read.changed.map((c) => [...c])).toEqual([[], []]);
  });
  it('records the position of a document number fixed by an O/0 swap as changed', () => {
    const read = findMrz([TD3[0], TD3[1]!.replace('C01X00T47', 'C01XO0T47')].join('\n'))!;
    expect(read.accepted).toBe(true);
    expect(read.parsed.documentNumber).toBe('C01X00T47');
    expect(read.changed.map((c) => [...c])).toEqual([[], [4]]);
  });
  it('records position-class repairs, and a line fitted to length as changed throughout', () => {
    const read = findMrz(
      ['P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<<<', TD3[1]!.replace('640812', '64O812')].join(
        '\n',
      ),
    )!;
    expect(read.parsed.lines).toEqual(TD3);
    expect(read.changed[0]!.size).toBe(44);
    expect([...read.changed[1]!]).toEqual([15]);
  });
  it('does not accept a read whose state code does not exist, although the check digits hold', () => {
    const read = findMrz([TD3[0], TD3[1]!.replace('D<<', '0<<')].join('\n'))!;
    expect(read.parsed.nationality).toBe('O');
    expect(read.score).toBe(read.total - 1);
    expect(read.accepted).toBe(false);
  });
  it('does not accept a name line that had to be cut to length (M read as IVI)', () => {
    const misread = 'P<D<<IVIUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<';
    const read = findMrz([misread, TD3[1]].join('\n'))!;
    expect(read.fitted).toBe(true);
    expect(read.accepted).toBe(false);
  });
  it('does not accept a Spanish DNI number with a wrong letter', () => {
    const read = findMrz([DNI[0]!.replace('47312865W', '47312865N'), DNI[1], DNI[2]].join('\n'));
    expect(read?.accepted).toBe(false);
  });
  it('finds nothing in ordinary text', () => {
    expect(findMrz('Lorem ipsum dolor sit amet\nconsectetur adipiscing elit 12345')).toBeNull();
    expect(cleanLines('a b\n<<<')).toEqual([]);
  });
});

describe('a visa and a card of the same size, told apart by the document code', () => {
  const number = 'ZQU835901';
  const body = `${number}${mrzCheckDigit(number)}ESP5311068M2703121`;
  const visa = ['VCESPGARCIA<MUNOZ<<IGOR<<<<<<<<<<<<<', `${body}<<<<<<<<`];
  it('reads a visa whose V was misread as a letter no format starts with as a visa (MRV-B)', () => {
    const read = findMrz([`W${visa[0]!.slice(1)}`, visa[1]].join('\n'))!;
    expect(read.parsed.format).toBe('MRV_B');
    expect(read.parsed.lines[0]).toBe(visa[0]);
    // A guessed code is never accepted: the reader goes on looking for a better reading.
    expect(read.accepted).toBe(false);
    expect(read.fitted).toBe(true);
  });
  it('drops a stray mark before the code, the filler lost at the end put back', () => {
    const read = findMrz([`I${visa[0]!.slice(0, -1)}`, visa[1]].join('\n'))!;
    expect(read.parsed.format).toBe('MRV_B');
    expect(read.parsed.issuingState).toBe('ESP');
    expect(read.parsed.surnames).toEqual(['GARCIA', 'MUNOZ']);
    expect(read.accepted).toBe(false);
  });
  it('leaves a card (TD2) with its own code and a known state alone', () => {
    const card = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'];
    expect(documentCodeGuesses(card[0]!, 'TD2')).toEqual([]);
    expect(documentCodeGuesses(card[0]!, 'MRV_B')).toEqual([]);
    expect(findMrz(card.join('\n'))?.parsed.format).toBe('TD2');
  });
});
