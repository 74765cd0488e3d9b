import { describe, expect, it } from 'vitest';
import type { SesTraveler } from './ses-preflight';
import { preflightRulesOf, travelerPreflight } from './traveler-preflight';

const traveler = (over: Partial<SesTraveler> = {}): SesTraveler => ({
  id: 't1',
  firstName: 'Jean',
  lastName: 'Dupont',
  nationality: 'FRA',
  passportNumber: '18AB12345',
  documentType: 'P',
  dateOfBirth: '1980-01-01',
  gender: 'M',
  entryDate: '2026-11-28',
  checkOutDate: '2026-11-29',
  contactInfo: { phone: '600000000' },
  address: { street: 'Rue 1', municipalityName: 'Paris', postalCode: '75001', country: 'FRA' },
  stay: { contractReference: 'C-1', contractDate: '2026-11-28', paymentType: 'EFECT' },
  ...over,
});

const codes = (problems: { code: string; field: string }[]) =>
  problems.map((p) => `${p.field} ${p.code}`);

describe("one traveler under the Mossos file's rules (the list's badge, decision 061)", () => {
  it('refuses a name the file’s ISO-8859-1 cannot carry, which SES takes', () => {
    const lukasz = traveler({ firstName: 'Łukasz', lastName: 'Wróbel', nationality: 'POL' });
    expect(travelerPreflight(lukasz, false, 'ses')).toEqual([]);
    expect(codes(travelerPreflight(lukasz, false, 'mossos'))).toEqual([
      'firstName ses.notInFileEncoding',
    ]);
  });

  it('passes accented Latin letters (in ISO-8859-1) and never names the establishment', () => {
    expect(
      travelerPreflight(traveler({ firstName: 'Núria', lastName: 'Gràcia' }), false, 'mossos'),
    ).toEqual([]);
  });

  it('keeps the SES parte’s rules', () => {
    const stateless = traveler({ nationality: '' });
    const ses = codes(travelerPreflight(stateless, false, 'ses'));
    expect(ses.length).toBeGreaterThan(0);
    expect(codes(travelerPreflight(stateless, false, 'mossos'))).toEqual(ses);
  });

  it('reads the rules of each authority', () => {
    expect([
      preflightRulesOf('ses'),
      preflightRulesOf('mossos'),
      preflightRulesOf('ertzaintza'),
      preflightRulesOf(undefined),
    ]).toEqual(['ses', 'mossos', 'a19', 'ses']);
  });
});
