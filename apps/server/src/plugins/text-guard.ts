import fp from 'fastify-plugin';
import type { ErrorDetail } from '@hospes/shared/errors';
import { AppError } from '../lib/app-error';

/** At most this many fields are named in one refusal. */
const MAX_DETAILS = 20;

/**
 * Whether PostgreSQL can store this text as it is: no NUL character (U+0000, which its text types
 * cannot hold: the statement failed, a 500) and no lone surrogate (not Unicode at all: it would be
 * stored as U+FFFD, the data silently changed).
 */
export function storableText(value: string): boolean {
  return (
    !value.includes('\u0000') && (value as unknown as { isWellFormed(): boolean }).isWellFormed()
  );
}

/**
 * Arrays and plain objects: a JSON body's, and the query's and the path's, whose objects have a
 * prototype without one (fast-querystring, find-my-way). Not a Buffer, a stream or a file part.
 */
const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return (
    prototype === Object.prototype ||
    prototype === null ||
    Object.getPrototypeOf(prototype) === null
  );
};

/**
 * The paths of the texts in `root` that cannot be stored (see storableText), keys included. Walks
 * plain objects and arrays only (a file upload's parts are left to their own checks), without
 * recursion, so a body nested thousands deep is read like any other.
 */
export function unstorableTexts(root: unknown, prefix: string): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0 && found.length < MAX_DETAILS) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!storableText(value)) found.push([prefix, ...path].filter(Boolean).join('.'));
    } else if (isContainer(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (!storableText(key)) found.push([prefix, ...path].filter(Boolean).join('.'));
        else stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return found;
}

/**
 * Refuses text that the database cannot store, before validation, on every route: in the path,
 * the query or a JSON body, 400 VALIDATION_FAILED naming each field (validation.invalidCharacters).
 * Nothing reaches a service or the database with it. Fields are named as the validation errors
 * name them: a body's as they are, the others after `params.` or `querystring.`.
 */
export const textGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const fields = [
      ...unstorableTexts(request.params, 'params'),
      ...unstorableTexts(request.query, 'querystring'),
      ...unstorableTexts(request.body, ''),
    ];
    if (fields.length === 0) return;
    const details: ErrorDetail[] = fields
      .slice(0, MAX_DETAILS)
      .map((field) => ({ field, message: '', code: 'validation.invalidCharacters' }));
    throw new AppError('VALIDATION_FAILED', { details });
  });
});
