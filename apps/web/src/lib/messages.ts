import type { TFunction } from 'i18next';

const VALIDATION_PREFIX = 'validation.';

/**
 * Encodes a validation key with its parameters (`validation.tooLong?maximum=150`), so the
 * form can show "at most 150 characters" although react-hook-form keeps only a message string.
 */
export function encodeMessage(key: string, params?: Record<string, unknown>): string {
  const entries = Object.entries(params ?? {}).filter(
    ([, value]) => value !== undefined && value !== null,
  );
  if (entries.length === 0) return key;
  return `${key}?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString()}`;
}

/**
 * Turns a form message into text: a `validation.*` key (from the shared zod schemas) is
 * translated with the `validation` namespace; anything else is a server text already in the
 * request language and is shown as it is.
 */
export function translateMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  if (!message.startsWith(VALIDATION_PREFIX)) return message;
  const [key = '', query = ''] = message.slice(VALIDATION_PREFIX.length).split('?', 2);
  const params = Object.fromEntries(new URLSearchParams(query));
  return t(key, { ns: 'validation', ...params, defaultValue: t('invalid', { ns: 'validation' }) });
}
