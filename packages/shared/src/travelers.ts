/**
 * The traveler (pilgrim) contract of spec §3, §5 and §7, complete enough for a SES.HOSPEDAJES
 * parte de viajeros (reference ses-hospedajes.md §1.4–1.8). Used by the server routes and by the
 * web form (react-hook-form + zodResolver): every message is a `validation.*` key on its field.
 */
import {
  AUTHORITIES,
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  DOCUMENT_TYPES_WITH_SUPPORT_NUMBER,
  EMERGENCY_RELATIONSHIPS,
  GENDERS,
  IMAGE_MAX_BYTES,
  KINSHIP_CODES,
  PAYMENT_TYPES,
  type DocumentType,
} from './codes';
import {
  CursorPaginationSchema,
  CursorQueryParam,
  EmailSchema,
  IdSchema,
  oneLine,
  PaginationSchema,
  PHONE_PATTERN,
  PhoneSchema,
  text,
} from './common';
import { SPAIN } from './countries';
import { ageOn, isIsoDate, SPAIN_TIME_ZONE, todayIso } from './dates';
import {
  CountryCodeSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  nullish,
  queryParam,
  queryParamWithDefault,
} from './fields';
import { isIneMunicipalityCode, municipalityFitsPostalCode } from './ine-municipalities';
import { LANGUAGES } from './languages';
import { CANARY_TIME_ZONE } from './provinces';
import { STAY_STATUSES } from './stay';
import { compactId, isValidDni, isValidNie, isValidSpecialNif } from './spanish-ids';
import { z } from './zod';

// ---------------------------------------------------------------------------------------------
// Fields

/** SES allows 50 characters for a name or surname. */
export const NAME_MAX = 50;
/** SES allows 15 characters for a document number (`numeroDocumento`). */
export const DOCUMENT_NUMBER_MAX = 15;
export const SUPPORT_NUMBER_MAX = 9;

const nameSchema = text(NAME_MAX);

export const DocumentTypeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(DOCUMENT_TYPES),
);

const GENDER_WORDS: Record<string, string> = { MALE: 'M', FEMALE: 'F', OTHER: 'O', H: 'M' };
export const GenderSchema = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const upper = v.trim().toUpperCase();
  return GENDER_WORDS[upper] ?? upper;
}, z.enum(GENDERS));

export const LanguageSchema = z.enum(LANGUAGES);

/** The document number, upper-cased without spaces, dots or dashes. */
export const DocumentNumberSchema = z
  .string()
  .trim()
  .min(1)
  .max(DOCUMENT_NUMBER_MAX + 4)
  .transform((v) => compactId(v))
  .refine((v) => v.length <= DOCUMENT_NUMBER_MAX, 'validation.documentNumber');

/** The support (serial) number of a DNI or NIE card: up to 9 letters and digits. */
export const SupportNumberSchema = z
  .string()
  .trim()
  .max(SUPPORT_NUMBER_MAX + 4)
  .transform((v) => compactId(v))
  .refine((v) => /^[A-Z0-9]{1,9}$/.test(v), 'validation.supportNumber');

export const KinshipSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(KINSHIP_CODES),
);

export const PaymentTypeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(PAYMENT_TYPES),
);

/** An INE municipality code: 5 digits, province 01–52 (never the 6th check digit). */
export const MunicipalityCodeSchema = z
  .string()
  .trim()
  .max(5, 'validation.municipalityCode')
  .regex(/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, 'validation.municipalityCode');

export const SPANISH_POSTAL_CODE = /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/;

/** Home address, as SES `direccion` (all of it optional on the API; checked when present). */
export const HomeAddressSchema = z.object({
  street: text(100),
  complement: nullish(text(100)),
  municipalityCode: nullish(MunicipalityCodeSchema),
  municipalityName: nullish(text(100)),
  postalCode: text(20),
  country: CountryCodeSchema,
});
export type HomeAddressInput = z.infer<typeof HomeAddressSchema>;

/** Card expiry as SES wants it: MM/YYYY. */
export const CardExpirySchema = z
  .string()
  .trim()
  .max(7, 'validation.cardExpiry')
  .regex(/^(0[1-9]|1[0-2])\/20\d{2}$/, 'validation.cardExpiry');

const countSchema = z.coerce.number().int().min(1).max(999);

/** The contract of the stay (SES `contrato` and `pago`): all optional. */
export const StayInputSchema = z.object({
  contractReference: nullish(text(50)),
  contractDate: nullish(IsoDateSchema),
  entryDateTime: nullish(IsoDateTimeSchema),
  exitDateTime: nullish(IsoDateTimeSchema),
  numberOfPersons: nullish(countSchema),
  numberOfRooms: nullish(countSchema),
  internetBooking: nullish(z.boolean()),
  paymentType: nullish(PaymentTypeSchema),
  paymentDate: nullish(IsoDateSchema),
  paymentMethod: nullish(text(50)),
  paymentHolder: nullish(text(100)),
  cardExpiry: nullish(CardExpirySchema),
});
export type StayInput = z.infer<typeof StayInputSchema>;

export const EmergencyRelationshipSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(EMERGENCY_RELATIONSHIPS),
);

export const ContactInfoInputSchema = z.object({
  email: EmailSchema,
  phone: PhoneSchema,
  phone2: nullish(PhoneSchema),
  address: nullish(text(200)),
});

export const EmergencyContactInputSchema = z.object({
  name: text(150),
  phone: PhoneSchema,
  relationship: EmergencyRelationshipSchema,
});

/**
 * The emergency contact's fields, each of which may be empty (`''`: none, or cleared on an update).
 * Whether one is required is a rule of its own (emergencyContactIssues): always on the self
 * check-in, at the desk unless the establishment makes it optional (decision 055).
 */
export const EmergencyContactFieldsSchema = z.object({
  name: z.string().transform(oneLine).pipe(z.string().trim().max(150)).optional(),
  phone: z
    .string()
    .trim()
    .max(20)
    .refine((value) => value === '' || PHONE_PATTERN.test(value), 'validation.phone')
    .optional(),
  relationship: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(['', ...EMERGENCY_RELATIONSHIPS]),
    )
    .optional(),
});
export type EmergencyContactFields = z.infer<typeof EmergencyContactFieldsSchema>;

const EMERGENCY_FIELDS = ['name', 'phone', 'relationship'] as const;

/**
 * What an emergency contact lacks: every field when `required`; else, when any one is given, the
 * others (a contact is all three or none). Each on its field, as `validation.required`.
 */
export function emergencyContactIssues(
  contact: { name?: string; phone?: string; relationship?: string } | null | undefined,
  required: boolean,
): RecordIssue[] {
  const given = EMERGENCY_FIELDS.filter((key) => !!contact?.[key]);
  if (!required && given.length === 0) return [];
  return EMERGENCY_FIELDS.filter((key) => !given.includes(key)).map((key) => ({
    path: ['emergencyContact', key],
    message: 'validation.required',
  }));
}

// ---------------------------------------------------------------------------------------------
// Images: data URLs in the JSON body, at most 10 MB decoded each.

/** The longest data URL whose payload decodes to at most IMAGE_MAX_BYTES. */
export const IMAGE_DATA_URL_MAX_LENGTH = 64 + Math.ceil(IMAGE_MAX_BYTES / 3) * 4;
/** The head of an image data URL; the payload's alphabet is checked when it is decoded. */
export const IMAGE_DATA_URL_PATTERN = /^data:image\/[a-zA-Z0-9.+-]{1,30};base64,/;

/**
 * A base64 data URL declared as an image. The server then checks the bytes themselves (JPEG, PNG
 * or WebP, whatever the declared type) and the decoded size.
 */
export const ImageDataUrlSchema = z
  .string()
  .max(IMAGE_DATA_URL_MAX_LENGTH, { message: 'validation.imageTooLarge', abort: true })
  .regex(IMAGE_DATA_URL_PATTERN, 'validation.imageDataUrl');

export const TravelerImagesInputSchema = z.object({
  frontDocImage: nullish(ImageDataUrlSchema),
  backDocImage: nullish(ImageDataUrlSchema),
  signatureImage: nullish(ImageDataUrlSchema),
});

// ---------------------------------------------------------------------------------------------
// Rules across fields

export interface TravelerRecordLike {
  documentType?: DocumentType | null;
  passportNumber?: string | null;
  documentSupportNumber?: string | null;
  dateOfBirth?: string | null;
  documentExpeditionDate?: string | null;
  entryDate?: string | null;
  checkOutDate?: string | null;
  address?: {
    country?: string | null;
    municipalityCode?: string | null;
    municipalityName?: string | null;
    postalCode?: string | null;
  } | null;
  stay?: { entryDateTime?: string | null; exitDateTime?: string | null } | null;
}

export interface RecordIssue {
  path: (string | number)[];
  message: string;
}

/** Age of majority in Spain: SES requires a document, and no relationship, from it. */
export const ADULT_AGE = 18;

/**
 * The age from which travelers give their data and sign the register themselves: under it
 * (RD 933/2021) the accompanying adult does both for them.
 */
export const OWN_SIGNATURE_AGE = 14;

/** Whether someone born on `dateOfBirth` is under 18 on `day` (false when either is unknown). */
export function isMinorOn(dateOfBirth: string | null | undefined, day: string): boolean {
  if (!dateOfBirth || !isIsoDate(dateOfBirth) || !isIsoDate(day)) return false;
  return ageOn(dateOfBirth, day) < ADULT_AGE;
}

/** The day of arrival as SES counts it: the stay's entry time when given, else the entry date. */
export function arrivalDay(
  record: { entryDate?: string | null; stay?: { entryDateTime?: string | null } | null },
  today: string,
): string {
  return record.stay?.entryDateTime?.slice(0, 10) || record.entryDate || today;
}

/**
 * The rules that read more than one field. `complete`: the record is whole (a create, or an
 * update merged with the stored traveler), so a missing value that a rule requires is an issue;
 * otherwise (an update's patch) only values present together are compared.
 * `municipalityCodes` (default true): a Spanish address's municipality code must be in the INE
 * list and in the postal code's province (decision 026). False for an update's merged record
 * whose address was not sent: a stored address keeps loading and saving until it is edited.
 */
export function travelerRecordIssues(
  record: TravelerRecordLike,
  today: string,
  options: { complete: boolean; municipalityCodes?: boolean },
): RecordIssue[] {
  const issues: RecordIssue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const { documentType: type, passportNumber: number } = record;

  if (type && number) {
    if (type === 'D' && !(isValidDni(number) || isValidSpecialNif(number)))
      add(['passportNumber'], 'validation.dniInvalid');
    else if (type === 'N' && !isValidNie(number)) add(['passportNumber'], 'validation.nieInvalid');
    else if (
      type !== 'D' &&
      type !== 'N' &&
      !new RegExp(`^[A-Z0-9]{3,${DOCUMENT_NUMBER_MAX}}$`).test(number)
    )
      add(['passportNumber'], 'validation.documentNumber');
  }
  if (
    options.complete &&
    type &&
    number &&
    DOCUMENT_TYPES_WITH_SUPPORT_NUMBER.includes(type) &&
    !record.documentSupportNumber
  ) {
    add(['documentSupportNumber'], 'validation.supportNumberRequired');
  }
  // A minor may have no identity document (a Spanish child under 14 often has no DNI): SES asks
  // for one from the 18th birthday (reference §1.4), so only an adult's number is required.
  if (options.complete && !number && !isMinorOn(record.dateOfBirth, arrivalDay(record, today)))
    add(['passportNumber'], 'validation.documentRequiredForAdult');

  const {
    dateOfBirth: birth,
    documentExpeditionDate: expedition,
    entryDate: entry,
    checkOutDate: checkOut,
  } = record;
  if (birth && birth > today) add(['dateOfBirth'], 'validation.birthInFuture');
  if (birth && entry && entry < birth) add(['entryDate'], 'validation.entryBeforeBirth');
  if (entry && checkOut && checkOut < entry)
    add(['checkOutDate'], 'validation.checkOutBeforeEntry');
  if (expedition && entry && expedition > entry)
    add(['documentExpeditionDate'], 'validation.expeditionAfterEntry');
  else if (expedition && birth && expedition < birth)
    add(['documentExpeditionDate'], 'validation.expeditionBeforeBirth');

  const address = record.address;
  if (address && address.country) {
    if (address.country === SPAIN) {
      const code = address.municipalityCode;
      if (!code) add(['address', 'municipalityCode'], 'validation.municipalityCodeRequired');
      else if (options.municipalityCodes !== false) {
        if (!isIneMunicipalityCode(code))
          add(['address', 'municipalityCode'], 'validation.municipalityCodeUnknown');
        else if (!municipalityFitsPostalCode(code, address.postalCode))
          add(['address', 'municipalityCode'], 'validation.municipalityNotInPostalCodeProvince');
      }
      if (address.postalCode && !SPANISH_POSTAL_CODE.test(address.postalCode))
        add(['address', 'postalCode'], 'validation.postalCode');
    } else if (!address.municipalityName) {
      add(['address', 'municipalityName'], 'validation.municipalityNameRequired');
    }
  }

  const stay = record.stay;
  if (stay?.entryDateTime && stay.exitDateTime && stay.exitDateTime < stay.entryDateTime) {
    add(['stay', 'exitDateTime'], 'validation.exitBeforeEntry');
  }
  return issues;
}

/**
 * The rules of travelerRecordIssues on today's date by a clock: an establishment's (`timeZone`, see
 * establishmentTimeZone), or, where the establishment is not known yet, every Spanish clock: only
 * what is an issue on the mainland's day and on the Canary Islands' alike, so that a check made
 * before the server's never refuses what the establishment's own day allows (the server checks
 * again by that day). The two days differ only in the hour after the mainland's midnight.
 */
export function recordIssuesByClock(
  record: TravelerRecordLike,
  options: { complete: boolean; municipalityCodes?: boolean },
  timeZone?: string,
  now: Date = new Date(),
): RecordIssue[] {
  if (timeZone) return travelerRecordIssues(record, todayIso(now, timeZone), options);
  const mainland = todayIso(now, SPAIN_TIME_ZONE);
  const islands = todayIso(now, CANARY_TIME_ZONE);
  const issues = travelerRecordIssues(record, mainland, options);
  if (islands === mainland) return issues;
  const key = (issue: RecordIssue) => `${issue.path.join('.')}|${issue.message}`;
  const there = new Set(travelerRecordIssues(record, islands, options).map(key));
  return issues.filter((issue) => there.has(key(issue)));
}

const withRecordRules =
  (
    complete: boolean,
    extra?: (
      value: Record<string, unknown>,
      add: (path: string[], message: string) => void,
    ) => void,
    timeZone?: string,
  ) =>
  (value: TravelerRecordLike, ctx: z.RefinementCtx) => {
    for (const issue of recordIssuesByClock(value, { complete }, timeZone)) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    extra?.(value as Record<string, unknown>, (path, message) =>
      ctx.addIssue({ code: 'custom', path, message }),
    );
  };

// ---------------------------------------------------------------------------------------------
// Inputs

/**
 * Every traveler field. Defaults of spec §5 when empty: documentType P, language es,
 * entryDate today, checkOutDate null (or the establishment's walk-in nights, decision 042).
 * documentExpeditionDate stays empty when not given (decision 042 overrides spec §5's today).
 * E-mail and phone have no default: SES needs a real one (decision 006).
 */
export const TravelerFieldsSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  secondLastName: nullish(nameSchema),
  nationality: CountryCodeSchema,
  documentType: nullish(DocumentTypeSchema),
  /** Required from the 18th birthday (see travelerRecordIssues). */
  passportNumber: nullish(DocumentNumberSchema),
  documentSupportNumber: nullish(SupportNumberSchema),
  dateOfBirth: IsoDateSchema,
  gender: GenderSchema,
  documentExpeditionDate: nullish(IsoDateSchema),
  entryDate: nullish(IsoDateSchema),
  checkOutDate: nullish(IsoDateSchema),
  establishmentId: nullish(IdSchema),
  language: nullish(LanguageSchema),
  contactInfo: ContactInfoInputSchema,
  address: nullish(HomeAddressSchema),
  kinship: nullish(KinshipSchema),
  /** Required unless the desk's establishment makes it optional (see emergencyContactIssues). */
  emergencyContact: EmergencyContactFieldsSchema.optional(),
  stay: nullish(StayInputSchema),
});

/**
 * The create input and the registration form, their date rules by a clock (recordIssuesByClock);
 * `emergencyContactOptional`: an emergency contact may be left out (all three fields, or none).
 */
function registrationSchemas(timeZone?: string, emergencyContactOptional = false) {
  const fields = TravelerFieldsSchema.extend(TravelerImagesInputSchema.shape);
  const emergency = (value: Record<string, unknown>, add: (path: string[], m: string) => void) => {
    const contact = value.emergencyContact as EmergencyContactFields | undefined;
    for (const issue of emergencyContactIssues(contact, !emergencyContactOptional))
      add(issue.path as string[], issue.message);
  };
  return {
    create: fields.superRefine(withRecordRules(true, emergency, timeZone)),
    form: fields.superRefine(
      withRecordRules(
        true,
        (value, add) => {
          emergency(value, add);
          if (!value.signatureImage) add(['signatureImage'], 'validation.signatureRequired');
        },
        timeZone,
      ),
    ),
  };
}
const everyClock = registrationSchemas();

/**
 * A registration (the self check-in's, an import's row): the emergency contact required. Its date
 * rules go by every Spanish clock (see recordIssuesByClock): the establishment is not known yet.
 */
export const CreateTravelerInputSchema = everyClock.create;
export type CreateTravelerInput = z.infer<typeof CreateTravelerInputSchema>;

/**
 * POST /api/pilgrims, the desk's registration: CreateTravelerInputSchema with the emergency
 * contact left to the establishment (decision 055): the server requires it unless the
 * establishment's `emergencyContactOptional` is set. The signature is checked by the server (400
 * SIGNATURE_REQUIRED).
 */
export const DeskCreateTravelerInputSchema = registrationSchemas(undefined, true).create;

/** The registration form: the create input plus the signature the form must capture. */
export const TravelerRegistrationFormSchema = everyClock.form;

const byClock = new Map<string, ReturnType<typeof registrationSchemas>>();
/**
 * CreateTravelerInputSchema (`create`) and TravelerRegistrationFormSchema (`form`) with their date
 * rules on an establishment's day, by its clock (establishmentTimeZone): for a form that knows it;
 * with `emergencyContactOptional`, for the desk of an establishment that makes it optional.
 */
export function registrationSchemasFor(
  timeZone: string | undefined,
  emergencyContactOptional = false,
) {
  const key = `${timeZone ?? ''}|${emergencyContactOptional}`;
  let schemas = byClock.get(key);
  if (!schemas) {
    schemas = registrationSchemas(timeZone, emergencyContactOptional);
    byClock.set(key, schemas);
  }
  return schemas;
}

/**
 * PUT /api/pilgrims/{id}: the fields to change. A missing field keeps its value; `''` or null
 * clears an optional one (or restores the default of a defaulted one); `address` and `stay`
 * replace as a whole; `contactInfo` and `emergencyContact` merge key by key; an image replaces
 * the stored one of its kind.
 */
export const UpdateTravelerInputSchema = z
  .object({
    firstName: nameSchema.optional(),
    lastName: nameSchema.optional(),
    secondLastName: nullish(nameSchema),
    nationality: CountryCodeSchema.optional(),
    documentType: nullish(DocumentTypeSchema),
    passportNumber: nullish(DocumentNumberSchema),
    documentSupportNumber: nullish(SupportNumberSchema),
    dateOfBirth: IsoDateSchema.optional(),
    gender: GenderSchema.optional(),
    documentExpeditionDate: nullish(IsoDateSchema),
    entryDate: nullish(IsoDateSchema),
    checkOutDate: nullish(IsoDateSchema),
    establishmentId: nullish(IdSchema),
    language: nullish(LanguageSchema),
    contactInfo: z
      .object({
        email: EmailSchema.optional(),
        phone: PhoneSchema.optional(),
        phone2: nullish(PhoneSchema),
        address: nullish(text(200)),
      })
      .optional(),
    address: nullish(HomeAddressSchema),
    kinship: nullish(KinshipSchema),
    // `''` clears a field: the server refuses a contact left incomplete, or none where the
    // establishment requires one (decision 055).
    emergencyContact: EmergencyContactFieldsSchema.optional(),
    stay: nullish(StayInputSchema),
  })
  .extend(TravelerImagesInputSchema.shape)
  .superRefine(withRecordRules(false));
export type UpdateTravelerInput = z.infer<typeof UpdateTravelerInputSchema>;

/** POST /api/pilgrims/bulk-delete. An empty list is refused by the server (PILGRIM_IDS_REQUIRED). */
export const BulkDeleteTravelersInputSchema = z.object({
  pilgrimIds: z.array(IdSchema).max(1000).nullish(),
});

/**
 * PATCH /api/pilgrims/bulk: the same change to several travelers (the client list's bulk actions,
 * decision 043): check them out on a date, set the payment type of their stay. All or nothing:
 * an id the caller cannot reach answers 404 and nothing changes.
 */
export const BulkUpdateTravelersInputSchema = z
  .object({
    pilgrimIds: z.array(IdSchema).min(1).max(1000),
    checkOutDate: IsoDateSchema.optional(),
    paymentType: PaymentTypeSchema.optional(),
  })
  .refine((value) => value.checkOutDate !== undefined || value.paymentType !== undefined, {
    path: ['checkOutDate'],
    message: 'validation.bulkChangeRequired',
  });
export type BulkUpdateTravelersInput = z.infer<typeof BulkUpdateTravelersInputSchema>;

export const BulkUpdateTravelersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** `updated`: the travelers that changed (one already checked out on that date did not). */
  data: z.object({ requested: z.number().int(), updated: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Queries

export const PILGRIM_SORT_FIELDS = [
  'entryDate',
  'checkOutDate',
  'lastName',
  'firstName',
  'nationality',
  'dateOfBirth',
  'createdAt',
  'updatedAt',
] as const;
export type TravelerSortField = (typeof PILGRIM_SORT_FIELDS)[number];

export const SortOrderSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['asc', 'desc']),
);

const pageSchema = z.coerce.number().int().min(1).max(100000);
const limitSchema = z.coerce.number().int().min(1).max(100);

/** GET /api/pilgrims. Empty values are ignored. */
export const ListTravelersQuerySchema = z.object({
  search: queryParam(z.string().trim().max(100)),
  establishmentId: queryParam(IdSchema),
  nationality: queryParam(CountryCodeSchema),
  documentType: queryParam(DocumentTypeSchema),
  gender: queryParam(GenderSchema),
  entryDateFrom: queryParam(IsoDateSchema),
  entryDateTo: queryParam(IsoDateSchema),
  checkOutDateFrom: queryParam(IsoDateSchema),
  checkOutDateTo: queryParam(IsoDateSchema),
  stayStatus: queryParam(z.enum(STAY_STATUSES)),
  /** `pending`: only self-registrations (check-in link) that staff have not confirmed yet. */
  review: queryParam(z.enum(['pending'])),
  /**
   * `unreportable`: only travelers the parte's pre-flight refuses (the list's "cannot be
   * reported" badge), across all pages (decision 048).
   */
  parte: queryParam(z.enum(['unreportable'])),
  /**
   * Cursor pagination for a partner's sync (decision 068): `start` begins, each answer's
   * `pagination.nextCursor` continues. With it, only `establishmentId` and `limit` apply: the
   * travelers come in the order they were registered.
   */
  cursor: CursorQueryParam,
  page: queryParamWithDefault(pageSchema, 1),
  limit: queryParamWithDefault(limitSchema, 10),
  sortBy: queryParamWithDefault(z.enum(PILGRIM_SORT_FIELDS), 'entryDate'),
  sortOrder: queryParamWithDefault(SortOrderSchema, 'desc'),
  lng: z.string().max(20).optional(),
});
export type ListTravelersQuery = z.infer<typeof ListTravelersQuerySchema>;

/** GET /api/establishments/{id}/pilgrims. */
export const EstablishmentTravelersQuerySchema = z.object({
  page: queryParamWithDefault(pageSchema, 1),
  limit: queryParamWithDefault(limitSchema, 10),
  lng: z.string().max(20).optional(),
});

// ---------------------------------------------------------------------------------------------
// Responses

/**
 * GET /api/pilgrims/{id}/documents/{docId}: `size=preview` answers a copy of at most 640 px a side
 * (WebP) for thumbnails, when smaller than the image; `full` (the default) the image as stored.
 */
export const DOCUMENT_SIZES = ['full', 'preview'] as const;
export type DocumentSize = (typeof DOCUMENT_SIZES)[number];
export const DocumentQuerySchema = z.object({
  size: queryParamWithDefault(z.enum(DOCUMENT_SIZES), 'full'),
  lng: z.string().max(20).optional(),
});

export const DocumentUploadSchema = z.object({
  id: IdSchema,
  kind: z.enum(DOCUMENT_KINDS),
  mimeType: z.string(),
  originalName: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type DocumentUpload = z.infer<typeof DocumentUploadSchema>;

export const HomeAddressOutSchema = z.object({
  street: z.string(),
  complement: z.string().nullable(),
  municipalityCode: z.string().nullable(),
  municipalityName: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
});

export const StayOutSchema = z.object({
  contractReference: z.string().nullable(),
  contractDate: z.string().nullable(),
  entryDateTime: z.string().nullable(),
  exitDateTime: z.string().nullable(),
  numberOfPersons: z.number().int().nullable(),
  numberOfRooms: z.number().int().nullable(),
  internetBooking: z.boolean().nullable(),
  paymentType: z.enum(PAYMENT_TYPES).nullable(),
  paymentDate: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  paymentHolder: z.string().nullable(),
  cardExpiry: z.string().nullable(),
});

/** How a traveler record arrived: the registration form (signed) or a file import (unsigned). */
export const PILGRIM_SOURCES = ['registration', 'import'] as const;
export type TravelerSource = (typeof PILGRIM_SOURCES)[number];

/** Where a traveler went: the authority, the reference it knows them by, and when. */
export const ReportedToSchema = z.object({
  authority: z.enum(AUTHORITIES),
  reference: z.string().nullable(),
  at: z.string(),
});
export type ReportedTo = z.infer<typeof ReportedToSchema>;

export const TravelerSchema = z.object({
  id: IdSchema,
  /** Sequential per establishment and year of entry, e.g. `2026/000123`; null until numbered. */
  reportNumber: z.string().nullable(),
  source: z.enum(PILGRIM_SOURCES),
  firstName: z.string(),
  lastName: z.string(),
  secondLastName: z.string().nullable(),
  nationality: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  /** Null for a minor without an identity document. */
  passportNumber: z.string().nullable(),
  documentSupportNumber: z.string().nullable(),
  dateOfBirth: z.string(),
  gender: z.enum(GENDERS),
  /** Null when not given (decision 042: never made up). */
  documentExpeditionDate: z.string().nullable(),
  entryDate: z.string(),
  checkOutDate: z.string().nullable(),
  daysOfStay: z.number().int(),
  stayStatus: z.enum(STAY_STATUSES).nullable(),
  establishmentId: IdSchema,
  establishment: z.object({ id: IdSchema, name: z.string() }),
  language: z.string(),
  contactInfo: z.object({
    email: z.string(),
    phone: z.string(),
    phone2: z.string().nullable(),
    address: z.string().nullable(),
  }),
  address: HomeAddressOutSchema.nullable(),
  kinship: z.enum(KINSHIP_CODES).nullable(),
  /** All three empty: none given (an establishment that makes it optional at the desk). */
  emergencyContact: z.object({
    name: z.string(),
    phone: z.string(),
    relationship: z.union([z.enum(EMERGENCY_RELATIONSHIPS), z.literal('')]),
  }),
  stay: StayOutSchema,
  documentUploads: z.array(DocumentUploadSchema),
  /** Set when the traveler registered through a check-in link (null: registered by staff). */
  selfRegistration: z
    .object({ status: z.enum(['pending', 'confirmed']), confirmationCode: z.string() })
    .nullable()
    .optional(),
  /**
   * Where the traveler was last reported, and under which reference (decision 057): `ses`, the
   * lote of the stored parte; `mossos`, the file whose upload the owner confirmed; null: not yet.
   */
  reportedTo: ReportedToSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Traveler = z.infer<typeof TravelerSchema>;

export const TravelerResponseSchema = z.object({
  success: z.literal(true),
  data: TravelerSchema,
  message: z.string().optional(),
});

export const TravelerListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(TravelerSchema),
  pagination: PaginationSchema,
});
export type TravelerListResponse = z.infer<typeof TravelerListResponseSchema>;
/** A page of a cursor walk (`cursor` given): no total, the cursor of the next page or null. */
export const TravelerCursorPageSchema = z.object({
  success: z.literal(true),
  data: z.array(TravelerSchema),
  pagination: CursorPaginationSchema,
});

// ---------------------------------------------------------------------------------------------
// A traveler's history: the audit log's entries about the record, for its establishment's staff

/** What a traveler's history tells (the audit log's actions about one record). */
export const PILGRIM_HISTORY_ACTIONS = [
  'pilgrim.created',
  'pilgrim.self_registered',
  'pilgrim.self_registration_confirmed',
  'pilgrim.updated',
  'pilgrim.document_viewed',
  'pilgrim.documents_deleted',
  'pilgrim.pdf_generated',
  'pilgrim.pdf_emailed',
  'pilgrim.ses_cancelled',
  'pilgrim.authority_uploaded',
  'pilgrim.authority_upload_undone',
] as const;
export type TravelerHistoryAction = (typeof PILGRIM_HISTORY_ACTIONS)[number];

/** GET /api/pilgrims/{id}/history: newest first, 20 a page by default. */
export const TravelerHistoryQuerySchema = z.object({
  page: queryParamWithDefault(pageSchema, 1),
  limit: queryParamWithDefault(limitSchema, 20),
  lng: z.string().max(20).optional(),
});

export const TravelerHistoryEntrySchema = z.object({
  id: IdSchema,
  at: z.string(),
  action: z.enum(PILGRIM_HISTORY_ACTIONS),
  /**
   * Who: a member of the establishment's staff, the platform's support (an admin), the traveler
   * (a check-in link) or the server itself.
   */
  by: z.enum(['staff', 'support', 'traveler', 'system']),
  /**
   * The person, for staff (their e-mail only to an admin) and, to an admin only, for support;
   * otherwise null.
   */
  actor: z.object({ id: IdSchema, name: z.string(), email: z.string().nullable() }).nullable(),
  /** A change: the fields that changed (`contactInfo.phone`, `stay.paymentType`…). */
  fields: z.array(z.string()),
  /** A change or a registration: the document images stored; a view: the image seen. */
  documents: z.array(z.enum(DOCUMENT_KINDS)),
  /** A view: the full image or its preview. */
  size: z.enum(DOCUMENT_SIZES).nullable(),
  /** A registration: `import` for one read from a file, else null. */
  source: z.string().nullable(),
  /** A sheet sent by e-mail: the address it went to (who received the data), else null. */
  sentTo: z.string().nullable(),
  /**
   * A confirmation that moved the day of arrival (decision 031): the entry date it set and the
   * one before, else null.
   */
  arrival: z.object({ entryDate: z.string(), from: z.string() }).nullable(),
  /** A confirmation that moved the arrival to another year: the report number it gave, and the one before. */
  renumbered: z.object({ reportNumber: z.string(), from: z.string() }).nullable(),
  /**
   * A cancellation sent to SES.HOSPEDAJES (decision 045): the code of the communication, its kind
   * and why (`cancel`, `correct`: the first half of a correction, `delete`); else null.
   */
  ses: z
    .object({
      communicationCode: z.string(),
      kind: z.enum(['PV', 'RH']),
      reason: z.enum(['cancel', 'correct', 'delete']),
    })
    .nullable()
    .optional(),
  /** A file uploaded to a regional authority's portal (decision 057): where, under which name. */
  report: z
    .object({ authority: z.enum(AUTHORITIES), reference: z.string() })
    .nullable()
    .optional(),
});
export type TravelerHistoryEntry = z.infer<typeof TravelerHistoryEntrySchema>;

export const TravelerHistoryResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(TravelerHistoryEntrySchema),
  pagination: PaginationSchema,
});
export type TravelerHistoryResponse = z.infer<typeof TravelerHistoryResponseSchema>;

export const DeleteTravelerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: IdSchema }),
});

export const BulkDeleteTravelersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ requested: z.number().int(), deleted: z.number().int() }),
});

/** First name, surname and second surname, as a traveler is named (spec §2). */
export function fullName(person: {
  firstName: string;
  lastName: string;
  secondLastName?: string | null;
}): string {
  return [person.firstName, person.lastName, person.secondLastName].filter(Boolean).join(' ');
}
