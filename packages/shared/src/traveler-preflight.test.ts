import { describe, expect, it } from 'vitest';
import { preflightRulesOf, travelerPreflight } from './traveler-preflight';
import { codes, traveler } from './test/preflight';

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
