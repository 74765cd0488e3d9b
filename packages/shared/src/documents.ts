/**
 * Registration documents: the contract of the PDF, e-mail, export, import and SES.HOSPEDAJES file
 * calls (apps/server/src/modules/documents). The column list is the file format of the export and
 * the import: an exported file imports back as it is.
 */
import { IdSchema } from './common';
import { ErrorDetailSchema } from './errors';
import { IsoDateSchema, queryParam, queryParamWithDefault } from './fields';
import { ListTravelersQuerySchema, TravelerFieldsSchema } from './travelers';
import { z } from './zod';

// ---------------------------------------------------------------------------------------------
// PDF and e-mail

/** GET /api/pilgrims/{id}/pdf, GET /api/travelers/{id}/pdf. Default language: the traveler's. */
export const PdfQuerySchema = z.object({
  language: queryParam(z.string().trim().max(20)),
  lng: z.string().max(20).optional(),
});

/**
 * POST /api/pilgrims/{id}/send-pdf. The server answers 400 EMAIL_REQUIRED for an empty or missing
 * address and 400 VALIDATION_FAILED (`validation.email`) for one that is not an address.
 */
export const SendPdfInputSchema = z.object({
  email: z.string().max(254).nullish(),
});
export type SendPdfInput = z.infer<typeof SendPdfInputSchema>;

/** At most this many e-mails with a PDF per user and hour. */
export const SEND_PDF_PER_HOUR = 30;

export const SendPdfResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ to: z.string(), reportNumber: z.string().nullable() }),
});

// ---------------------------------------------------------------------------------------------
// The traveler file: columns of the export, the import and the template

/**
 * `code`: a value of a code table (the sex, the document type, the kinship, the payment type…),
 * written as the word of the file's language (Mujer, Hermano/a, Efectivo); an import reads the
 * code or the word of any of the 16 languages. `boolean`: yes or no in the file's language.
 */
export type TravelerColumnType = 'text' | 'date' | 'number' | 'boolean' | 'dateTime' | 'code';

export interface TravelerColumn {
  /** The API path of the value (`contactInfo.email`); also accepted as a header on import. */
  key: string;
  type: TravelerColumnType;
  /** Read on import; the others (report number, establishment…) are exported only. */
  importable: boolean;
}

const col = (
  key: string,
  type: TravelerColumnType = 'text',
  importable = true,
): TravelerColumn => ({
  key,
  type,
  importable,
});

/** Every traveler field a lodging needs (not the images), in file order. */
export const TRAVELER_COLUMNS: readonly TravelerColumn[] = [
  col('reportNumber', 'text', false),
  col('firstName'),
  col('lastName'),
  col('secondLastName'),
  col('gender', 'code'),
  col('dateOfBirth', 'date'),
  col('nationality'),
  col('documentType', 'code'),
  col('passportNumber'),
  col('documentSupportNumber'),
  col('documentExpeditionDate', 'date'),
  col('entryDate', 'date'),
  col('checkOutDate', 'date'),
  col('daysOfStay', 'number', false),
  col('language', 'code'),
  col('contactInfo.email'),
  col('contactInfo.phone'),
  col('contactInfo.phone2'),
  col('contactInfo.address'),
  col('address.street'),
  col('address.complement'),
  col('address.municipalityCode'),
  col('address.municipalityName'),
  col('address.postalCode'),
  col('address.country'),
  col('kinship', 'code'),
  col('emergencyContact.name'),
  col('emergencyContact.phone'),
  col('emergencyContact.relationship', 'code'),
  col('stay.contractReference'),
  col('stay.contractDate', 'date'),
  col('stay.entryDateTime', 'dateTime'),
  col('stay.exitDateTime', 'dateTime'),
  col('stay.numberOfPersons', 'number'),
  col('stay.numberOfRooms', 'number'),
  col('stay.internetBooking', 'boolean'),
  col('stay.paymentType', 'code'),
  col('stay.paymentDate', 'date'),
  col('stay.paymentMethod'),
  col('stay.paymentHolder'),
  col('stay.cardExpiry'),
  col('establishment', 'text', false),
  col('source', 'code', false),
  col('createdAt', 'dateTime', false),
];

/** The columns a file must have (their values are required for every traveler). */
export const REQUIRED_IMPORT_COLUMNS = [
  'firstName',
  'lastName',
  'nationality',
  'passportNumber',
  'dateOfBirth',
  'gender',
  'entryDate',
  'contactInfo.email',
  'contactInfo.phone',
  'emergencyContact.name',
  'emergencyContact.phone',
  'emergencyContact.relationship',
] as const;

// ---------------------------------------------------------------------------------------------
// Export

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** At most this many ids in `ids=` (the current page of the list). */
export const EXPORT_MAX_IDS = 500;

/** Comma-separated (`ids=a,b`) or repeated (`ids=a&ids=b`) ids. */
const IdListParam = z.preprocess((value) => {
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) =>
    typeof v === 'string' ? v.split(',') : [],
  );
  const ids = parts.map((s) => s.trim()).filter(Boolean);
  return ids.length ? ids : undefined;
}, z.array(IdSchema).max(EXPORT_MAX_IDS).optional());

/**
 * GET /api/pilgrims/export: the filters of GET /api/pilgrims (no paging), the format, and
 * optionally the ids to export (e.g. the current page). Rows are ordered by entry date
 * (`sortOrder`, default desc) then id; with `ids`, in the order of the ids (the page as shown).
 * `sortBy` is accepted and ignored.
 */
export const ExportTravelersQuerySchema = ListTravelersQuerySchema.omit({
  page: true,
  limit: true,
}).extend({
  format: queryParamWithDefault(z.enum(EXPORT_FORMATS), 'xlsx'),
  ids: IdListParam,
});
export type ExportTravelersQuery = z.infer<typeof ExportTravelersQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Import

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Data rows per file. */
export const IMPORT_MAX_ROWS = 10_000;
/**
 * What an .xlsx may hold once unpacked (its XML parts together). A full file of 10,000 travelers
 * with every column filled in holds about 30 MB; a few MB of ZIP can unpack to gigabytes.
 */
export const IMPORT_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

/** GET /api/pilgrims/import/template. */
export const ImportTemplateQuerySchema = z.object({
  format: queryParamWithDefault(z.enum(IMPORT_FORMATS), 'xlsx'),
  lng: z.string().max(20).optional(),
});

/**
 * One imported row: the traveler fields of POST /api/pilgrims without the establishment (given
 * once for the file), the images and the signature (decision 012: imported travelers are marked
 * `source: 'import'` and carry no signature). The entry date is required: a file holds past
 * stays, which the desk's default (today) would misdate.
 */
export const ImportRowSchema = TravelerFieldsSchema.omit({ establishmentId: true }).extend({
  entryDate: IsoDateSchema,
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const IMPORT_ROW_STATUSES = ['valid', 'invalid', 'duplicate'] as const;

export const ImportRowReportSchema = z.object({
  /** The row in the sheet (the header is row 1). */
  row: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** For `invalid` rows: field (API path), column (the file's header), code and text. */
  errors: z.array(ErrorDetailSchema.extend({ column: z.string().optional() })),
  /** The cell texts by column key, as read. */
  values: z.record(z.string(), z.string()),
});
export type ImportRowReport = z.infer<typeof ImportRowReportSchema>;

const ImportSummarySchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  establishmentId: IdSchema,
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  /** Headers of the file that were not recognised (and were ignored). */
  ignoredColumns: z.array(z.string()),
});

/** POST /api/pilgrims/import/preview: every row with its problems; nothing is stored. */
export const ImportPreviewResponseSchema = z.object({
  success: z.literal(true),
  data: ImportSummarySchema.extend({ rows: z.array(ImportRowReportSchema) }),
});

/** POST /api/pilgrims/import: the valid rows were stored (one transaction); the others skipped. */
export const ImportResultResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ImportSummarySchema.extend({
    imported: z.number().int(),
    pilgrimIds: z.array(IdSchema),
    skipped: z.array(ImportRowReportSchema.omit({ values: true })),
  }),
});

// ---------------------------------------------------------------------------------------------
// SES.HOSPEDAJES files

export const SES_FILE_KINDS = ['PV', 'RH'] as const;
export const SES_FILE_FORMATS = ['xml', 'solicitud'] as const;

/**
 * POST /api/establishments/{id}/ses-xml. The travelers: `pilgrimIds` (of that establishment), or
 * those whose entry date is within `from`–`to` (inclusive; either may be left open); with
 * neither, today's arrivals. `format`: the XML file (default) or the `solicitud` of the web
 * service (the XML zipped, then Base64).
 */
export const SesFileInputSchema = z
  .object({
    kind: z.enum(SES_FILE_KINDS),
    pilgrimIds: z.array(IdSchema).min(1).max(1000).optional(),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    format: z.enum(SES_FILE_FORMATS).default('xml'),
  })
  .refine((v) => !(v.from && v.to && v.to < v.from), {
    message: 'validation.periodOrder',
    path: ['to'],
  });
export type SesFileInput = z.infer<typeof SesFileInputSchema>;
