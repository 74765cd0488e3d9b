/**
 * The declaración responsable of an establishment (decision 063): a statement its holder signs on
 * screen, once a year, that the establishment keeps the register of travelers and reports them as
 * the law asks. Its text is the server's (in the reader's language, and always in Spanish, the
 * authoritative one); each signed version is kept as a PDF.
 */
import { addDays, addYears, daysBetween } from './dates';
import { LANGUAGES } from './languages';
import { ImageDataUrlSchema } from './travelers';
import { z } from './zod';

/** How long before its last valid day a declaration is shown as expiring. */
export const DECLARATION_WARNING_DAYS = 30;

/**
 * The last day a declaration signed on `signedOn` (the establishment's day) is valid: one year,
 * the day before the same date a year later (signed 2026-03-10 → valid until 2027-03-09).
 */
export function declarationValidUntil(signedOn: string): string {
  // 29 February: the same date a year later would be 1 March, so through 28 February.
  if (signedOn.endsWith('-02-29')) return `${Number(signedOn.slice(0, 4)) + 1}-02-28`;
  return addDays(addYears(signedOn, 1), -1);
}

export const DECLARATION_STATES = ['never', 'valid', 'expiring', 'expired'] as const;
export const DeclarationStateSchema = z.enum(DECLARATION_STATES);
export type DeclarationState = z.infer<typeof DeclarationStateSchema>;

/**
 * The state of the newest declaration on `today` (the establishment's day): none signed, valid,
 * valid but within the warning (its last day included), or past its last valid day.
 */
export function declarationState(validUntil: string | null, today: string): DeclarationState {
  if (!validUntil) return 'never';
  const left = daysBetween(today, validUntil);
  if (left < 0) return 'expired';
  return left < DECLARATION_WARNING_DAYS ? 'expiring' : 'valid';
}

/**
 * POST /api/establishments/{id}/declaration: the signature. The signer is the signed-in member,
 * named in the statement by their account's name.
 */
export const SignDeclarationInputSchema = z.object({
  /** The signature drawn on screen, as the traveler's (a PNG data URL from the pad). */
  signatureImage: ImageDataUrlSchema,
  /** The language of the statement shown to the signer; the Spanish text is always in the PDF. */
  language: z.enum(LANGUAGES).default('es'),
});
export type SignDeclarationInput = z.infer<typeof SignDeclarationInputSchema>;

/** One signed version. */
export const DeclarationVersionSchema = z.object({
  id: z.uuid(),
  signedAt: z.string(),
  /** The establishment's day of the signature, YYYY-MM-DD. */
  signedOn: z.string(),
  validUntil: z.string(),
  signerName: z.string(),
  /** The name of the member's account that signed; null once that account is gone. */
  signedByName: z.string().nullable(),
  language: z.string(),
  /** The PDF's size in bytes. */
  size: z.number().int(),
});
export type DeclarationVersion = z.infer<typeof DeclarationVersionSchema>;

/** The statement as the signer reads it: a title and paragraphs, filled with the establishment. */
export const DeclarationStatementSchema = z.object({
  language: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()),
});
export type DeclarationStatement = z.infer<typeof DeclarationStatementSchema>;

/** GET /api/establishments/{id}/declaration. */
export const DeclarationSchema = z.object({
  state: DeclarationStateSchema,
  /** The newest declaration's last valid day; null when none was signed. */
  validUntil: z.string().nullable(),
  /** Days from the establishment's today to `validUntil` (negative once expired). */
  daysLeft: z.number().int().nullable(),
  /** The newest first; the first is the one in force (or the last that was). */
  versions: z.array(DeclarationVersionSchema),
  /** The statement to sign now, in the request's language, filled with today's data. */
  statement: DeclarationStatementSchema,
});
export type Declaration = z.infer<typeof DeclarationSchema>;

export const DeclarationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: DeclarationSchema,
});
