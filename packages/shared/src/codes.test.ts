import { describe, expect, it } from 'vitest';
import { KINSHIP_CODES, PAYMENT_TYPES } from './codes';
import { alpha2FromAlpha3, alpha3FromAlpha2, COUNTRY_CODES, isCountryCode } from './countries';
import {
  authorityForProvince,
  CANARY_TIME_ZONE,
  establishmentTimeZone,
  findProvince,
  PROVINCES,
  provinceOfPostalCode,
} from './provinces';
import { SPAIN_TIME_ZONE, todayIso } from './dates';
import { normaliseSearchText, searchTerms } from './search';

describe('code tables', () => {
  it('has every ISO 3166-1 alpha-3 code once, with its alpha-2', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(isCountryCode('ESP')).toBe(true);
    expect(isCountryCode('ES')).toBe(false);
    expect(isCountryCode('XXX')).toBe(false);
    expect(alpha3FromAlpha2('de')).toBe('DEU');
    expect(alpha2FromAlpha3('GBR')).toBe('GB');
  });

  it('has the SES catalogues', () => {
    expect(KINSHIP_CODES).toHaveLength(15);
    expect(PAYMENT_TYPES).toEqual([
      'EFECT',
      'TARJT',
      'PLATF',
      'TRANS',
      'MOVIL',
      'TREG',
      'DESTI',
      'OTRO',
    ]);
  });
});

describe('provinces and authorities', () => {
  it('lists the 52 provinces with their INE codes', () => {
    expect(PROVINCES).toHaveLength(52);
    expect(new Set(PROVINCES.map((p) => p.code)).size).toBe(52);
    expect(provinceOfPostalCode('15705')?.name).toBe('A Coruña');
  });

  it.each([
    ['Barcelona', 'mossos'],
    ['GIRONA', 'mossos'],
    ['Gerona', 'mossos'],
    ['Lérida', 'mossos'],
    ['lleida', 'mossos'],
    ['Tarragona ', 'mossos'],
    ['Álava', 'ertzaintza'],
    ['Alava', 'ertzaintza'],
    ['Araba/Álava', 'ertzaintza'],
    ['Araba / Álava', 'ertzaintza'],
    ['Bizkaia', 'ertzaintza'],
    ['Vizcaya', 'ertzaintza'],
    ['Gipuzkoa', 'ertzaintza'],
    ['Guipúzcoa', 'ertzaintza'],
    ['guipuzcoa', 'ertzaintza'],
    ['Navarra', 'ses'],
    ['A Coruña', 'ses'],
    ['La Coruña', 'ses'],
    ['Madrid', 'ses'],
    ['Somewhere', 'ses'],
  ])('%s reports to %s', (province, authority) => {
    expect(authorityForProvince(province)).toBe(authority);
  });

  it('falls back to the postal code when the province is not recognised', () => {
    expect(authorityForProvince('Catalunya', '08001')).toBe('mossos');
    expect(authorityForProvince('', '48001')).toBe('ertzaintza');
    expect(findProvince('Valencia')?.code).toBe('46');
    expect(findProvince('46')?.name).toBe('Valencia/València');
  });
});

describe('the clock of an establishment', () => {
  it.each([
    [{ province: 'Las Palmas' }, CANARY_TIME_ZONE],
    [{ province: 'S.C. Tenerife' }, CANARY_TIME_ZONE],
    [{ province: '', postalCode: '38400' }, CANARY_TIME_ZONE],
    [{ province: 'Baleares', postalCode: '07001' }, SPAIN_TIME_ZONE],
    [{ province: 'Melilla' }, SPAIN_TIME_ZONE],
    [{ province: 'A Coruña', postalCode: '35001' }, SPAIN_TIME_ZONE],
    [{ province: null, postalCode: null }, SPAIN_TIME_ZONE],
  ])('%o keeps %s', (establishment, zone) => {
    expect(establishmentTimeZone(establishment)).toBe(zone);
  });

  it('is an hour behind the mainland in the Canary Islands, winter and summer', () => {
    // 23:30 in Las Palmas is already the next day in Madrid.
    expect(todayIso(new Date('2026-01-15T23:30:00Z'), CANARY_TIME_ZONE)).toBe('2026-01-15');
    expect(todayIso(new Date('2026-01-15T23:30:00Z'), SPAIN_TIME_ZONE)).toBe('2026-01-16');
    expect(todayIso(new Date('2026-07-15T22:30:00Z'), CANARY_TIME_ZONE)).toBe('2026-07-15');
    expect(todayIso(new Date('2026-07-15T22:30:00Z'), SPAIN_TIME_ZONE)).toBe('2026-07-16');
  });
});

describe('search text', () => {
  it('ignores case and accents', () => {
    expect(normaliseSearchText('  María   NÚÑEZ-Ortiz Çelik Straße ')).toBe(
      'maria nunez-ortiz celik strasse',
    );
    expect(searchTerms('Núñez  maría')).toEqual(['nunez', 'maria']);
    expect(searchTerms('')).toEqual([]);
  });
});
