import { AUTHORITIES, PAYMENT_TYPES } from './codes';
import { EmailSchema, IdSchema, PaginationSchema, PhoneSchema, text } from './common';
import { codeSchema, nullish, queryParam, queryParamWithDefault } from './fields';
import { DefaultPaymentTypeSchema, WalkInNightsSchema } from './report-defaults';
import { isValidNif, compactId } from './spanish-ids';
import { MemberRoleSchema } from './team';
import { z } from './zod';

export const ESTABLISHMENT_TYPES = [
  'hostel',
  'hotel',
  'guesthouse',
  'pension',
  'apartment',
  'other',
] as const;
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

export const AuthoritySchema = z.enum(AUTHORITIES);

/**
 * What the authorities assign and per-establishment settings, all optional: SES
 * `codigoEstablecimiento` and `codigoArrendador` (≤10 each), the authority it reports to
 * (empty: derived from the province), whether the registration PDF shows the document images, and
 * whether photos of identity documents are kept at all (`keepDocumentImages`, default true; off,
 * a registration may not carry them: the AEPD advises lodgings not to keep copies of IDs), and
 * the report defaults a traveler registered without them takes (decision 042: `defaultPaymentType`,
 * a SES `tipoPago`; `walkInNights`, check-out = entry + N); whether the desk may register a
 * traveler without an emergency contact (`emergencyContactOptional`, default false: required, as
 * the spec says; the self check-in always asks for one; decision 055).
 * On an update a missing key keeps its value and `''`/null clears it.
 */
/** The most days before arrival a reservation's reminder may go (decision 066). */
export const RESERVATION_REMINDER_DAYS_MAX = 30;

export const EstablishmentSettingsInputSchema = z.object({
  establishmentCode: nullish(codeSchema(10)),
  landlordCode: nullish(codeSchema(10)),
  authority: nullish(AuthoritySchema),
  /**
   * Why the authority chosen is not the province's (decision 057): required to choose one against
   * the province (422 AUTHORITY_REASON_REQUIRED otherwise), recorded and audited.
   */
  authorityReason: nullish(z.string().trim().max(300)),
  includeDocumentImagesInPdf: z.boolean().optional(),
  keepDocumentImages: z.boolean().optional(),
  defaultPaymentType: nullish(DefaultPaymentTypeSchema),
  walkInNights: nullish(WalkInNightsSchema),
  emergencyContactOptional: z.boolean().optional(),
  /**
   * Days before a reservation's arrival its holder is reminded to complete the check-in while
   * guests are missing (decision 066); 0: no reminder. Default 2.
   */
  reservationReminderDays: z.coerce
    .number()
    .int('validation.reminderDays')
    .min(0, 'validation.reminderDays')
    .max(RESERVATION_REMINDER_DAYS_MAX, 'validation.reminderDays')
    .optional(),
  /**
   * The apartment without a desk (decision 066): a reservation whose guests all completed its
   * check-in link has them confirmed by itself on the day of arrival. Default false.
   */
  autoConfirmReservationCheckins: z.boolean().optional(),
});

/**
 * POST /api/establishments: the wizard's three steps (spec §2, §5) plus the settings. `status`
 * defaults to active (only an admin may choose pending). An admin may add
 * `createUserWithEstablishment: true` to create (or reuse) the owner account of `contactEmail`.
 */
export const CreateEstablishmentInputSchema = EstablishmentCoreSchema.extend(
  EstablishmentContactSchema.shape,
)
  .extend(EstablishmentSettingsInputSchema.shape)
  .extend({
    status: EstablishmentStatusSchema.optional(),
    createUserWithEstablishment: z.boolean().optional(),
  });
export type CreateEstablishmentInput = z.infer<typeof CreateEstablishmentInputSchema>;

/** PUT /api/establishments/{id}: the edit form's values; a missing `status` keeps the current one. */
export const UpdateEstablishmentInputSchema = EstablishmentCoreSchema.extend(
  EstablishmentContactSchema.shape,
)
  .extend(EstablishmentSettingsInputSchema.shape)
  .extend({ status: EstablishmentStatusSchema.optional() });
export type UpdateEstablishmentInput = z.infer<typeof UpdateEstablishmentInputSchema>;

/** GET /api/establishments (admin). Empty values are ignored. */
export const ListEstablishmentsQuerySchema = z.object({
  search: queryParam(z.string().trim().max(100)),
  type: queryParam(EstablishmentTypeSchema),
  status: queryParam(EstablishmentStatusSchema),
  city: queryParam(z.string().trim().max(100)),
  province: queryParam(z.string().trim().max(100)),
  page: queryParamWithDefault(z.coerce.number().int().min(1).max(100000), 1),
  limit: queryParamWithDefault(z.coerce.number().int().min(1).max(100), 10),
  lng: z.string().max(20).optional(),
});
export type ListEstablishmentsQuery = z.infer<typeof ListEstablishmentsQuerySchema>;

export const EstablishmentSchema = z.object({
  id: IdSchema,
  name: z.string(),
  type: EstablishmentTypeSchema,
  nif: z.string(),
  status: EstablishmentStatusSchema,
  address: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  phone: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  establishmentCode: z.string().nullable(),
  landlordCode: z.string().nullable(),
  /** The authority it reports to: the chosen one, else the one of its province. */
  authority: AuthoritySchema,
  /** True when `authority` was derived from the province rather than chosen. */
  authorityIsDefault: z.boolean(),
  /** Why the authority chosen is not the province's; null when it is (decision 057). */
  authorityReason: z.string().nullable().optional(),
  includeDocumentImagesInPdf: z.boolean(),
  /** False: registrations carry no photos of the identity document (a scan reads the data only). */
  keepDocumentImages: z.boolean(),
  /** The SES payment type (tipoPago) of a stay registered without one; null: none (decision 042). */
  defaultPaymentType: z.enum(PAYMENT_TYPES).nullable(),
  /** The nights of a stay registered without a check-out (check-out = entry + N); null: none. */
  walkInNights: z.number().int().nullable(),
  /** The desk may register a traveler without an emergency contact (decision 055). */
  emergencyContactOptional: z.boolean(),
  /** Days before arrival a reservation's holder is reminded of missing guests (0: never). */
  reservationReminderDays: z.number().int(),
  /** Complete reservations' check-ins are confirmed by themselves on arrival (decision 066). */
  autoConfirmReservationCheckins: z.boolean(),
  pilgrimsCount: z.number().int(),
  /** The latest login of any of its members (ISO date-time), or null. */
  lastLogin: z.string().nullable(),
  /** The latest time one of its travelers was registered or changed (ISO date-time), or null. */
  lastActivity: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Establishment = z.infer<typeof EstablishmentSchema>;

export const EstablishmentResponseSchema = z.object({
  success: z.literal(true),
  data: EstablishmentSchema,
  message: z.string().optional(),
});

export const EstablishmentListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(EstablishmentSchema),
  pagination: PaginationSchema,
});

export const UserEstablishmentsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(EstablishmentSchema.extend({ role: MemberRoleSchema.nullable() })),
});

/**
 * DELETE /api/establishments/{id}/document-photos: the photos of identity documents an
 * establishment that keeps none any more still held (decision 023), deleted; how many, of how many
 * travelers.
 */
export const DeleteDocumentPhotosResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ deleted: z.number().int(), travelers: z.number().int() }),
});

export const DeleteEstablishmentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: IdSchema }),
});
