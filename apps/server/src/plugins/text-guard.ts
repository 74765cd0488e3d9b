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

/** No request schema nests deeper; a body that does is refused without being read further. */
export const MAX_DEPTH = 32;

/** A container on the walk's stack, with a link to its parent: its path is built only if needed. */
type Place = {
  value: Record<string, unknown> | unknown[];
  key: string | null;
  parent: Place | null;
};

/** A refused field: its path, and why. */
export type Refusal = {
  field: string;
  code: 'validation.invalidCharacters' | 'validation.invalid';
};

/** Field names longer than this are cut (a key can be as long as the body). */
const MAX_FIELD = 200;

/** What names the body itself (a key of its top level refused, or a body that is one string). */
const BODY = 'body';

function pathOf(prefix: string, place: Place | null, last?: string): string {
  const keys = last === undefined ? [] : [last];
  for (let at = place; at; at = at.parent) if (at.key !== null) keys.push(at.key);
  const field = [prefix, ...keys.reverse()].filter(Boolean).join('.') || BODY;
  return field.length > MAX_FIELD ? `${field.slice(0, MAX_FIELD)}…` : field;
}

/**
 * The texts in `root` that cannot be stored (see storableText), keys included, and anything
 * nested deeper than MAX_DEPTH. Walks plain objects and arrays only (a file upload's parts are left
 * to their own checks), without recursion and in time linear in the body: each value is looked at
 * once, and a field's path is written only when it is refused.
 */
export function unstorableTexts(root: unknown, prefix: string): Refusal[] {
  const found: Refusal[] = [];
  if (typeof root === 'string') {
    if (!storableText(root))
      found.push({ field: prefix || BODY, code: 'validation.invalidCharacters' });
    return found;
  }
  if (!isContainer(root)) return found;
  const stack: { place: Place; depth: number }[] = [
    { place: { value: root, key: null, parent: null }, depth: 0 },
  ];
  while (stack.length > 0 && found.length < MAX_DETAILS) {
    const { place, depth } = stack.pop()!;
    if (depth >= MAX_DEPTH) {
      found.push({ field: pathOf(prefix, place), code: 'validation.invalid' });
      continue;
    }
    const { value } = place;
    const keys = Array.isArray(value) ? null : Object.keys(value);
    const size = keys ? keys.length : (value as unknown[]).length;
    for (let i = 0; i < size && found.length < MAX_DETAILS; i++) {
      // An array's index is written out only for a refusal or a container.
      const key = keys ? keys[i]! : null;
      if (key !== null && !storableText(key)) {
        found.push({ field: pathOf(prefix, place), code: 'validation.invalidCharacters' });
        continue;
      }
      const item = key !== null ? (value as Record<string, unknown>)[key] : (value as unknown[])[i];
      if (typeof item === 'string') {
        if (!storableText(item))
          found.push({
            field: pathOf(prefix, place, key ?? String(i)),
            code: 'validation.invalidCharacters',
          });
      } else if (isContainer(item)) {
        stack.push({
          place: { value: item, key: key ?? String(i), parent: place },
          depth: depth + 1,
        });
      }
    }
  }
  return found;
}

/**
 * Refuses text that the database cannot store, before validation, on every API call: in the path,
 * the query or a JSON body, 400 VALIDATION_FAILED naming each field (validation.invalidCharacters;
 * a body nested deeper than any schema, validation.invalid).
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
      .map(({ field, code }) => ({ field, message: '', code }));
    throw new AppError('VALIDATION_FAILED', { details });
  });
});
