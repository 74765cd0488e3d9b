/**
 * The Mossos d'Esquadra's file (decision 057): its pre-flight (the SES parte's rules, which the
 * V24 layout carries field for field, plus what the file itself needs), and the contract of its
 * download and of the owner's "uploaded" record. The layout itself is the server's
 * lib/mossos/mossos-v24.ts.
 */
import { IdSchema } from './common';
import { IsoDateSchema } from './fields';
import {
  preflightSes,
  sesText,
  type SesEstablishment,
  type SesProblem,
  type SesTraveler,
} from './ses-preflight';
import { z } from './zod';

/** The layout version record 1 names (reference ses-hospedajes.md §3, [UNCONFIRMED]). */
export const MOSSOS_LAYOUT_VERSION = 'V24';

/**
 * The identifier the portal gives an establishment ("Dades de l'establiment", e.g. `08043AAR02`):
 * 9 or 10 letters and digits. Hospes keeps it in the establishment's code field.
 */
export const MOSSOS_IDENTIFIER_PATTERN = /^[A-Z0-9]{9,10}$/;
export const mossosIdentifier = (value: string | null | undefined) => sesText(value).toUpperCase();

/** The portal's login page, where the file is uploaded. */
export const MOSSOS_PORTAL_URL =
  'https://registreviatgers.mossos.gencat.cat/mossos_hotels/AppJava/login.do';

/** Characters the file can carry: ISO-8859-1 ([UNCONFIRMED]), without the separators. */
const NOT_IN_FILE = /[^\u0020-\u007e\u00a0-\u00ff]|\|/u;

/** The text fields of a traveler the file writes, by their path in the view model. */
function textFields(t: SesTraveler): [string, string | null | undefined][] {
  return [
    ['firstName', t.firstName],
    ['lastName', t.lastName],
    ['secondLastName', t.secondLastName],
    ['passportNumber', t.passportNumber],
    ['documentSupportNumber', t.documentSupportNumber],
    ['contactInfo.email', t.contactInfo.email],
    ['contactInfo.phone', t.contactInfo.phone],
    ['address.street', t.address?.street],
    ['address.municipalityName', t.address?.municipalityName],
    ['address.postalCode', t.address?.postalCode],
    ['stay.contractReference', t.stay?.contractReference],
  ];
}

/**
 * Every rule the Mossos file breaks, for the travelers of one file (a parte: contracts in course):
 * the SES parte's (the same RD 933/2021 data), the portal's identifier instead of the SES code,
 * and no character the file's encoding cannot carry.
 */
export function preflightMossos(
  travelers: readonly SesTraveler[],
  establishment: SesEstablishment,
): SesProblem[] {
  const identifier = mossosIdentifier(establishment.establishmentCode);
  const problems = preflightSes(
    travelers,
    { ...establishment, establishmentCode: identifier || '-' },
    { kind: 'PV' },
  ).filter((p) => p.travelerId !== null);
  if (!MOSSOS_IDENTIFIER_PATTERN.test(identifier))
    problems.unshift({
      travelerId: null,
      field: 'establishment.establishmentCode',
      code: 'ses.mossosIdentifierInvalid',
    });
  if (NOT_IN_FILE.test(sesText(establishment.name)))
    problems.push({ travelerId: null, field: 'establishment.name', code: 'ses.notInFileEncoding' });
  for (const traveler of travelers)
    for (const [field, value] of textFields(traveler))
      if (NOT_IN_FILE.test(sesText(value)))
        problems.push({ travelerId: traveler.id, field, code: 'ses.notInFileEncoding' });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The contract
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/establishments/{id}/mossos-file: the chosen travelers, or the arrivals of a date range
 * (none: the establishment's today).
 */
export const MossosFileInputSchema = z
  .object({
    pilgrimIds: z.array(IdSchema).min(1).max(500).optional(),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
  })
  .refine((v) => !(v.from && v.to && v.to < v.from), {
    message: 'validation.periodOrder',
    path: ['to'],
  });
export type MossosFileInput = z.infer<typeof MossosFileInputSchema>;

/** The receipt PDF an owner may attach to an upload: at most this many bytes. */
export const MOSSOS_RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * An upload to a regional portal, recorded by the owner: the file's name (its reference) and the
 * travelers it held, with the portal's receipt when given.
 */
export const AuthorityUploadSchema = z.object({
  id: IdSchema,
  establishmentId: IdSchema,
  authority: z.enum(['mossos']),
  /** The file's name (`08043AAR02.004`), the reference the portal shows. */
  reference: z.string(),
  travelers: z.number().int(),
  /** Whether the owner confirmed the upload on the portal, and when. */
  uploaded: z.boolean(),
  uploadedAt: z.string().nullable(),
  hasReceipt: z.boolean(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type AuthorityUpload = z.infer<typeof AuthorityUploadSchema>;

export const AuthorityUploadResponseSchema = z.object({
  success: z.literal(true),
  data: AuthorityUploadSchema,
  message: z.string().optional(),
});
