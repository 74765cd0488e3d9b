/**
 * Server-side texts shared with the web app: error messages by code and validation texts by key,
 * per language, with `{{param}}` interpolation. Missing languages fall back to es.
 */
import { DEFAULT_LANGUAGE, type Language } from './languages';
import enErrors from './locales/en/errors.json';
import enValidation from './locales/en/validation.json';
import esErrors from './locales/es/errors.json';
import esValidation from './locales/es/validation.json';
import type { ErrorCode } from './errors';

type Table = Record<string, string>;
export const SHARED_RESOURCES: Partial<Record<Language, { errors: Table; validation: Table }>> = {
  es: { errors: esErrors, validation: esValidation },
  en: { errors: enErrors, validation: enValidation },
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
