import { describe, expect, it } from 'vitest';
import {
  ineMunicipalityCodesByProvince,
  isIneMunicipalityCode,
  municipalityFitsPostalCode,
} from './ine-municipalities';
import { loadMunicipalityIndex } from './ine-municipality-index';
import { travelerRecordIssues } from './travelers';

describe('INE municipality codes (decision 026)', () => {
  it('holds the 8,131 municipalities of the 2023 INE list, 5 digits without the check digit', () => {
    const all = [...ineMunicipalityCodesByProvince().values()].flat();
    expect(all).toHaveLength(8131);
    expect(new Set(all).size).toBe(8131);
    expect(ineMunicipalityCodesByProvince().size).toBe(52);
    for (const code of ['28079', '27045', '15078', '09059', '28013', '51001', '52001'])
      expect(isIneMunicipalityCode(code), code).toBe(true);
  });

  it('refuses codes that do not exist, postal codes of other municipalities, and the 6-digit form', () => {
    // 15800 is Melide's postal code; no municipality of A Coruña has number 800.
    for (const code of ['15800', '28999', '00001', '53001', '280796', '2807', '', null, undefined])
      expect(isIneMunicipalityCode(code), String(code)).toBe(false);
  });

  it('matches a municipality with a postal code by province, with the cross-province postal codes', () => {
    expect(municipalityFitsPostalCode('28079', '28013')).toBe(true);
    // 28013 as the INE code is Aranjuez, in the same province: only the form's look-up tells.
    expect(municipalityFitsPostalCode('28013', '28013')).toBe(true);
    expect(municipalityFitsPostalCode('27045', '28013')).toBe(false);
    // Treviño (Burgos) is an enclave in Álava, with Álava's postal codes.
    expect(municipalityFitsPostalCode('09109', '01118')).toBe(true);
    expect(municipalityFitsPostalCode('09059', '01118')).toBe(false);
    // Nothing to compare: no postal code, or not a Spanish one.
    expect(municipalityFitsPostalCode('28079', '')).toBe(true);
    expect(municipalityFitsPostalCode('28079', 'SW1A 1AA')).toBe(true);
    expect(municipalityFitsPostalCode('28079', '2801')).toBe(true);
  });
});

describe('the municipality index (names and postal codes, loaded on demand)', () => {
  it('finds the municipality of a postal code', async () => {
    const index = await loadMunicipalityIndex();
    expect(index.all).toHaveLength(8131);
    expect(index.forPostalCode('28013').map((m) => m.code)).toEqual(['28079']);
    expect(index.forPostalCode('28013')[0]).toMatchObject({
      name: 'Madrid',
      province: '28',
      provinceName: 'Madrid',
    });
    expect(index.forPostalCode('27671').map((m) => [m.code, m.name])).toEqual([
      ['27045', 'Pedrafita do Cebreiro'],
    ]);
    expect(index.forPostalCode('15800').map((m) => m.name)).toEqual(['Melide']);
    expect(index.forPostalCode(' 09001 ').map((m) => m.code)).toEqual(['09059']);
    expect(index.forPostalCode('99999')).toEqual([]);
    expect(index.forPostalCode('00043')).toEqual([]);
  });

  it('lists every municipality of a postal code that covers several, across provinces too', async () => {
    const index = await loadMunicipalityIndex();
    const treviño = index.forPostalCode('01118').map((m) => m.code);
    expect(treviño.length).toBeGreaterThan(1);
    expect(treviño).toContain('09109');
    expect(index.forPostalCode('09215').length).toBeGreaterThan(0);
  });

  it('writes names article first and finds them by name, other spellings and accents aside', async () => {
    const index = await loadMunicipalityIndex();
    expect(index.get('15030')?.name).toBe('A Coruña');
    expect(index.get('07040')?.name).toBe('Palma');
    expect(index.get('03105')?.name).toMatch(/^El Pinós\/Pinoso$/);
    expect(index.get('28079')?.aliases).toEqual([]);
    expect(index.byName('valencia').map((m) => m.code)).toContain('46250');
    expect(index.byName('MADRID').map((m) => m.code)).toEqual(['28079']);
    expect(index.byName('pinoso').map((m) => m.code)).toEqual(['03105']);
    expect(index.get('15800')).toBeUndefined();
  });
});

describe('travelerRecordIssues: the municipality of a Spanish address', () => {
  const today = '2026-06-01';
  const issues = (address: Record<string, string>, municipalityCodes?: boolean) =>
    travelerRecordIssues({ address: { country: 'ESP', ...address } }, today, {
      complete: true,
      municipalityCodes,
    }).filter((issue) => issue.path[0] === 'address');

  it('accepts a code of the INE list in the postal code’s province', () => {
    expect(issues({ municipalityCode: '28079', postalCode: '28013' })).toEqual([]);
    expect(issues({ municipalityCode: '27045', postalCode: '27671' })).toEqual([]);
    expect(issues({ municipalityCode: '09109', postalCode: '01118' })).toEqual([]);
  });

  it('refuses an unknown code, and one of another province than the postal code', () => {
    expect(issues({ municipalityCode: '15800', postalCode: '15800' })).toEqual([
      { path: ['address', 'municipalityCode'], message: 'validation.municipalityCodeUnknown' },
    ]);
    expect(issues({ municipalityCode: '27045', postalCode: '28013' })).toEqual([
      {
        path: ['address', 'municipalityCode'],
        message: 'validation.municipalityNotInPostalCodeProvince',
      },
    ]);
  });

  it('leaves a stored address alone when asked (an update that does not send the address)', () => {
    expect(issues({ municipalityCode: '15800', postalCode: '15800' }, false)).toEqual([]);
    expect(issues({ municipalityCode: '', postalCode: '15800' }, false)).toEqual([
      { path: ['address', 'municipalityCode'], message: 'validation.municipalityCodeRequired' },
    ]);
  });

  it('does not apply to an address abroad', () => {
    expect(
      travelerRecordIssues(
        { address: { country: 'FRA', municipalityName: 'Paris', municipalityCode: '15800' } },
        today,
        { complete: true },
      ).filter((issue) => issue.path[0] === 'address'),
    ).toEqual([]);
  });
});
