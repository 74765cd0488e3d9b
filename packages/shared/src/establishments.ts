import { EmailSchema, IdSchema, PhoneSchema, text } from './common';
import { isValidNif, compactId } from './spanish-ids';
import { z } from './zod';

export const ESTABLISHMENT_TYPES = ['hostel', 'hotel', 'guesthouse', 'pension', 'apartment', 'other'] as const;
export const EstablishmentTypeSchema = z.enum(ESTABLISHMENT_TYPES);
export type EstablishmentType = z.infer<typeof EstablishmentTypeSchema>;

export const ESTABLISHMENT_STATUSES = ['active', 'inactive', 'pending'] as const;
export const EstablishmentStatusSchema = z.enum(ESTABLISHMENT_STATUSES);
export type EstablishmentStatus = z.infer<typeof EstablishmentStatusSchema>;

export const NifSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .transform((v) => compactId(v, true))
  .refine(isValidNif, 'validation.nifInvalid');

/** A Spanish postal code: five digits, province 01–52. */
export const PostalCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(10)
  .regex(/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, 'validation.postalCode');

/** Step 1 of the registration and create wizards: the establishment itself. */
export const EstablishmentCoreSchema = z.object({
  name: text(150),
  type: EstablishmentTypeSchema,
  nif: NifSchema,
  address: text(200),
  city: text(100),
  province: text(100),
  postalCode: PostalCodeSchema,
  phone: PhoneSchema,
});

/** Step 2: who to contact. */
export const EstablishmentContactSchema = z.object({
  contactName: text(150),
  contactEmail: EmailSchema,
});

export const EstablishmentSchema = EstablishmentCoreSchema.extend(EstablishmentContactSchema.shape).extend({
  id: IdSchema,
  status: EstablishmentStatusSchema,
  createdAt: z.string(),
});
export type Establishment = z.infer<typeof EstablishmentSchema>;
