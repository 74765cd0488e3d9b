/**
 * Server-side texts shared with the web app: error messages by code and validation texts by key,
 * per language, with `{{param}}` interpolation. Missing languages fall back to es.
 */
import { DEFAULT_LANGUAGE, type Language } from './languages';
import arErrors from './locales/ar/errors.json';
import arValidation from './locales/ar/validation.json';
import caErrors from './locales/ca/errors.json';
import caValidation from './locales/ca/validation.json';
import deErrors from './locales/de/errors.json';
import deValidation from './locales/de/validation.json';
import enErrors from './locales/en/errors.json';
import enValidation from './locales/en/validation.json';
import esErrors from './locales/es/errors.json';
import esValidation from './locales/es/validation.json';
import euErrors from './locales/eu/errors.json';
import euValidation from './locales/eu/validation.json';
import frErrors from './locales/fr/errors.json';
import frValidation from './locales/fr/validation.json';
import glErrors from './locales/gl/errors.json';
import glValidation from './locales/gl/validation.json';
import itErrors from './locales/it/errors.json';
import itValidation from './locales/it/validation.json';
import jaErrors from './locales/ja/errors.json';
import jaValidation from './locales/ja/validation.json';
import koErrors from './locales/ko/errors.json';
import koValidation from './locales/ko/validation.json';
import ptErrors from './locales/pt/errors.json';
import ptValidation from './locales/pt/validation.json';
import ruErrors from './locales/ru/errors.json';
import ruValidation from './locales/ru/validation.json';
import ukErrors from './locales/uk/errors.json';
import ukValidation from './locales/uk/validation.json';
import vaErrors from './locales/va/errors.json';
import vaValidation from './locales/va/validation.json';
import zhErrors from './locales/zh/errors.json';
import zhValidation from './locales/zh/validation.json';
import type { ErrorCode } from './errors';

type Table = Record<string, string>;
export const SHARED_RESOURCES: Record<Language, { errors: Table; validation: Table }> = {
  ar: { errors: arErrors, validation: arValidation },
  ca: { errors: caErrors, validation: caValidation },
  de: { errors: deErrors, validation: deValidation },
  en: { errors: enErrors, validation: enValidation },
  es: { errors: esErrors, validation: esValidation },
  eu: { errors: euErrors, validation: euValidation },
  fr: { errors: frErrors, validation: frValidation },
  gl: { errors: glErrors, validation: glValidation },
  it: { errors: itErrors, validation: itValidation },
  ja: { errors: jaErrors, validation: jaValidation },
  ko: { errors: koErrors, validation: koValidation },
  pt: { errors: ptErrors, validation: ptValidation },
  ru: { errors: ruErrors, validation: ruValidation },
  uk: { errors: ukErrors, validation: ukValidation },
  va: { errors: vaErrors, validation: vaValidation },
  zh: { errors: zhErrors, validation: zhValidation },
};

export function interpolate(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    params[name] === undefined ? '' : String(params[name]),
  );
}

function lookup(lng: Language, ns: 'errors' | 'validation', key: string): string | undefined {
  return SHARED_RESOURCES[lng]?.[ns][key] ?? SHARED_RESOURCES[DEFAULT_LANGUAGE]?.[ns][key];
}

export function errorMessage(lng: Language, code: ErrorCode | string): string {
  return lookup(lng, 'errors', code) ?? lookup(lng, 'errors', 'INTERNAL') ?? code;
}

/** `key` is `validation.required` or a bare `required`. */
export function validationMessage(
  lng: Language,
  key: string,
  params?: Record<string, unknown>,
): string {
  const bare = key.startsWith('validation.') ? key.slice('validation.'.length) : key;
  const template = lookup(lng, 'validation', bare) ?? lookup(lng, 'validation', 'invalid') ?? key;
  return interpolate(template, params);
}
