import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { SesCorrectionState } from '@hospes/shared/ses';
import type { BillingInterval, PlanKey, SubscriptionState } from '@hospes/shared/billing';
import type { MemberRole } from '@hospes/shared/team';
import { byName } from './sql-helpers';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const userRole = pgEnum('user_role', ['admin', 'user']);
export const tokenPurpose = pgEnum('token_purpose', [
  'verify_email',
  'reset_password',
  'set_password',
  // A one-time link that signs in without the password (decision 049).
  'sign_in',
]);
export const establishmentType = pgEnum('establishment_type', [
  'hostel',
  'hotel',
  'guesthouse',
  'pension',
  'apartment',
  'other',
]);
export const establishmentStatus = pgEnum('establishment_status', [
  'active',
  'inactive',
  'pending',
]);
export const authority = pgEnum('authority', ['ses', 'mossos', 'ertzaintza']);
export const documentKind = pgEnum('document_kind', ['front', 'back', 'signature']);
/** Which SES.HOSPEDAJES service an establishment's web-service user belongs to. */
export const sesEnvironment = pgEnum('ses_environment', ['production', 'test']);

/**
 * Binary data, sent to both databases as a binary parameter and read back as a Buffer (PGlite
 * through db/pglite-client.ts, which decodes bytea natively).
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull().default('user'),
    language: varchar('language', { length: 5 }).notNull().default('es'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * `person`, or `api_key`: the principal of an API key (decision 068), a member of the key's
     * establishment that never signs in (no usable password, found by no e-mail lookup).
     */
    kind: varchar('kind', { length: 10 }).$type<'person' | 'api_key'>().notNull().default('person'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: tokenPurpose('purpose').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

export const establishments = pgTable(
  'establishments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 150 }).notNull(),
    type: establishmentType('type').notNull().default('hostel'),
    nif: varchar('nif', { length: 20 }).notNull(),
    status: establishmentStatus('status').notNull().default('active'),
    address: varchar('address', { length: 200 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    province: varchar('province', { length: 100 }).notNull(),
    postalCode: varchar('postal_code', { length: 10 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    contactName: varchar('contact_name', { length: 150 }).notNull(),
    contactEmail: varchar('contact_email', { length: 254 }).notNull(),
    /** SES codigoEstablecimiento. */
    establishmentCode: varchar('establishment_code', { length: 10 }),
    /** SES codigoArrendador. */
    landlordCode: varchar('landlord_code', { length: 10 }),
    /** The authority chosen for it; null: the one of its province. */
    authority: authority('authority'),
    /**
     * Why the chosen authority is not the province's (decision 057): required to set one against
     * the province; null when it follows the province.
     */
    authorityReason: varchar('authority_reason', { length: 300 }),
    /** The last sequence number a Mossos d'Esquadra file was named with (001–999, round again). */
    mossosFileSeq: integer('mossos_file_seq').notNull().default(0),
    includeDocumentImagesInPdf: boolean('include_document_images_in_pdf').notNull().default(false),
    /**
     * Whether photos of identity documents (front, back) are stored with a registration; off, a
     * scan reads the data and the photo is not kept (decision 023). The signature is always kept.
     */
    keepDocumentImages: boolean('keep_document_images').notNull().default(true),
    /**
     * Report defaults (decision 042): the SES payment type (tipoPago) and the nights (check-out =
     * entry + N) a traveler registered without them takes; null: none, the desk gives them.
     */
    defaultPaymentType: varchar('default_payment_type', { length: 5 }),
    walkInNights: integer('walk_in_nights'),
    /**
     * Whether the desk may register a traveler without an emergency contact (decision 055); the
     * self check-in always asks for one. Default false: the spec's rule (required) stands.
     */
    emergencyContactOptional: boolean('emergency_contact_optional').notNull().default(false),
    /**
     * Days before a reservation's arrival its holder is reminded to complete the guests' check-in
     * when some are missing (decision 066); 0: no reminder.
     */
    reservationReminderDays: integer('reservation_reminder_days').notNull().default(2),
    /**
     * A reservation whose guests all completed its check-in link has them confirmed by itself on
     * its day of arrival, without the desk (decision 066: the apartment without a desk).
     */
    autoConfirmReservationCheckins: boolean('auto_confirm_reservation_checkins')
      .notNull()
      .default(false),
    /**
     * The SES.HOSPEDAJES web-service user (not the portal's login) and its password, sealed with
     * the encryption key (context `ses-password:<id>`); null: communications are not sent from
     * Hospes (decision 035).
     */
    sesUser: varchar('ses_user', { length: 50 }),
    sesPassword: bytea('ses_password'),
    sesEnvironment: sesEnvironment('ses_environment').notNull().default('production'),
    /**
     * The certificate a Basque establishment signs its A19 requests to the Ertzaintza with
     * (decision 056): the PKCS#12 file and its password, each sealed with the encryption key
     * (contexts `a19-certificate:<id>`, `a19-password:<id>`); its subject and expiry in the clear,
     * to show; the service (production or pre-production, "test").
     */
    a19Certificate: bytea('a19_certificate'),
    a19CertificatePassword: bytea('a19_certificate_password'),
    a19CertificateSubject: varchar('a19_certificate_subject', { length: 300 }),
    a19CertificateExpiresAt: timestamp('a19_certificate_expires_at', { withTimezone: true }),
    a19Environment: sesEnvironment('a19_environment').notNull().default('production'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('establishments_nif_unique').on(t.nif),
    // The admin list's order (byName, then the id): a page is read from the index in order.
    index('establishments_name_idx').on(byName(t.name), t.id),
  ],
);

/**
 * An establishment's own roles, made of permissions (decision 058); the presets (owner, manager,
 * receptionist) live in packages/shared/src/team.ts, not here.
 */
export const establishmentRoles = pgTable(
  'establishment_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    permissions: text('permissions').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('establishment_roles_name_unique').on(t.establishmentId, t.name)],
);

export const establishmentMembers = pgTable(
  'establishment_members',
  {
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner, manager, receptionist (presets) or custom (customRoleId's permissions). */
    role: varchar('role', { length: 20 }).$type<MemberRole>().notNull().default('receptionist'),
    customRoleId: uuid('custom_role_id').references(() => establishmentRoles.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.establishmentId, t.userId] }),
    index('members_user_idx').on(t.userId),
  ],
);

/**
 * An API key of an establishment (decision 068): a bearer token `hsp_live_…` kept as its SHA-256
 * only, with the permissions the owner gave it. It acts as its own principal (`userId`, a user of
 * kind `api_key` and member of the establishment with role `api_key`), so the tenant scope, the
 * audit log and the idempotency keys treat it as any member, under the key's name.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    /** The token's first characters (`hsp_live_` and 4 more), to recognise it in the list. */
    prefix: varchar('prefix', { length: 20 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    permissions: text('permissions').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_unique').on(t.tokenHash),
    uniqueIndex('api_keys_user_unique').on(t.userId),
    index('api_keys_establishment_idx').on(t.establishmentId, t.createdAt),
  ],
);

/**
 * An e-mailed invitation to join an establishment (decision 058): the link's token is kept as its
 * SHA-256 only; it is used once, expires, and a resend replaces the token.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    role: varchar('role', { length: 20 }).$type<MemberRole>().notNull(),
    customRoleId: uuid('custom_role_id').references(() => establishmentRoles.id, {
      onDelete: 'cascade',
    }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_unique').on(t.tokenHash),
    index('invitations_establishment_idx').on(t.establishmentId, t.createdAt),
  ],
);

/** Travelers (pilgrims): spec §3 plus what a SES parte de viajeros needs. */
export const pilgrims = pgTable(
  'pilgrims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'restrict' }),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    secondLastName: varchar('second_last_name', { length: 50 }),
    nationality: varchar('nationality', { length: 3 }).notNull(),
    documentType: varchar('document_type', { length: 1 }).notNull(),
    /** Null for a minor without an identity document (required from 18: travelerRecordIssues). */
    documentNumber: varchar('document_number', { length: 20 }),
    documentSupportNumber: varchar('document_support_number', { length: 9 }),
    dateOfBirth: date('date_of_birth').notNull(),
    gender: varchar('gender', { length: 1 }).notNull(),
    /** Null when not given: never made up (decision 042); SES does not ask for it. */
    documentExpeditionDate: date('document_expedition_date'),
    entryDate: date('entry_date').notNull(),
    checkOutDate: date('check_out_date'),
    language: varchar('language', { length: 5 }).notNull().default('es'),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    phone2: varchar('phone2', { length: 20 }),
    contactAddress: varchar('contact_address', { length: 200 }),
    addressStreet: varchar('address_street', { length: 100 }),
    addressComplement: varchar('address_complement', { length: 100 }),
    addressMunicipalityCode: varchar('address_municipality_code', { length: 5 }),
    addressMunicipalityName: varchar('address_municipality_name', { length: 100 }),
    addressPostalCode: varchar('address_postal_code', { length: 20 }),
    addressCountry: varchar('address_country', { length: 3 }),
    kinship: varchar('kinship', { length: 2 }),
    emergencyName: varchar('emergency_name', { length: 150 }).notNull(),
    emergencyPhone: varchar('emergency_phone', { length: 20 }).notNull(),
    emergencyRelationship: varchar('emergency_relationship', { length: 20 }).notNull(),
    contractReference: varchar('contract_reference', { length: 50 }),
    contractDate: date('contract_date'),
    /** Local date and time, YYYY-MM-DDThh:mm:ss (SES xsd:dateTime without offset). */
    entryDateTime: varchar('entry_date_time', { length: 19 }),
    exitDateTime: varchar('exit_date_time', { length: 19 }),
    numberOfPersons: integer('number_of_persons'),
    numberOfRooms: integer('number_of_rooms'),
    internetBooking: boolean('internet_booking'),
    paymentType: varchar('payment_type', { length: 5 }),
    paymentDate: date('payment_date'),
    paymentMethod: varchar('payment_method', { length: 50 }),
    paymentHolder: varchar('payment_holder', { length: 100 }),
    cardExpiry: varchar('card_expiry', { length: 7 }),
    /** Names, document number, e-mail and phone, lower case without accents, for searching. */
    searchText: text('search_text').notNull(),
    /**
     * Report number: `report_seq` in the series of (establishment, `report_year`), printed as
     * `2026/000123`; taken from report_counters when the traveler is created. Null only for rows
     * inserted outside the API (numbered on first use).
     */
    reportYear: integer('report_year'),
    reportSeq: integer('report_seq'),
    /** How the record arrived: `registration` (the form, signed) or `import` (a file, unsigned). */
    source: varchar('source', { length: 20 }).notNull().default('registration'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pilgrims_establishment_entry_idx').on(t.establishmentId, t.entryDate, t.id),
    index('pilgrims_establishment_updated_idx').on(t.establishmentId, t.updatedAt),
    index('pilgrims_entry_idx').on(t.entryDate, t.id),
    // A list sorted by last name (byName, then the id) reads its page from the index in order.
    index('pilgrims_last_name_idx').on(byName(t.lastName), t.id),
    index('pilgrims_document_number_idx').on(t.documentNumber),
    // Trigrams of the search text (pg_trgm): a search for a name or a document number that few
    // travelers match finds them through this index instead of reading every row.
    index('pilgrims_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    uniqueIndex('pilgrims_report_number_unique').on(t.establishmentId, t.reportYear, t.reportSeq),
  ],
);

/** The last report number given per establishment and year (gap-free: one row locked per create). */
export const reportCounters = pgTable(
  'report_counters',
  {
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.establishmentId, t.year] })],
);

/** Document images of a traveler, encrypted (AES-256-GCM) in `content`. */
export const travelerDocuments = pgTable(
  'pilgrim_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pilgrimId: uuid('pilgrim_id')
      .notNull()
      .references(() => pilgrims.id, { onDelete: 'cascade' }),
    kind: documentKind('kind').notNull(),
    mimeType: varchar('mime_type', { length: 50 }).notNull(),
    originalName: varchar('original_name', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pilgrim_documents_kind_unique').on(t.pilgrimId, t.kind)],
);

/** Who did what to which record, and when. Ids only, no personal data. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    action: varchar('action', { length: 50 }).notNull(),
    entityType: varchar('entity_type', { length: 30 }).notNull(),
    entityId: uuid('entity_id'),
    establishmentId: uuid('establishment_id'),
    requestId: varchar('request_id', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at),
    index('audit_log_establishment_idx').on(t.establishmentId, t.at),
    index('audit_log_actor_idx').on(t.actorUserId, t.at),
    // The retention purge reads old entries in time order (decision 022).
    index('audit_log_at_idx').on(t.at),
  ],
);

export const contactType = pgEnum('contact_type', ['support', 'sales', 'billing', 'other']);

/** Messages from the public contact form (spec §3); e-mailed to SUPPORT_EMAIL when it is set. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    company: varchar('company', { length: 150 }),
    type: contactType('type').notNull(),
    message: text('message').notNull(),
    language: varchar('language', { length: 5 }).notNull().default('es'),
    /** When the message reached the support address; null: not e-mailed (none set, or it failed). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/**
 * The per-establishment self check-in link (/registro-viajero?t=<token>). The token is a public
 * link, not a secret credential, so it is stored as is (the QR code can be shown again); renewing
 * replaces it, revoking stamps revoked_at.
 */
export const checkinLinks = pgTable(
  'checkin_links',
  {
    establishmentId: uuid('establishment_id')
      .primaryKey()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 64 }).notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('checkin_links_token_unique').on(t.token)],
);

export const selfRegistrationStatus = pgEnum('self_registration_status', ['pending', 'confirmed']);

/** Travelers who registered themselves through a check-in link, until staff confirm them. */
export const selfRegistrations = pgTable(
  'self_registrations',
  {
    pilgrimId: uuid('pilgrim_id')
      .primaryKey()
      .references(() => pilgrims.id, { onDelete: 'cascade' }),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    confirmationCode: varchar('confirmation_code', { length: 8 }).notNull(),
    status: selfRegistrationStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The `Idempotency-Key` the traveler's form sent, if any: a repeat answers this record. */
    requestKey: varchar('request_key', { length: 100 }),
    /**
     * The fingerprint of the request sent with that key (lib/idempotency.ts): the key again with
     * other data is refused. Null for keys recorded before fingerprints were.
     */
    requestHash: varchar('request_hash', { length: 64 }),
    /** The reservation whose check-in link it came through (decision 066); null: the establishment's. */
    reservationId: uuid('reservation_id').references((): AnyPgColumn => reservations.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('self_registrations_code_unique').on(t.confirmationCode),
    index('self_registrations_reservation_idx').on(t.reservationId),
    uniqueIndex('self_registrations_request_key_unique').on(t.establishmentId, t.requestKey),
    index('self_registrations_establishment_status_idx').on(t.establishmentId, t.status),
  ],
);

/**
 * The key a client sent with a registration (the `Idempotency-Key` header), per user: the same key
 * again answers the traveler it registered instead of registering a second one. Goes with the
 * traveler or the user.
 */
export const registrationKeys = pgTable(
  'registration_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    pilgrimId: uuid('pilgrim_id')
      .notNull()
      .references(() => pilgrims.id, { onDelete: 'cascade' }),
    /**
     * The fingerprint of the request sent with the key (lib/idempotency.ts): the key again with
     * other data is refused. Null for keys recorded before fingerprints were.
     */
    requestHash: varchar('request_hash', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('registration_keys_pilgrim_idx').on(t.pilgrimId),
  ],
);

/**
 * Where a request sent to SES.HOSPEDAJES stands (decision 035):
 * - sending: recorded, its answer not in yet (a process stopped in between leaves it: uncertain);
 * - queued: accepted with a lote, which the service processes later;
 * - processed: the lote is processed (each communication stored or rejected: see its items);
 * - refused: the service refused the whole request (credentials, header, format);
 * - failed: it never reached the service (no connection, certificate refused): nothing was sent;
 * - uncertain: it was sent but no answer came; the service may have queued it.
 */
export const sesSubmissionState = pgEnum('ses_submission_state', [
  'sending',
  'queued',
  'processed',
  'refused',
  'failed',
  'uncertain',
]);
export const sesKind = pgEnum('ses_kind', ['PV', 'RH']);
/** The manual's tipoOperacion: A an alta, B a cancellation of stored communications (decision 045). */
export const sesOperation = pgEnum('ses_operation', ['A', 'B']);

/** A request sent to SES.HOSPEDAJES: one alta of partes (PV) or reservas (RH), one lote. */
export const sesSubmissions = pgTable(
  'ses_submissions',
  {
    id: uuid('id').primaryKey(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    kind: sesKind('kind').notNull(),
    /** Where it went: SES.HOSPEDAJES, or the Ertzaintza's A19 service (decision 056). */
    authority: varchar('authority', { length: 12 })
      .$type<'ses' | 'ertzaintza'>()
      .notNull()
      .default('ses'),
    environment: sesEnvironment('environment').notNull(),
    /** A: an alta (its items the travelers sent); B: a cancellation (its items carry the codes). */
    operation: sesOperation('operation').notNull().default('A'),
    /** A correction's cancellation and its new alta share this id (decision 045). */
    correctionId: uuid('correction_id'),
    /**
     * A correction's cancellation: what became of its new alta, sent only once this cancellation's
     * lote is processed without errors (decision 048): waiting, sending, sent, failed.
     */
    correctionState: varchar('correction_state', { length: 10 }).$type<SesCorrectionState>(),
    /** Why that correction failed (the Ministry's reason, or why the new alta could not go). */
    correctionError: varchar('correction_error', { length: 300 }),
    state: sesSubmissionState('state').notNull().default('sending'),
    /** The lote the service gave it (≤36). */
    lote: varchar('lote', { length: 36 }),
    /** The service's return code and text for the request (0 Ok) or the transport's failure. */
    responseCode: integer('response_code'),
    responseText: varchar('response_text', { length: 300 }),
    /**
     * Why no answer could be read, when none: unauthorized (HTTP 401/403), tls, network, timeout,
     * http (another status), fault (a SOAP fault), malformed (an answer that is not the WSDL's).
     */
    failure: varchar('failure', { length: 20 }),
    /** The lote's codigoEstado (1, 2, 3, 4, 5, 6) and descEstado, once asked. */
    loteState: integer('lote_state'),
    loteStateText: varchar('lote_state_text', { length: 300 }),
    communications: integer('communications').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** When to ask the service about the lote again; null: nothing to ask. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checks: integer('checks').notNull().default(0),
  },
  (t) => [
    index('ses_submissions_establishment_idx').on(t.establishmentId, t.createdAt),
    index('ses_submissions_next_check_idx').on(t.nextCheckAt),
  ],
);

/**
 * A traveler of a submission: the communication (`orden`, 1-based, one per stay) it went in and,
 * once the lote is processed, the communication code the service stored it under or its error.
 * Goes with the traveler (the retention purge) or the submission.
 */
export const sesSubmissionItems = pgTable(
  'ses_submission_items',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => sesSubmissions.id, { onDelete: 'cascade' }),
    pilgrimId: uuid('pilgrim_id')
      .notNull()
      .references(() => pilgrims.id, { onDelete: 'cascade' }),
    orden: integer('orden').notNull(),
    communicationCode: varchar('communication_code', { length: 36 }),
    errorType: varchar('error_type', { length: 100 }),
    error: varchar('error', { length: 300 }),
    /**
     * An alta's item: the cancellation (operation B) asked for its stored communication; cleared
     * when that cancellation was refused or never left (decision 045).
     */
    cancelledBy: uuid('cancelled_by').references((): AnyPgColumn => sesSubmissions.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.pilgrimId] }),
    index('ses_submission_items_pilgrim_idx').on(t.pilgrimId),
  ],
);

/**
 * The counters of the rate limits shared by every server process on one PostgreSQL (decision 046):
 * rate-limiter-flexible's Drizzle store reads and writes it (lib/shared-rate-limits.ts). A key is
 * a limit's name and a digest of what it counts (an e-mail, an address), never the value itself;
 * `points` is the count of the window that ends at `expire`. Rows an hour past their window are
 * deleted every few minutes.
 */
/**
 * A NIF registered with an e-mail that already had an account (decision 049): nothing was created,
 * but the NIF is held as a new account's establishment would hold it, so that a later registration
 * of the NIF answers the same (409) either way and tells nothing about the e-mail.
 */
export const nifHolds = pgTable('nif_holds', {
  nif: varchar('nif', { length: 20 }).primaryKey(),
  createdAt: createdAt(),
});

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/**
 * When an establishment's partes (PV) or reservas (RH) go to SES.HOSPEDAJES by themselves
 * (decision 044): `manual` (only from the dialog), `on_registration` (the travelers not yet sent,
 * every few minutes) or `daily` at `at_time` (HH:MM, the establishment's clock). A row per
 * establishment and kind; none: manual.
 */
export const sesSendMode = pgEnum('ses_send_mode', ['manual', 'on_registration', 'daily']);

export const sesSendSchedules = pgTable(
  'ses_send_schedules',
  {
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    kind: sesKind('kind').notNull(),
    mode: sesSendMode('mode').notNull().default('manual'),
    /** `HH:MM` of a daily send, in the establishment's time zone. */
    atTime: varchar('at_time', { length: 5 }),
    /**
     * When the automatic mode was switched on: only travelers registered since then are sent by
     * themselves (those before may have been uploaded by hand).
     */
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    /** The last automatic run taken (by one process): a daily one runs once per occurrence. */
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.establishmentId, t.kind] })],
);

/**
 * What the owner of an establishment was last e-mailed about (decision 044): the day of the last
 * deadline warning (the establishment's clock) and the travelers and requests it named, so that
 * a warning goes at most once a day, unless a lote comes back with new errors.
 */
export const sesAlerts = pgTable('ses_alerts', {
  establishmentId: uuid('establishment_id')
    .primaryKey()
    .references(() => establishments.id, { onDelete: 'cascade' }),
  deadlineAlertedOn: date('deadline_alerted_on'),
  /** Ids of the travelers and of the requests (lotes with errors) already named in a message. */
  travelerIds: jsonb('traveler_ids').$type<string[]>().notNull().default([]),
  submissionIds: jsonb('submission_ids').$type<string[]>().notNull().default([]),
  alertedAt: timestamp('alerted_at', { withTimezone: true }),
});

/**
 * A file made for a regional authority's portal (decision 057: the Mossos d'Esquadra take no web
 * service), and its upload once the owner confirms it (`uploaded_at`): the file's name is its
 * reference; the portal's receipt (a PDF), when given, sealed like the document images.
 */
export const authorityUploadKind = pgEnum('authority_upload_kind', ['mossos']);

export const authorityUploads = pgTable(
  'authority_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    authority: authorityUploadKind('authority').notNull(),
    reference: varchar('reference', { length: 40 }).notNull(),
    /** The receipt PDF, encrypted (AES-256-GCM, context `authority-receipt:<id>`); null: none. */
    receipt: bytea('receipt'),
    receiptSize: integer('receipt_size'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the owner confirmed the upload on the portal; null: made, not confirmed. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('authority_uploads_establishment_idx').on(t.establishmentId, t.createdAt)],
);

/** A traveler of an upload: goes with the traveler (the retention purge) or the upload. */
export const authorityUploadItems = pgTable(
  'authority_upload_items',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => authorityUploads.id, { onDelete: 'cascade' }),
    pilgrimId: uuid('pilgrim_id')
      .notNull()
      .references(() => pilgrims.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.uploadId, t.pilgrimId] }),
    index('authority_upload_items_pilgrim_idx').on(t.pilgrimId),
  ],
);

/** Reservations (decision 060): entered by hand, from a CSV file, or from a channel's calendar. */
export const reservationStatus = pgEnum('reservation_status', [
  'confirmed',
  'cancelled',
  'checked_in',
]);
export const reservationSource = pgEnum('reservation_source', ['manual', 'csv', 'ical']);
export const feedFetchResult = pgEnum('feed_fetch_result', ['ok', 'not_modified', 'error']);

/**
 * A channel's calendar (iCal) the owner pasted, for one unit: fetched on a schedule, its events
 * create, move and cancel that unit's reservations by UID (decision 060).
 */
export const reservationFeeds = pgTable(
  'reservation_feeds',
  {
    id: uuid('id').primaryKey(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    unit: varchar('unit', { length: 100 }).notNull(),
    channel: varchar('channel', { length: 60 }).notNull(),
    url: varchar('url', { length: 2000 }).notNull(),
    /** The validators of the last answer, sent back as If-None-Match / If-Modified-Since. */
    etag: varchar('etag', { length: 500 }),
    lastModified: varchar('last_modified', { length: 100 }),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    lastResult: feedFetchResult('last_result'),
    lastError: varchar('last_error', { length: 40 }),
    lastErrorStatus: integer('last_error_status'),
    lastChanges: jsonb('last_changes').$type<{
      created: number;
      updated: number;
      cancelled: number;
    }>(),
    createdAt: createdAt(),
  },
  (t) => [index('reservation_feeds_establishment_idx').on(t.establishmentId)],
);

export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    holderName: varchar('holder_name', { length: 200 }).notNull(),
    holderEmail: varchar('holder_email', { length: 250 }),
    holderPhone: varchar('holder_phone', { length: 20 }),
    arrival: date('arrival').notNull(),
    departure: date('departure').notNull(),
    guests: integer('guests').notNull(),
    unit: varchar('unit', { length: 100 }),
    channel: varchar('channel', { length: 60 }),
    paymentType: varchar('payment_type', { length: 5 }),
    status: reservationStatus('status').notNull().default('confirmed'),
    notes: varchar('notes', { length: 2000 }),
    source: reservationSource('source').notNull(),
    /** The calendar of a reservation from iCal; its event's UID (or a CSV row's reference). */
    feedId: uuid('feed_id').references(() => reservationFeeds.id, { onDelete: 'set null' }),
    externalUid: varchar('external_uid', { length: 500 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The `Idempotency-Key` of the create and the fingerprint of its body (lib/idempotency). */
    requestKey: varchar('request_key', { length: 100 }),
    requestHash: varchar('request_hash', { length: 64 }),
    /**
     * The secret of the reservation's check-in link (decision 066: 192 random bits, created on
     * first use); null: none yet.
     */
    checkinToken: varchar('checkin_token', { length: 64 }).unique(),
    /** The language the check-in link was last e-mailed in: the reminder's (decision 066). */
    holderLanguage: varchar('holder_language', { length: 5 }),
    /** When its holder was reminded to complete the guests' check-in (sent once; decision 066). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reservations_establishment_arrival_idx').on(t.establishmentId, t.arrival),
    uniqueIndex('reservations_feed_uid_unique').on(t.feedId, t.externalUid),
    uniqueIndex('reservations_csv_reference_unique')
      .on(t.establishmentId, t.externalUid)
      .where(sql`${t.source} = 'csv'`),
    uniqueIndex('reservations_request_key_unique').on(t.createdBy, t.requestKey),
  ],
);

/**
 * The reservation report (RH) of a reservation (decision 071): each communication sent for it, in
 * an alta (its code or error, once the lote is processed) or in a cancellation (operation B: the
 * code it cancels). A reservation's RH is keyed by the reservation, not by travelers: a booking is
 * reported before any guest is registered.
 */
export const reservationReports = pgTable(
  'reservation_reports',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => sesSubmissions.id, { onDelete: 'cascade' }),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    /** The communication (1-based) of the request that holds this reservation. */
    orden: integer('orden').notNull(),
    /** What a change corrects, as sent: `arrival|departure|guests` (empty for a cancellation). */
    fingerprint: varchar('fingerprint', { length: 100 }).notNull(),
    /** How many registered guests went as VI. */
    guestsSent: integer('guests_sent').notNull().default(0),
    communicationCode: varchar('communication_code', { length: 36 }),
    errorType: varchar('error_type', { length: 100 }),
    error: varchar('error', { length: 300 }),
    /** An alta's: the cancellation asked for its stored code; cleared when that one failed. */
    cancelledBy: uuid('cancelled_by').references((): AnyPgColumn => sesSubmissions.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.reservationId] }),
    index('reservation_reports_reservation_idx').on(t.reservationId),
  ],
);
export type ReservationReportRow = typeof reservationReports.$inferSelect;

/**
 * The check-in link of one guest of a reservation (decision 071): a secret per guest slot (1 is
 * the holder's), made on first use; the traveler who registered through it fills the slot, so a
 * guest's link registers one person once.
 */
export const reservationGuestLinks = pgTable(
  'reservation_guest_links',
  {
    token: varchar('token', { length: 64 }).primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    pilgrimId: uuid('pilgrim_id').references(() => pilgrims.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reservation_guest_links_slot_unique').on(t.reservationId, t.slot)],
);

/** The secret of an establishment's calendar export (GET /api/reservations/calendar/:token.ics). */
export const reservationCalendarExports = pgTable('reservation_calendar_exports', {
  establishmentId: uuid('establishment_id')
    .primaryKey()
    .references(() => establishments.id, { onDelete: 'cascade' }),
  token: varchar('token', { length: 64 }).notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The declaraciones responsables of an establishment (decision 063): each version its holder
 * signed on screen, kept as the PDF made at that moment (sealed with the encryption key, context
 * `declaration:<id>`), valid one year. A renewal adds a version; none is changed or deleted while
 * the establishment lasts.
 */
export const establishmentDeclarations = pgTable(
  'establishment_declarations',
  {
    id: uuid('id').primaryKey(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    /** The member who signed; null once their account is gone (the PDF still names them). */
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signerName: varchar('signer_name', { length: 150 }).notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** The establishment's day of the signature, and the last day it is valid. */
    signedOn: date('signed_on', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    pdf: bytea('pdf').notNull(),
    pdfSize: integer('pdf_size').notNull(),
    /**
     * The last reminder e-mailed to the owners for this version (decision 083): `expiring` (within
     * its last 30 days), `expired`; null: none yet. A new version starts with none.
     */
    remindedState: varchar('reminded_state', { length: 10 }),
    createdAt: createdAt(),
  },
  (t) => [index('establishment_declarations_establishment_idx').on(t.establishmentId, t.signedAt)],
);

/**
 * The settings a platform administrator changed on the admin screen (decision 062), each over its
 * environment variable: one row per setting set, none while the environment's value holds. The
 * value is JSON (a text or a number), checked by the shared schema when written and when read.
 */
export const platformSettings = pgTable('platform_settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The subscription of an account (decision 070): an account is a user who owns establishments;
 * its row is made at its first look once billing is on (STRIPE_SECRET_KEY), with the trial.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: varchar('plan', { length: 20 }).$type<PlanKey>().notNull(),
    state: varchar('state', { length: 20 }).$type<SubscriptionState>().notNull(),
    interval: varchar('interval', { length: 10 }).$type<BillingInterval>(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    hasPaymentMethod: boolean('has_payment_method').notNull().default(false),
    stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
    stripeSubscriptionId: varchar('stripe_subscription_id', { length: 255 }),
    /** A platform admin gave the plan by hand: Stripe's events do not change plan and state. */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The fewest days before the trial's end a reminder was sent for (3, then 1). */
    trialRemindedDays: integer('trial_reminded_days'),
    /** The `created` time of the last Stripe event applied: an older one arriving late is ignored. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('billing_subscriptions_customer_unique').on(t.stripeCustomerId),
    index('billing_subscriptions_trial_idx').on(t.state, t.trialEndsAt),
  ],
);

/** Registrations counted per account and calendar month (Spain's), taken in the registration's transaction. */
export const billingUsage = pgTable(
  'billing_usage',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: varchar('period', { length: 7 }).notNull(),
    registrations: integer('registrations').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.period] })],
);

/** Stripe's webhook events, kept by id so that each is processed once (decision 070). */
export const billingEvents = pgTable('billing_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  type: varchar('type', { length: 100 }).notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/** The invoices Stripe said were paid or failed, for the admin's view of an account. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 10 }).$type<'paid' | 'failed'>().notNull(),
    invoiceUrl: text('invoice_url'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('billing_payments_account_idx').on(t.accountId, t.at)],
);

export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;

export type ReservationRow = typeof reservations.$inferSelect;
export type EstablishmentDeclarationRow = typeof establishmentDeclarations.$inferSelect;
export type ReservationFeedRow = typeof reservationFeeds.$inferSelect;

export type UserRow = typeof users.$inferSelect;
export type TravelerDbRow = typeof pilgrims.$inferSelect;
export type NewTravelerRow = typeof pilgrims.$inferInsert;
export type TravelerDocumentRow = typeof travelerDocuments.$inferSelect;
export type EstablishmentRow = typeof establishments.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

/**
 * An establishment's webhook endpoint (decision 069): the events it asked for, its secret sealed
 * with the document cipher (the server signs with it), and its run of failures: paused by itself
 * after WEBHOOKS_PAUSE_FAILURES deliveries failed in a row or failing for WEBHOOKS_PAUSE_HOURS.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2000 }).notNull(),
    description: varchar('description', { length: 100 }),
    events: text('events').array().notNull(),
    secretSealed: bytea('secret_sealed').notNull(),
    secretHint: varchar('secret_hint', { length: 8 }).notNull(),
    state: varchar('state', { length: 10 })
      .$type<'active' | 'paused'>()
      .notNull()
      .default('active'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedReason: varchar('paused_reason', { length: 10 }).$type<'failures' | 'owner'>(),
    failuresInARow: integer('failures_in_a_row').notNull().default(0),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_establishment_idx').on(t.establishmentId)],
);

/**
 * An event as its endpoints receive it, written in the transaction of the change it tells
 * (the outbox): a change rolled back leaves none. Its body is fixed once, so that every attempt
 * and replay sends the same bytes. Kept WEBHOOKS_KEEP_DAYS.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/**
 * One event to one endpoint; its id is the `Hospes-Webhook-Id` header. `queuedAt` null: written by
 * a change and not yet handed to the job queue (the dispatcher does).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 10 })
      .$type<'pending' | 'delivered' | 'failed'>()
      .notNull()
      .default('pending'),
    /** Attempts of the current series (a replay starts a new one). */
    attempts: integer('attempts').notNull().default(0),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_unqueued_idx')
      .on(t.createdAt)
      .where(sql`${t.queuedAt} is null`),
  ],
);

/** Each attempt of a delivery: the answer's status, its first characters, how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    error: varchar('error', { length: 20 }),
    responseExcerpt: varchar('response_excerpt', { length: 300 }),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at)],
);
