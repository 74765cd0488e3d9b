import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES } from './countries';
import { COUNTRY_LANGUAGES, mainLanguageOf, travelerLanguageFor } from './country-languages';
import { isLanguage } from './languages';

describe('the language of a nationality', () => {
  it.each([
    ['DEU', 'de'],
    ['AUT', 'de'],
    ['CHE', 'de'],
    ['FRA', 'fr'],
    ['ITA', 'it'],
    ['PRT', 'pt'],
    ['BRA', 'pt'],
    ['JPN', 'ja'],
    ['KOR', 'ko'],
    ['CHN', 'zh'],
    ['TWN', 'zh'],
    ['RUS', 'ru'],
    ['UKR', 'uk'],
    ['USA', 'en'],
    ['GBR', 'en'],
    ['IRL', 'en'],
    ['AUS', 'en'],
    ['ESP', 'es'],
    ['MEX', 'es'],
    ['ARG', 'es'],
    ['MAR', 'ar'],
    ['SAU', 'ar'],
    ['AND', 'ca'],
  ])('%s: %s', (country, language) => {
    expect(mainLanguageOf(country)).toBe(language);
    expect(travelerLanguageFor(country)).toBe(language);
  });

  it('writes in English to the other foreign nationalities, Belgium among them', () => {
    for (const country of ['NLD', 'POL', 'SWE', 'HUN', 'BEL', 'IND']) {
      expect(mainLanguageOf(country), country).toBeUndefined();
      expect(travelerLanguageFor(country), country).toBe('en');
    }
  });

  it('gives nothing for what is not a country code', () => {
    expect(travelerLanguageFor('')).toBeUndefined();
    expect(travelerLanguageFor('XXX')).toBeUndefined();
    expect(travelerLanguageFor('deu')).toBeUndefined();
    expect(mainLanguageOf('DE')).toBeUndefined();
  });

  it('lists only countries and interface languages, and a language for every nationality', () => {
    const codes = new Set<string>(COUNTRY_CODES);
    for (const [country, language] of Object.entries(COUNTRY_LANGUAGES)) {
      expect(codes.has(country), country).toBe(true);
      expect(isLanguage(language), `${country}: ${language}`).toBe(true);
    }
    for (const [alpha3] of COUNTRIES) expect(isLanguage(travelerLanguageFor(alpha3))).toBe(true);
  });
});
