import type { FieldErrors } from 'react-hook-form';
import type { CreateTravelerInput } from '@hospes/shared/travelers';
import { FIELD_ORDER, type TravelerFormValues } from '@/features/traveler/form-model';

/**
 * The DOM id of a field in one form, so the first error can be focused whatever kind of control it
 * is. `form` keeps two forms on a page apart (the desk keeps its new registration, hidden, while a
 * QR review shows another).
 */
export const fieldDomIdIn = (form: string, path: string) => `tf${form}-${path.replace(/\./g, '-')}`;

/** The message of the error at a dotted path of the form's errors, if any. */
export function errorAt(errors: FieldErrors<TravelerFormValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The paths holding an error, in screen order. */
export function errorPaths(errors: FieldErrors<TravelerFormValues>): string[] {
  return FIELD_ORDER.filter((path) => errorAt(errors, path) !== undefined);
}

/** An error of the form at a dotted path, as react-hook-form nests them. */
export interface PathError {
  path: string;
  message: string;
  type: string;
}

/** Errors at dotted paths as react-hook-form's nested errors object. */
export function nestedErrors(list: readonly PathError[]): FieldErrors<TravelerFormValues> {
  const errors: Record<string, unknown> = {};
  for (const { path, message, type } of list) {
    const parts = path.split('.');
    let node = errors;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1) ?? ''] = { type, message };
  }
  return errors as FieldErrors<TravelerFormValues>;
}

/** The input without photos of the document (an establishment that keeps none). */
export function withoutDocumentImages({
  frontDocImage: _front,
  backDocImage: _back,
  ...input
}: CreateTravelerInput): CreateTravelerInput {
  return input;
}
