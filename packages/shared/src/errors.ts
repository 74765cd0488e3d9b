import { z } from './zod';

/**
 * The one catalogue of error codes. The HTTP status comes from here; the human text comes
 * from `locales/<lng>/errors.json`, keyed by the code.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400 },
  INVALID_JSON: { status: 400 },
  /** A request that is not HTTP the server can read (answered before any route). */
  BAD_REQUEST: { status: 400 },
  /** An address or headers over the server's limit (16 KB). */
  HEADERS_TOO_LARGE: { status: 431 },
  /** A request whose headers or body did not arrive in time (Node's request timeouts). */
  REQUEST_TIMEOUT: { status: 408 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  FILE_TOO_LARGE: { status: 413 },
  UNSUPPORTED_IMAGE_TYPE: { status: 415 },
  HEIC_NOT_SUPPORTED: { status: 415 },
  IMAGE_UNREADABLE: { status: 400 },
  /** A photo over the public check-in's pixel cap (CHECKIN_SCAN_MAX_MEGAPIXELS), by its header. */
  IMAGE_TOO_MANY_PIXELS: { status: 413 },
  MRZ_NOT_FOUND: { status: 422 },
  IDEMPOTENCY_KEY_REUSED: { status: 422 },
  TERMS_NOT_ACCEPTED: { status: 400 },
  PILGRIM_IDS_REQUIRED: { status: 400 },
  SIGNATURE_REQUIRED: { status: 400 },
  RESET_LINK_INVALID: { status: 400 },
  /** An e-mailed sign-in link unknown, used or past its 15 minutes (decision 049). */
  SIGN_IN_LINK_INVALID: { status: 400 },
  /** A new password found in the list of common and leaked passwords (decision 040). */
  PASSWORD_TOO_COMMON: { status: 400 },
  UNAUTHENTICATED: { status: 401 },
  SESSION_EXPIRED: { status: 401 },
  INVALID_CREDENTIALS: { status: 401 },
  CURRENT_PASSWORD_INCORRECT: { status: 401 },
  VERIFICATION_LINK_INVALID: { status: 401 },
  ESTABLISHMENT_CREATE_UNAUTHENTICATED: { status: 401 },
  FORBIDDEN: { status: 403 },
  /** An API key unknown, revoked or past its expiry (decision 068). */
  API_KEY_INVALID: { status: 401 },
  /** A call only a person's session may make (passwords, the team, keys, admin): decision 068. */
  API_KEY_NOT_ALLOWED: { status: 403 },
  API_KEY_NOT_FOUND: { status: 404 },
  EMAIL_NOT_VERIFIED: { status: 403 },
  ACCOUNT_DISABLED: { status: 403 },
  ESTABLISHMENTS_FORBIDDEN: { status: 403 },
  /** An invitation link opened while signed in as another account than the invited e-mail's. */
  INVITATION_OTHER_ACCOUNT: { status: 403 },
  /** An invitation link unknown, used, revoked, replaced by a resend or past its 7 days. */
  INVITATION_INVALID: { status: 400 },
  INVITATION_NOT_FOUND: { status: 404 },
  /** The invited e-mail has an account: it signs in and joins (POST /team/invitations/join). */
  INVITATION_SIGN_IN_REQUIRED: { status: 409 },
  ALREADY_MEMBER: { status: 409 },
  MEMBER_NOT_FOUND: { status: 404 },
  /** An establishment keeps at least one owner (decision 058). */
  LAST_OWNER: { status: 409 },
  ROLE_NOT_FOUND: { status: 404 },
  ROLE_NAME_TAKEN: { status: 409 },
  ROLE_IN_USE: { status: 409 },
  SESSION_NOT_FOUND: { status: 404 },
  /**
   * An unsafe request authenticated by the session cookie without a valid X-CSRF-Token
   * (decision 050); bearer requests never get it.
   */
  CSRF_TOKEN_INVALID: { status: 403 },
  NOT_FOUND: { status: 404 },
  USER_NOT_FOUND: { status: 404 },
  ESTABLISHMENT_NOT_FOUND: { status: 404 },
  PILGRIM_NOT_FOUND: { status: 404 },
  DOCUMENT_NOT_FOUND: { status: 404 },
  CHECKIN_LINK_INVALID: { status: 404 },
  RESERVATION_NOT_FOUND: { status: 404 },
  RESERVATION_FEED_NOT_FOUND: { status: 404 },
  /** Every guest of the reservation has registered through its link (decision 066). */
  RESERVATION_CHECKIN_COMPLETE: { status: 409 },
  /** A guest's own check-in link was used already (decision 071). */
  CHECKIN_GUEST_REGISTERED: { status: 409 },
  /** An unknown (or renewed) secret of a reservations calendar export. */
  CALENDAR_EXPORT_NOT_FOUND: { status: 404 },
  /** Webhooks (decision 069). */
  WEBHOOK_NOT_FOUND: { status: 404 },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404 },
  /** Not https (unless WEBHOOKS_ALLOW_HTTP), or a name or address outside the public internet. */
  WEBHOOK_URL_REFUSED: { status: 400 },
  WEBHOOK_LIMIT_REACHED: { status: 409 },
  METHOD_NOT_ALLOWED: { status: 405 },
  EMAIL_OR_NIF_TAKEN: { status: 409 },
  EMAIL_TAKEN: { status: 409 },
  NIF_TAKEN: { status: 409 },
  ESTABLISHMENT_RECORDS_RETAINED: { status: 409 },
  DOCUMENT_PHOTOS_KEPT: { status: 409 },
  LAST_ADMIN: { status: 409 },
  CANNOT_DEACTIVATE_SELF: { status: 409 },
  USER_INACTIVE: { status: 409 },
  TOO_MANY_REQUESTS: { status: 429 },
  /** An account past its ceiling of wrong passwords: the e-mailed sign-in link still works (049). */
  LOGIN_LOCKED: { status: 429 },
  INTERNAL: { status: 500 },
  SERVICE_UNAVAILABLE: { status: 503 },
  OCR_BUSY: { status: 503 },
  OCR_TIMEOUT: { status: 503 },
  // Registration documents (PDF, e-mail, import, SES.HOSPEDAJES files)
  EMAIL_REQUIRED: { status: 400 },
  IMPORT_FILE_INVALID: { status: 400 },
  /** A reservations CSV file with a problem: nothing was imported (details per row). */
  RESERVATION_IMPORT_INVALID: { status: 400 },
  IMPORT_FILE_TOO_LARGE: { status: 413 },
  IMPORT_FILE_UNSUPPORTED: { status: 415 },
  SES_PREFLIGHT_FAILED: { status: 422 },
  SES_NO_TRAVELERS: { status: 422 },
  SES_TOO_MANY_COMMUNICATIONS: { status: 422 },
  SES_OTHER_AUTHORITY: { status: 409 },
  // The Mossos d'Esquadra's file and the authority of an establishment (decision 057)
  MOSSOS_OTHER_AUTHORITY: { status: 409 },
  MOSSOS_TOO_MANY_TRAVELERS: { status: 422 },
  AUTHORITY_UPLOAD_NOT_FOUND: { status: 404 },
  /** An upload undone that was not recorded as uploaded (decision 061). */
  AUTHORITY_UPLOAD_NOT_UPLOADED: { status: 409 },
  RECEIPT_NOT_PDF: { status: 415 },
  AUTHORITY_REASON_REQUIRED: { status: 422 },
  // The declaración responsable of an establishment (decision 063)
  DECLARATION_NOT_FOUND: { status: 404 },
  // Sending to SES.HOSPEDAJES from Hospes (decision 035)
  SES_NOT_CONNECTED: { status: 409 },
  SES_ALREADY_SENT: { status: 409 },
  SES_PASSWORD_REQUIRED: { status: 400 },
  SES_PASSWORD_UNREADABLE: { status: 409 },
  /** The Ertzaintza's A19 certificate (decision 056): not a PKCS#12 file with a key, a wrong password. */
  A19_CERTIFICATE_INVALID: { status: 400 },
  A19_CERTIFICATE_PASSWORD_WRONG: { status: 400 },
  /** A change of service without a certificate stored (or given). */
  A19_CERTIFICATE_REQUIRED: { status: 400 },
  /** Past its validity: not taken, and nothing is signed with it. */
  A19_CERTIFICATE_EXPIRED: { status: 409 },
  /** A stored certificate the encryption key cannot open (the key changed): upload it again. */
  A19_CERTIFICATE_UNREADABLE: { status: 409 },
  /** An establishment that does not report to the Ertzaintza. */
  A19_OTHER_AUTHORITY: { status: 409 },
  /**
   * A cancellation, correction or look-up of a parte the Ertzaintza stored: its A19 service has
   * none of these operations, its portal does them (decision 061).
   */
  A19_PORTAL_ONLY: { status: 409 },
  SES_SUBMISSION_NOT_FOUND: { status: 404 },
  // Cancelling and correcting what was sent (decision 045)
  SES_COMMUNICATION_NOT_FOUND: { status: 404 },
  SES_NOTHING_TO_CORRECT: { status: 409 },
  SES_ALREADY_CANCELLED: { status: 409 },
  SES_CANCELLATION_PENDING: { status: 409 },
  SES_CANCEL_FAILED: { status: 409 },
  // The reservation report (RH) of a reservation (decision 071)
  /** Its RH is stored as it is, on its way, or there is nothing to report. */
  RESERVATION_REPORT_NOTHING_TO_SEND: { status: 409 },
  /** A field the RH requires is missing: nothing is made up (details name them). */
  RESERVATION_UNREPORTABLE: { status: 422 },
  MAIL_NOT_SENT: { status: 503 },
  // Plans and billing (decision 070)
  /** A plan's limit reached (details[0].field: registrationsPerMonth, establishments, users, api). */
  PLAN_LIMIT: { status: 403 },
  /** The account's trial ended unpaid, or its subscription was not paid: no new registrations. */
  SUBSCRIPTION_SUSPENDED: { status: 402 },
  /** No STRIPE_SECRET_KEY: every account is on the self-hosted plan, nothing to pay. */
  BILLING_DISABLED: { status: 409 },
  /** A Stripe webhook whose signature does not check. */
  BILLING_WEBHOOK_INVALID: { status: 400 },
  /** The billing portal before any subscription through Stripe. */
  BILLING_NO_CUSTOMER: { status: 409 },
  /** Stripe could not be reached or refused the call. */
  BILLING_UNAVAILABLE: { status: 503 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

export const ErrorDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
  code: z.string().optional(),
  /** Set on the problems of a SES.HOSPEDAJES pre-flight check (null: the establishment's). */
  travelerId: z.string().nullable().optional(),
  /** With `travelerId`: the traveler's full name, so that a client can name them. */
  travelerName: z.string().optional(),
});
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

export const ApiErrorResponseSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  details: z.array(ErrorDetailSchema).optional(),
  requestId: z.string().optional(),
});
export type ApiErrorResponse = z.infer<typeof ApiErrorResponseSchema>;
