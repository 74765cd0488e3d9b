/**
 * What a registration request carries besides its schema, shared by the two routes that register a
 * traveler: the staff form's POST /api/pilgrims and the public check-in (modules/checkin).
 */
import { z } from '@hospes/shared/zod';

/**
 * `Idempotency-Key`: any 1–100 visible ASCII characters the client chose for one registration (a
 * UUID, say); sent again with a retry, it answers the same registration (see the service's create).
 */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, 'validation.invalidFormat')
    .optional(),
});

/** Three images of at most 10 MB each, base64-encoded, plus the fields. */
export const REGISTRATION_BODY_LIMIT = 45 * 1024 * 1024;
