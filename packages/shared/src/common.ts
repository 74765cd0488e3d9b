import { z } from './zod';

export const IdSchema = z.uuid();

/**
 * A one-line text as people meant it: line breaks and tabs become spaces; control characters and
 * invisible ones (zero-width space, word joiner, byte-order mark) go. A name pasted from a PDF or
 * a spreadsheet can carry them; the authorities' files cannot (a name of nothing but invisible
 * characters would pass as filled in).
 */
export function oneLine(value: string): string {
  return (
    value
      .replace(/[\t\n\r\u2028\u2029]+/g, ' ')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u200b\u2060\ufeff]/g, '')
  );
}

/** A required one-line text (see oneLine), trimmed and bounded. */
export const text = (max: number) =>
  z.string().transform(oneLine).pipe(z.string().trim().min(1).max(max));
/** An optional one-line text (see oneLine), trimmed and bounded; empty becomes undefined. */
export const optionalText = (max: number) =>
  z
    .string()
    .transform(oneLine)
    .pipe(z.string().trim().max(max))
    .optional()
    .transform((v) => (v ? v : undefined));

/** Spec §5: text, @, domain, dot, at least two letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
/** At most 250 characters: what SES accepts (`correo`), a little under the 254 of RFC 5321. */
export const EMAIL_MAX = 250;
export const EmailSchema = z
  .string()
  .trim()
  .min(1)
  .max(EMAIL_MAX)
  .regex(EMAIL_PATTERN, 'validation.email')
  .transform((v) => v.toLowerCase())
  // Lower-casing can lengthen a text ('İ' becomes two characters): the limit holds after it too.
  .pipe(z.string().max(EMAIL_MAX));

export const PHONE_PATTERN = /^\+?[0-9][0-9 ()./-]{5,19}$/;
export const PhoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(PHONE_PATTERN, 'validation.phone');

export const PASSWORD_MIN = 8;
export const PasswordSchema = z
  .string()
  .min(1)
  .min(PASSWORD_MIN, 'validation.passwordMin')
  .max(128);

/** The query of a call that takes nothing but the answer's language (`?lng=`). */
export const LngQuerySchema = z.object({ lng: z.string().max(20).optional() });

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const PaginationSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** The pagination of a list answer: at least one page, even an empty one. */
export function paginationOf(total: number, page: number, limit: number): Pagination {
  return { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

export const MessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

/**
 * Cursor pagination of the lists a partner syncs (travelers, reservations): `cursor=start` (or
 * empty) begins, each answer's `nextCursor` continues, null says the walk is done. The cursor is
 * opaque: the position after the last row, in the order the rows were created.
 */
export const CursorQueryParam = z
  .string()
  .max(200)
  .regex(/^(?:start|[A-Za-z0-9_-]*)$/, 'validation.invalidFormat')
  .optional();
export const CursorPaginationSchema = z.object({
  limit: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type CursorPagination = z.infer<typeof CursorPaginationSchema>;
