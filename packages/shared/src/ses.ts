/**
 * Sending to SES.HOSPEDAJES from Hospes (decision 035): an establishment's web-service connection,
 * the requests sent (one lote each) and what became of each traveler's communication.
 */
import { IdSchema } from './common';
import { SES_FILE_KINDS } from './documents';
import { IsoDateSchema } from './fields';
import { z } from './zod';

export const SES_ENVIRONMENTS = ['production', 'test'] as const;
export const SesEnvironmentSchema = z.enum(SES_ENVIRONMENTS);
export type SesEnvironment = z.infer<typeof SesEnvironmentSchema>;

/** The services Hospes sends to: SES.HOSPEDAJES, and the Ertzaintza's A19 (decision 056). */
export const SesAuthoritySchema = z.enum(['ses', 'ertzaintza']);
export type SesAuthority = z.infer<typeof SesAuthoritySchema>;

/**
 * PUT /api/establishments/{id}/ses-connection: the web-service user the Ministry issued (not the
 * portal's login; e.g. `B12345678WS`), its password and which service it belongs to. The password
 * may be left out to keep the one stored (same user, same service). Printable characters only:
 * they travel in an HTTP Basic header, where a user cannot hold a colon (RFC 7617).
 */
export const SesConnectionInputSchema = z.object({
  user: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[\x21-\x39\x3b-\x7e]+$/, 'validation.sesUser'),
  password: z
    .string()
    .min(1)
    .max(100)
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\x00-\x1f\x7f]+$/, 'validation.invalidCharacters')
    .optional(),
  environment: SesEnvironmentSchema.default('production'),
});
export type SesConnectionInput = z.infer<typeof SesConnectionInputSchema>;

/** The connection as it is shown: never the password, only whether one is stored. */
export const SesConnectionSchema = z.object({
  /** Null: no connection (files are downloaded and uploaded by hand). */
  user: z.string().nullable(),
  passwordSet: z.boolean(),
  environment: SesEnvironmentSchema,
  /** The lessor code (codigoArrendador) the requests carry, from the establishment's data. */
  landlordCode: z.string().nullable(),
  /**
   * On the removal of the web-service user: whether automatic send modes were on and were set back
   * to manual (decision 048).
   */
  sendModesReset: z.boolean().optional(),
});
export type SesConnection = z.infer<typeof SesConnectionSchema>;

export const SES_CHECK_OUTCOMES = [
  'ok',
  'refused',
  'unauthorized',
  'tls',
  'network',
  'timeout',
  'http',
  'fault',
  'malformed',
] as const;

/** POST /api/establishments/{id}/ses-connection/check: whether the service takes the credentials. */
export const SesConnectionCheckSchema = z.object({
  outcome: z.enum(SES_CHECK_OUTCOMES),
  /** The service's own code and text when it answered one. */
  code: z.number().int().nullable(),
  text: z.string().nullable(),
});
export type SesConnectionCheck = z.infer<typeof SesConnectionCheckSchema>;

/**
 * POST /api/establishments/{id}/ses-submissions: send partes (PV) or reservas (RH) of the chosen
 * travelers, or of the arrivals of a date range (today by default). Travelers already reported
 * (stored by the service, or sent and not answered yet) are left out unless `resend` is true.
 */
export const SesSendInputSchema = z
  .object({
    kind: z.enum(SES_FILE_KINDS),
    pilgrimIds: z.array(IdSchema).min(1).max(1000).optional(),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    resend: z.boolean().optional(),
  })
  .refine((v) => !(v.from && v.to && v.to < v.from), {
    message: 'validation.periodOrder',
    path: ['to'],
  });
export type SesSendInput = z.infer<typeof SesSendInputSchema>;

export const SES_SUBMISSION_STATES = [
  'sending',
  'queued',
  'processed',
  'refused',
  'failed',
  'uncertain',
] as const;
export type SesSubmissionState = (typeof SES_SUBMISSION_STATES)[number];

/** What became of one traveler's communication. */
export const SES_TRAVELER_OUTCOMES = [
  'pending',
  'stored',
  'rejected',
  'notSent',
  'unknown',
  /** A cancellation (operation B) the Ministry carried out (decision 045). */
  'cancelled',
] as const;
export type SesTravelerOutcome = (typeof SES_TRAVELER_OUTCOMES)[number];

export const SesSubmissionTravelerSchema = z.object({
  pilgrimId: IdSchema,
  name: z.string(),
  /** Position of its communication (one per stay) in the request, from 1. */
  order: z.number().int(),
  outcome: z.enum(SES_TRAVELER_OUTCOMES),
  /** The code the service stored the communication under. */
  communicationCode: z.string().nullable(),
  error: z.string().nullable(),
});

/**
 * A correction's new alta (decision 048): `waiting` for the Ministry to process the cancellation's
 * lote, `sending`, `sent`, or `failed` (the cancellation was refused, or the new alta could not
 * go: `correctionError` says why, and it was not sent).
 */
export const SES_CORRECTION_STATES = ['waiting', 'sending', 'sent', 'failed'] as const;
export type SesCorrectionState = (typeof SES_CORRECTION_STATES)[number];

/** The manual's tipoOperacion: A an alta, B a cancellation of stored communications. */
export const SES_OPERATIONS = ['A', 'B'] as const;
export type SesOperation = (typeof SES_OPERATIONS)[number];

export const SesSubmissionSchema = z.object({
  id: IdSchema,
  establishmentId: IdSchema,
  kind: z.enum(SES_FILE_KINDS),
  /** Where it went: SES.HOSPEDAJES, or the Ertzaintza's A19 service (decision 056). Absent: SES. */
  authority: SesAuthoritySchema.optional(),
  /** A: partes or reservas sent; B: the cancellation of stored ones (decision 045). Absent: A. */
  operation: z.enum(SES_OPERATIONS).optional(),
  /** A correction's cancellation and its new alta share this id. */
  correctionId: IdSchema.nullable().optional(),
  environment: SesEnvironmentSchema,
  state: z.enum(SES_SUBMISSION_STATES),
  lote: z.string().nullable(),
  responseCode: z.number().int().nullable(),
  responseText: z.string().nullable(),
  failure: z.string().nullable(),
  loteState: z.number().int().nullable(),
  loteStateText: z.string().nullable(),
  communications: z.number().int(),
  /** Travelers per outcome. */
  counts: z.object({
    travelers: z.number().int(),
    stored: z.number().int(),
    rejected: z.number().int(),
    pending: z.number().int(),
  }),
  sentByName: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** Whether Hospes still asks the service about it by itself. */
  checking: z.boolean(),
  /** Travelers left out because they were already reported (a send only). */
  skipped: z.number().int().optional(),
  travelers: z.array(SesSubmissionTravelerSchema).optional(),
});
export type SesSubmission = z.infer<typeof SesSubmissionSchema>;

export const SesSubmissionResponseSchema = z.object({
  success: z.literal(true),
  data: SesSubmissionSchema,
});

export const SesSubmissionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lng: z.string().max(20).optional(),
});

/** One communication of a traveler (their record's history), newest first. */
export const SesTravelerCommunicationSchema = z.object({
  submissionId: IdSchema,
  /** The establishment it was sent for (a cancellation is asked there). */
  establishmentId: IdSchema.optional(),
  kind: z.enum(SES_FILE_KINDS),
  authority: SesAuthoritySchema.optional(),
  /**
   * A: the traveler sent; B: the cancellation of their stored communication `communicationCode`
   * (decision 045). Absent: A.
   */
  operation: z.enum(SES_OPERATIONS).optional(),
  /** A correction's cancellation and its new alta share this id (shown together). */
  correctionId: IdSchema.nullable().optional(),
  /**
   * An alta stored: whether its cancellation is on its way (`pending`), carried out (`done`) or
   * went unanswered (`unknown`); null when none was asked, or it was refused.
   */
  cancellation: z.enum(['pending', 'done', 'unknown']).nullable().optional(),
  /** A correction's cancellation (B): what became of its new alta (decision 048). */
  correctionState: z.enum(SES_CORRECTION_STATES).nullable().optional(),
  /** Why the correction failed: the Ministry's reason, or why the new alta could not go. */
  correctionError: z.string().nullable().optional(),
  environment: SesEnvironmentSchema,
  state: z.enum(SES_SUBMISSION_STATES),
  outcome: z.enum(SES_TRAVELER_OUTCOMES),
  lote: z.string().nullable(),
  communicationCode: z.string().nullable(),
  error: z.string().nullable(),
  responseText: z.string().nullable(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type SesTravelerCommunication = z.infer<typeof SesTravelerCommunicationSchema>;

/**
 * What became of a traveler's communication, from its request's state and its own result:
 * stored (a code), rejected (an error, or the whole lote refused), pending (queued, or on its way),
 * notSent (never reached the service), unknown (sent and never answered).
 */
export function sesTravelerOutcome(
  state: SesSubmissionState,
  item: { communicationCode: string | null; error: string | null },
): SesTravelerOutcome {
  if (item.communicationCode) return 'stored';
  if (item.error) return 'rejected';
  switch (state) {
    case 'sending':
    case 'queued':
      return 'pending';
    case 'refused':
      return 'rejected';
    case 'failed':
      return 'notSent';
    case 'uncertain':
      return 'unknown';
    case 'processed':
      // A processed lote without a result for this communication: the service did not say.
      return 'unknown';
  }
}

/**
 * What became of a cancellation (operation B), from its request's state and its lote's: carried
 * out once the lote is processed without errors (state 1); a lote with errors did not cancel it.
 */
export function sesCancellationOutcome(
  state: SesSubmissionState,
  loteState: number | null,
): SesTravelerOutcome {
  switch (state) {
    case 'sending':
    case 'queued':
      return 'pending';
    case 'processed':
      return loteState === 1 ? 'cancelled' : 'rejected';
    case 'refused':
      return 'rejected';
    case 'failed':
      return 'notSent';
    case 'uncertain':
      return 'unknown';
  }
}

/**
 * POST /api/pilgrims/{id}/ses/correct: cancel the traveler's stored communication of this kind
 * and send it again with the record as it is now (decision 045). The environment is the one it
 * was stored on.
 */
export const SesCorrectInputSchema = z.object({
  kind: z.enum(SES_FILE_KINDS).default('PV'),
});
export type SesCorrectInput = z.infer<typeof SesCorrectInputSchema>;

/**
 * A correction's two requests: the cancellation, and the new alta. The new alta leaves only once
 * the Ministry has processed the cancellation (decision 048): it is null in the answer, and
 * `state` says `waiting` (or `failed`, with `error`, when the cancellation did not go).
 */
export const SesCorrectionSchema = z.object({
  correctionId: IdSchema,
  cancellation: SesSubmissionSchema,
  alta: SesSubmissionSchema.nullable(),
  state: z.enum(SES_CORRECTION_STATES).optional(),
  error: z.string().nullable().optional(),
});
export type SesCorrection = z.infer<typeof SesCorrectionSchema>;

/** POST /api/establishments/{id}/ses/communications/{code}/cancel: the communication's code. */
export const SesCommunicationCodeSchema = z.string().trim().min(1).max(36);

/** What the Ministry holds under a code (consultaComunicacion), as far as Hospes shows it. */
export const SesHeldCommunicationSchema = z.object({
  code: z.string(),
  kind: z.string(),
  cancelled: z.boolean(),
  reference: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  registeredAt: z.string().nullable(),
  persons: z.number().int(),
});
export type SesHeldCommunication = z.infer<typeof SesHeldCommunicationSchema>;
