/**
 * Self check-in: the per-establishment link (and its QR code) that travelers open to register
 * themselves without logging in, the confirmation code they get, and staff confirmation.
 */
import { ESTABLISHMENT_TYPES } from './establishments';
import { IsoDateSchema } from './fields';
import { arrivalDay, CreateTravelerInputSchema, TravelerSchema } from './travelers';
import { z } from './zod';

/** The public paths of the self-registration page (spec §2: both show the same page). */
export const SELF_REGISTRATION_PATHS = ['/registro-viajero', '/pilgrim-register'] as const;

/** The link a traveler opens: `${origin}/registro-viajero?t=<token>`. */
export function checkinUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${SELF_REGISTRATION_PATHS[0]}?t=${encodeURIComponent(token)}`;
}

/** Link tokens are URL-safe base64 of 24 random bytes (192 bits). */
export const CheckinTokenSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalid');

/** Crockford base32 without I, L, O, U: what a confirmation code is made of. */
export const CONFIRMATION_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CONFIRMATION_CODE_LENGTH = 8;

/**
 * A typed or scanned code, normalised: upper case, spaces and dashes dropped, the letters people
 * confuse mapped (O→0, I/L→1). Answers null when it cannot be a code.
 */
export function normaliseConfirmationCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== CONFIRMATION_CODE_LENGTH) return null;
  for (const char of code) if (!CONFIRMATION_ALPHABET.includes(char)) return null;
  return code;
}

/** The code shown to people: `ABCD-EFGH`. */
export const formatConfirmationCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What the confirmation QR code encodes. */
export const confirmationQrText = (code: string) => `HOSPES:${code}`;

/** The code inside a scanned QR text (or a plain typed code); null when there is none. */
export function codeFromQrText(text: string): string | null {
  const trimmed = text.trim();
  const match = /^HOSPES:([A-Za-z0-9-]{8,9})$/i.exec(trimmed);
  return normaliseConfirmationCode(match ? match[1]! : trimmed);
}

export const CheckinLinkSchema = z.object({
  establishmentId: z.string(),
  /** null once revoked (renew to get a new one). */
  token: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type CheckinLink = z.infer<typeof CheckinLinkSchema>;

export const CheckinLinkResponseSchema = z.object({
  success: z.literal(true),
  data: CheckinLinkSchema,
  message: z.string().optional(),
});

export const PublicCheckinInfoSchema = z.object({
  establishment: z.object({
    name: z.string(),
    city: z.string(),
    type: z.enum(ESTABLISHMENT_TYPES),
    /** False: the form offers no photo of the document (a scan reads the data only). */
    keepDocumentImages: z.boolean(),
    /** Its clock (IANA time zone): the Canary Islands keep their own. Today's date is its. */
    timeZone: z.string(),
  }),
  /**
   * The reservation behind a reservation's check-in link (decision 066): its nights and guests,
   * and how many have registered; absent or null on the establishment's link.
   */
  reservation: z
    .object({
      arrival: z.string(),
      departure: z.string(),
      guests: z.number().int(),
      registeredGuests: z.number().int(),
      /**
       * One guest's link (decision 071): its slot (1 is the holder's), whether it was used, and
       * for the holder's slot the booking's name and contact, to prefill the form.
       */
      guest: z
        .object({
          slot: z.number().int(),
          registered: z.boolean(),
          firstName: z.string().optional(),
          lastName: z.string().optional(),
          email: z.string().nullable().optional(),
          phone: z.string().nullable().optional(),
        })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});
export type PublicCheckinInfo = z.infer<typeof PublicCheckinInfoSchema>;

export const PublicCheckinInfoResponseSchema = z.object({
  success: z.literal(true),
  data: PublicCheckinInfoSchema,
});

/**
 * POST /api/public/checkin/{token}: the traveler fields of POST /api/pilgrims; the establishment
 * comes from the token (an establishmentId sent is ignored), staff-only stay data is dropped, and
 * the signature is required (400 SIGNATURE_REQUIRED).
 */
export const PublicCheckinInputSchema = CreateTravelerInputSchema;
export type PublicCheckinInput = z.infer<typeof PublicCheckinInputSchema>;

export const PublicCheckinResultSchema = z.object({ confirmationCode: z.string() });
export const PublicCheckinResponseSchema = z.object({
  success: z.literal(true),
  data: PublicCheckinResultSchema,
  message: z.string().optional(),
});

/**
 * POST /api/pilgrims/{id}/confirm: the day of arrival (decision 031). The public form has no entry
 * date, so a pending self-registration carries the day it was sent; confirming it at the desk sets
 * the entry date to `entryDate`, or, without one, to the day of the stay's entry time when the
 * record has one, else to the establishment's today. A body is optional.
 */
export const ConfirmTravelerInputSchema = z
  .object({ entryDate: IsoDateSchema.optional() })
  .nullish();
export type ConfirmTravelerInput = z.infer<typeof ConfirmTravelerInputSchema>;

/**
 * The day of arrival a confirmation takes when none is given, and the one the desk proposes: the
 * day of the stay's check-in time when staff recorded one (SES reads it first), else `today`, the
 * establishment's (never the entry date stored, which is the day the form was sent).
 */
export function confirmationArrivalDay(
  record: { stay?: { entryDateTime?: string | null } | null },
  today: string,
): string {
  return arrivalDay({ stay: record.stay }, today);
}

export const ConfirmTravelerResponseSchema = z.object({
  success: z.literal(true),
  data: TravelerSchema,
  message: z.string().optional(),
});
