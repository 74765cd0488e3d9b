/**
 * The Mossos d'Esquadra file, layout V24 (reference ses-hospedajes.md §3): field order,
 * separators, line counts, encoding and file name.
 */
import { describe, expect, it } from 'vitest';
import type { SesTraveler } from '@hospes/shared/ses-preflight';
import { buildMossosText, encodeMossosFile, guestRecordFields, mossosFileName } from './mossos-v24';

const spaniard: SesTraveler = {
  id: 't1',
  firstName: 'José  María',
  lastName: 'Núñez',
  secondLastName: 'García',
  nationality: 'ESP',
  passportNumber: '12345678-z',
  documentType: 'D',
  documentSupportNumber: 'abc 123456',
  documentExpeditionDate: '2020-01-10',
  dateOfBirth: '1980-05-17',
  gender: 'M',
  entryDate: '2026-03-01',
  checkOutDate: '2026-03-02',
  contactInfo: { email: 'jose@example.es', phone: '+34 600 000 000' },
  address: {
    street: 'Carrer Major 1',
    municipalityCode: '17079',
    postalCode: '17001',
    country: 'ESP',
  },
  stay: {
    contractReference: 'BK-1',
    contractDate: '2026-02-20',
    entryDateTime: '2026-03-01T19:05:00',
    exitDateTime: '2026-03-02T08:30:00',
    numberOfPersons: 2,
    numberOfRooms: 1,
    internetBooking: true,
    paymentType: 'TARJT',
  },
};

const foreigner: SesTraveler = {
  id: 't2',
  firstName: 'Anne',
  lastName: 'Müller',
  secondLastName: null,
  nationality: 'DEU',
  passportNumber: 'C01X00T47',
  documentType: 'P',
  documentExpeditionDate: null,
  dateOfBirth: '1985-02-03',
  gender: 'F',
  entryDate: '2026-03-01',
  checkOutDate: '2026-03-02',
  contactInfo: { email: 'anne@example.de', phone: '', phone2: '+49 30 1234567' },
  kinship: null,
  address: {
    street: 'Hauptstraße 5',
    municipalityName: 'Köln',
    postalCode: '50667',
    country: 'DEU',
  },
  stay: { contractReference: 'BK-1' },
};

const walkIn: SesTraveler = {
  ...foreigner,
  id: 't3',
  firstName: 'Pat',
  lastName: 'Lee',
  nationality: 'GBR',
  passportNumber: '123456789',
  address: { street: '1 High St', municipalityName: 'York', postalCode: 'YO1 7HH', country: 'GBR' },
  stay: { contractReference: '2026/000009', contractDate: '2026-03-01', paymentType: 'EFECT' },
};

const establishment = {
  identifier: '17079aar02',
  name: 'Alberg de Girona, Camí de Sant Jaume i Casa Nova',
};

describe('the Mossos d’Esquadra file (V24)', () => {
  it('writes the guest record’s 33 fields in the layout’s order', () => {
    expect(guestRecordFields(spaniard, [spaniard, foreigner])).toEqual([
      '2',
      '12345678Z', // nº doc. español: a NIF
      '', // nº doc. extranjero
      'NIF',
      '20200110',
      'NÚÑEZ',
      'GARCÍA',
      'JOSÉ MARÍA',
      'H',
      '19800517',
      'ESP',
      '20260301',
      '1905',
      '20260302',
      '0830',
      '20260220',
      'C',
      'BK-1',
      '2',
      '1',
      'S',
      'TARJT',
      '+34 600 000 000',
      '',
      'jose@example.es',
      'ABC123456',
      'CARRER MAJOR 1',
      '17', // provincia: the first two digits of the INE code
      '17079',
      '', // localidad: only for a home abroad
      'ESP',
      '17001',
      '',
    ]);
  });

  it('puts a foreign document in its own field, and a home abroad by its locality', () => {
    const fields = guestRecordFields(foreigner, [spaniard, foreigner]);
    expect(fields).toHaveLength(33);
    expect(fields.slice(1, 5)).toEqual(['', 'C01X00T47', 'PAS', '']);
    expect(fields[8]).toBe('M');
    // The contract's values come from the stay (the first traveler who has them).
    expect(fields.slice(11, 22)).toEqual([
      '20260301',
      '1905',
      '20260302',
      '0830',
      '20260220',
      'C',
      'BK-1',
      '2',
      '1',
      'S',
      'TARJT',
    ]);
    expect(fields[22]).toBe('+49 30 1234567');
    expect(fields.slice(26, 33)).toEqual(['HAUPTSTRASSE 5', '', '', 'KÖLN', 'DEU', '50667', '']);
  });

  it('writes records 0 and 1, then a guest record per traveler, CRLF between them and none after', () => {
    const text = buildMossosText(
      establishment,
      [spaniard, walkIn, foreigner],
      '2026-03-01T21:07:44',
    );
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(2 + 3);
    expect(text.endsWith('\r\n')).toBe(false);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines[0]).toBe('0|3');
    expect(lines[1]).toBe(
      '1|17079AAR02|ALBERG DE GIRONA, CAMÍ DE SANT JAUME I C|20260301|2107|3|V24',
    );
    // Stay by stay: the two of BK-1 together, then the walk-in.
    expect(lines.slice(2).map((l) => l.split('|')[7])).toEqual(['JOSÉ MARÍA', 'ANNE', 'PAT']);
    for (const line of lines.slice(2)) {
      expect(line.split('|')).toHaveLength(33);
      expect(line.endsWith('|')).toBe(true);
    }
    // The walk-in's contract: its own reference, one person, no rooms, not booked online.
    expect(lines[4]!.split('|').slice(15, 21)).toEqual([
      '20260301',
      'C',
      '2026/000009',
      '1',
      '',
      'N',
    ]);
  });

  it('never lets a separator inside a value shift the fields', () => {
    const text = buildMossosText(
      establishment,
      [{ ...walkIn, address: { ...walkIn.address!, street: 'Flat 2|3\r\nHigh St' } }],
      '2026-03-01T08:00:00',
    );
    const guest = text.split('\r\n')[2]!.split('|');
    expect(guest).toHaveLength(33);
    expect(guest[26]).toBe('FLAT 2 3 HIGH ST');
  });

  it('is encoded in ISO-8859-1: one byte per character', () => {
    const bytes = encodeMossosFile(
      buildMossosText(establishment, [spaniard], '2026-03-01T08:00:00'),
    );
    const text = buildMossosText(establishment, [spaniard], '2026-03-01T08:00:00');
    expect(bytes.length).toBe([...text].length);
    // Ñ is 0xD1 and Ú 0xDA in ISO-8859-1 (two bytes each in UTF-8).
    const at = bytes.indexOf(Buffer.from([0x4e, 0xda, 0xd1, 0x45, 0x5a])); // NÚÑEZ
    expect(at).toBeGreaterThan(0);
    expect(bytes.toString('latin1')).toBe(text);
    expect(bytes.includes(Buffer.from('Ñ', 'utf8'))).toBe(false);
  });

  it('is named <identifier>.<001–999>, round again after 999', () => {
    expect(mossosFileName(' 08043aar02 ', 1)).toBe('08043AAR02.001');
    expect(mossosFileName('08043AAR02', 42)).toBe('08043AAR02.042');
    expect(mossosFileName('08043AAR02', 999)).toBe('08043AAR02.999');
    expect(mossosFileName('08043AAR02', 1000)).toBe('08043AAR02.001');
    expect(mossosFileName('08043AAR02', 1998)).toBe('08043AAR02.999');
  });
});
