import { isCountryCode, type CountryAlpha3 } from './countries';
import type { Language } from './languages';

/**
 * The main language of a country's people, where it is one of the 16 interface languages: the
 * one most of them speak at home or were schooled in, not every official one. Countries whose
 * main language is none of the 16 are not listed (Dutch, Polish, Swedish…), nor are the ones
 * split between languages with no clear main one: Belgium (Dutch for most, French for the rest;
 * many Flemish read English sooner than French). Switzerland is German-speaking for most of its
 * people, Canada English-speaking; Russian is listed where it is the everyday language of most
 * (Belarus, Kazakhstan, Kyrgyzstan), not wherever it is understood.
 */
// prettier-ignore
export const COUNTRY_LANGUAGES: Partial<Record<CountryAlpha3, Language>> = {
  // Arabic: the Arab states, Western Sahara.
  ARE: 'ar', BHR: 'ar', DZA: 'ar', EGY: 'ar', ESH: 'ar', IRQ: 'ar', JOR: 'ar', KWT: 'ar',
  LBN: 'ar', LBY: 'ar', MAR: 'ar', MRT: 'ar', OMN: 'ar', PSE: 'ar', QAT: 'ar', SAU: 'ar',
  SDN: 'ar', SYR: 'ar', TUN: 'ar', YEM: 'ar',
  // Catalan: Andorra.
  AND: 'ca',
  // German.
  AUT: 'de', CHE: 'de', DEU: 'de', LIE: 'de',
  // English: the countries and territories where most people speak it.
  AIA: 'en', ASM: 'en', ATG: 'en', AUS: 'en', BHS: 'en', BLZ: 'en', BMU: 'en', BRB: 'en',
  CAN: 'en', CYM: 'en', DMA: 'en', FLK: 'en', GBR: 'en', GGY: 'en', GIB: 'en', GRD: 'en',
  GUM: 'en', GUY: 'en', IMN: 'en', IRL: 'en', JAM: 'en', JEY: 'en', KNA: 'en', LCA: 'en',
  MNP: 'en', MSR: 'en', NZL: 'en', SHN: 'en', TCA: 'en', TTO: 'en', USA: 'en', VCT: 'en',
  VGB: 'en', VIR: 'en',
  // Spanish: Spain, Spanish America, Equatorial Guinea.
  ARG: 'es', BOL: 'es', CHL: 'es', COL: 'es', CRI: 'es', CUB: 'es', DOM: 'es', ECU: 'es',
  ESP: 'es', GNQ: 'es', GTM: 'es', HND: 'es', MEX: 'es', NIC: 'es', PAN: 'es', PER: 'es',
  PRI: 'es', PRY: 'es', SLV: 'es', URY: 'es', VEN: 'es',
  // French: France and its overseas parts, Monaco, Luxembourg, French-speaking Africa, Haiti.
  BDI: 'fr', BEN: 'fr', BFA: 'fr', BLM: 'fr', CAF: 'fr', CIV: 'fr', CMR: 'fr', COD: 'fr',
  COG: 'fr', COM: 'fr', DJI: 'fr', FRA: 'fr', GAB: 'fr', GIN: 'fr', GLP: 'fr', GUF: 'fr',
  HTI: 'fr', LUX: 'fr', MAF: 'fr', MCO: 'fr', MDG: 'fr', MLI: 'fr', MTQ: 'fr', MYT: 'fr',
  NCL: 'fr', NER: 'fr', PYF: 'fr', REU: 'fr', SEN: 'fr', SPM: 'fr', TCD: 'fr', TGO: 'fr',
  WLF: 'fr',
  // Italian.
  ITA: 'it', SMR: 'it', VAT: 'it',
  // Japanese, Korean.
  JPN: 'ja',
  KOR: 'ko', PRK: 'ko',
  // Portuguese.
  AGO: 'pt', BRA: 'pt', CPV: 'pt', GNB: 'pt', MOZ: 'pt', PRT: 'pt', STP: 'pt', TLS: 'pt',
  // Russian, Ukrainian.
  BLR: 'ru', KAZ: 'ru', KGZ: 'ru', RUS: 'ru',
  UKR: 'uk',
  // Chinese.
  CHN: 'zh', HKG: 'zh', MAC: 'zh', TWN: 'zh',
};

/** The main language of a country (ISO alpha-3), if it is one of the 16; see COUNTRY_LANGUAGES. */
export function mainLanguageOf(country: string): Language | undefined {
  return isCountryCode(country) ? COUNTRY_LANGUAGES[country] : undefined;
}

/**
 * The language to write to a traveler of this nationality in (the e-mailed PDF, the messages),
 * until someone says otherwise: the country's main language, and English for the other foreign
 * nationalities. A Dutch, Polish or Swedish pilgrim reads English far more often than Spanish,
 * and the Camino's own lingua franca is English; Spanish stays for Spain and Spanish America.
 * Undefined for what is not a country code (nothing chosen yet).
 */
export function travelerLanguageFor(nationality: string): Language | undefined {
  if (!isCountryCode(nationality)) return undefined;
  return COUNTRY_LANGUAGES[nationality] ?? 'en';
}
