import { z } from './zod';

export const IdSchema = z.uuid();

/** A required, trimmed, bounded text. */
export const text = (max: number) => z.string().trim().min(1).max(max);
/** An optional trimmed, bounded text; empty becomes undefined. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Spec §5: text, @, domain, dot, at least two letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
export const EmailSchema = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .regex(EMAIL_PATTERN, 'validation.email')
  .transform((v) => v.toLowerCase())
  // Lower-casing can lengthen a text ('İ' becomes two characters): the limit holds after it too.
  .pipe(z.string().max(254));

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
