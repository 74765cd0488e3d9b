/** The only module that reads process.env: every setting, parsed and checked once. */
import path from 'node:path';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** An address of a service Hospes calls: https anywhere, http only on this machine. */
const endpointSetting = z.string().refine((v) => {
  try {
    const url = new URL(v);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
    );
  } catch {
    return false;
  }
}, 'must be an https:// address (http:// only for localhost)');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  APP_URL: optional.pipe(z.url().optional()),
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Hospes <no-reply@hospes.local>'),
  ADMIN_EMAIL: optional.pipe(z.email().optional()),
  ADMIN_PASSWORD: optional.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: optional,
  COOKIE_SECURE: optional.pipe(z.enum(['true', 'false']).optional()),
  TRUST_PROXY: optional.pipe(
    z
      .string()
      .refine(
        (v) => !/^\d+$/.test(v.trim()),
        'a number of hops cannot tell a proxy from a client (Fastify trusts nobody then); give the proxy addresses, e.g. loopback or 10.0.0.0/8',
      )
      .optional(),
  ),
  WEB_DIST_DIR: optional,
  ENCRYPTION_KEY: optional.pipe(
    z
      .string()
      .refine(
        (v) => parseEncryptionKey(v) !== null,
        'must be 32 bytes as 64 hex characters or as base64',
      )
      .optional(),
  ),
  // The public site and the contact form (modules/contact).
  SUPPORT_EMAIL: optional.pipe(z.email().optional()),
  OPERATOR_NAME: optional.pipe(z.string().max(200).optional()),
  OPERATOR_ADDRESS: optional.pipe(z.string().max(300).optional()),
  OPERATOR_NIF: optional.pipe(z.string().max(20).optional()),
  OPERATOR_EMAIL: optional.pipe(z.email().optional()),
  OPERATOR_REGISTRY: optional.pipe(z.string().max(300).optional()),
  TESTIMONIALS_FILE: optional,
  CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(50),
  LOGIN_LOCK_FAILURES: z.coerce.number().int().min(5).max(100_000).default(50),
  // Requests one API key may make per minute (decision 068).
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  SESSION_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  CHECKIN_SCAN_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(50).default(12),
  CHECKIN_SCANS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  OCR_ENGINE: z.enum(['paddle', 'tesseract']).default('paddle'),
  RETENTION_PURGE_HOURS: z.coerce.number().int().min(0).max(168).default(24),
  // Sending to SES.HOSPEDAJES (modules/ses, decision 035).
  SES_ENDPOINT: optional.pipe(endpointSetting.optional()),
  SES_CA_FILE: optional,
  // The Ertzaintza's A19 service for Basque establishments (decision 056): its two addresses (the
  // manual's by default) and more certificates to trust for its TLS.
  A19_PRODUCTION_URL: optional.pipe(endpointSetting.optional()),
  A19_PREPRODUCTION_URL: optional.pipe(endpointSetting.optional()),
  A19_CA_FILE: optional,
  SES_CHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  // Rate limits shared by several server processes in Redis instead of PostgreSQL (decision 046).
  REDIS_URL: optional.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must start with redis:// or rediss://')
      .optional(),
  ),
  SES_AUTOMATIC_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // The channels' calendars of the reservations (modules/reservations, decision 060).
  ICAL_FETCH_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  RESERVATION_REMINDER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
  ICAL_FETCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(15),
  ICAL_MAX_KB: z.coerce.number().int().min(16).max(51_200).default(2048),
  ICAL_ALLOW_PRIVATE_HOSTS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  // Webhooks (decision 069).
  WEBHOOKS_ALLOW_HTTP: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  WEBHOOKS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  WEBHOOKS_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  WEBHOOKS_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  WEBHOOKS_PAUSE_FAILURES: z.coerce.number().int().min(1).max(1000).default(20),
  WEBHOOKS_PAUSE_HOURS: z.coerce.number().int().min(1).max(2160).default(72),
  WEBHOOKS_DISPATCH_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  WEBHOOKS_KEEP_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Plans and billing through Stripe (decision 070): unset key, billing off (self-hosted plan).
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional.pipe(endpointSetting.optional()),
  STRIPE_PAYMENT_METHODS: z
    .string()
    .default('card,sepa_debit,customer_balance')
    .refine(
      (v) => v.split(',').every((m) => /^[a-z_]{2,40}$/.test(m.trim())),
      'a comma-separated list of Stripe payment method types, e.g. card,sepa_debit,customer_balance',
    ),
  BILLING_CHECK_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
  // A clock the end-to-end tests move (decision 047): never with NODE_ENV=production.
  TEST_CLOCK: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** A 32-byte key written as 64 hex characters or as base64 (standard or URL-safe); else null. */
export function parseEncryptionKey(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(v)) {
    const key = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

/** Webhook deliveries (decision 069). */
export interface WebhookSettings {
  /** http:// and loopback addresses accepted (tests, a receiver on the same machine). */
  allowHttp: boolean;
  timeoutMs: number;
  /** Attempts of one delivery, the first included. */
  attempts: number;
  /** Seconds before the first retry, doubled on each further one. */
  retrySeconds: number;
  /** An endpoint is paused after this many deliveries failed in a row… */
  pauseFailures: number;
  /** …or once it has failed, without a success, for this many hours. */
  pauseHours: number;
  /** Seconds between hand-overs of new deliveries to the job queue; 0: not on this process. */
  dispatchSeconds: number;
  /** Events and their deliveries are deleted after this many days. */
  keepDays: number;
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  corsOrigins: string[];
  /**
   * Whether the session, CSRF and device cookies are `Secure` (and `__Host-`/`__Secure-` named):
   * COOKIE_SECURE, else whether APP_URL is https (decision 050).
   */
  cookieSecure: boolean;
  /**
   * Whose X-Forwarded-For to believe: the proxies' addresses (`loopback`, `10.0.0.0/8`…), or
   * true (anyone's: then every client can choose its own address).
   */
  trustProxy: boolean | string;
  webDistDir: string | undefined;
  /** AES-256 key for document images at rest; unset: generated once into DATA_DIR/encryption.key. */
  encryptionKey: Buffer | undefined;
  /** Where contact messages are e-mailed (Reply-To: the sender); unset: ADMIN_EMAIL, else stored only. */
  supportEmail: string | undefined;
  /**
   * Contact-form messages accepted an hour from all addresses together (each address: 5); past
   * it, 429 until the hour ends, so that rotating addresses cannot flood the support inbox.
   */
  contactMessagesPerHour: number;
  /**
   * Wrong passwords for one account, from every address, in 24 hours, after which its password
   * sign-in waits for the e-mailed sign-in link or a browser that signed in before (decision 049).
   */
  loginLockFailures: number;
  /** The company running this installation, shown on the legal pages; unset fields are not invented. */
  operator: {
    name: string | undefined;
    address: string | undefined;
    nif: string | undefined;
    email: string | undefined;
    registry: string | undefined;
  };
  /**
   * How long a checked session is kept in memory (0: every request asks the database); also how
   * long the admin's settings are (decision 062).
   */
  sessionCacheSeconds: number;
  apiKeyRequestsPerMinute: number;
  /** How long a new session lasts, in hours (the admin's settings may change it: decision 062). */
  sessionHours: number;
  /** The public self check-in's scans (issue #30, decision 051). */
  checkinScans: {
    /** The most pixels of a photo sent to it (the desk's scan takes up to 50 million). */
    maxPixels: number;
    /** Scans a minute per establishment, from every address together. */
    perMinute: number;
  };
  /**
   * The MRZ reader's first engine (decision 054): PaddleOCR with tesseract as fallback and second
   * opinion, or tesseract alone (less memory, fewer photos read).
   */
  ocrEngine: 'paddle' | 'tesseract';
  /**
   * Hours between runs of the retention purge (modules/retention), a scheduled job (lib/jobs):
   * at once when first scheduled, then this long after each run; 0: not on this process.
   */
  retentionPurgeHours: number;
  /** JSON file with the landing's testimonials (default DATA_DIR/testimonials.json); missing: none. */
  testimonialsFile: string;
  /**
   * Seconds between looks for automatic sends that are due and for deadline alerts, a scheduled
   * job run by one process whatever their number (0: not on this process; decision 044).
   */
  sesAutomaticSeconds: number;
  /**
   * Seconds between looks for reservations whose holder is to be reminded of the guests' check-in
   * (decision 066), a scheduled job (0: not on this process).
   */
  reservationReminderSeconds: number;
  /** The channels' calendars (decision 060). */
  ical: {
    /** Minutes between readings of every feed, a scheduled job (0: not on this process). */
    fetchMinutes: number;
    timeoutMs: number;
    maxBytes: number;
    /** Calendars on loopback or private addresses too (tests, a calendar on the same network). */
    allowPrivateHosts: boolean;
  };
  /** The Ertzaintza's A19 service (decision 056); unset: the manual's addresses. */
  a19: {
    productionUrl: string | undefined;
    preproductionUrl: string | undefined;
    caFile: string | undefined;
  };
  ses: {
    /** One address for both SES services instead of the Ministry's (a proxy, or tests). */
    endpoint: string | undefined;
    /** A PEM file of more certificates to trust for SES, besides Node's and the FNMT-RCM chain. */
    caFile: string | undefined;
    /** Seconds between looks for lotes to ask the service about, a scheduled job (lib/jobs) run
     * by one process whatever their number (0: not on this process). */
    checkSeconds: number;
  };
  /**
   * Redis, where the rate limits of every server process are counted when set; unset, they are
   * counted in PostgreSQL (DATABASE_URL), or in memory on PGlite's single process (decision 046).
   */
  redisUrl: string | undefined;
  /**
   * TEST_CLOCK=true (tests only, refused with NODE_ENV=production, decision 047): the clock of
   * the SES sends, lote checks, automatic sends and deadline guard (`AppDeps.now`) can be moved by
   * a platform administrator through `POST /api/test/clock`; false: that route does not exist.
   */
  testClock: boolean;
  webhooks: WebhookSettings;
  /** Plans and billing (decision 070); no secret key: billing off, every account self-hosted. */
  billing: {
    stripeSecretKey: string | undefined;
    /** The webhook endpoint's signing secret (whsec_…): without it webhooks are refused. */
    stripeWebhookSecret: string | undefined;
    /** Another address for Stripe's API (its host, port and protocol): a proxy, or tests. */
    stripeApiBase: string | undefined;
    /** The payment methods Stripe's checkout may offer (of those it finds eligible). */
    paymentMethodTypes: string[];
    /** Seconds between looks at trials (reminders, suspension), a scheduled job (0: not here). */
    checkSeconds: number;
  };
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid settings:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
  }
  if (e.TEST_CLOCK && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid settings:\n  TEST_CLOCK: a clock that tests move cannot run with NODE_ENV=production ' +
        '(the default); set NODE_ENV=test or development, or remove TEST_CLOCK',
    );
  }
  const trust = e.TRUST_PROXY;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    cookieSecure:
      e.COOKIE_SECURE === undefined
        ? (e.APP_URL ?? '').startsWith('https://')
        : e.COOKIE_SECURE === 'true',
    trustProxy: trust === undefined || trust === 'false' ? false : trust === 'true' ? true : trust,
    webDistDir: e.WEB_DIST_DIR,
    encryptionKey: e.ENCRYPTION_KEY
      ? (parseEncryptionKey(e.ENCRYPTION_KEY) ?? undefined)
      : undefined,
    supportEmail: (e.SUPPORT_EMAIL ?? e.ADMIN_EMAIL)?.toLowerCase(),
    contactMessagesPerHour: e.CONTACT_MESSAGES_PER_HOUR,
    loginLockFailures: e.LOGIN_LOCK_FAILURES,
    operator: {
      name: e.OPERATOR_NAME,
      address: e.OPERATOR_ADDRESS,
      nif: e.OPERATOR_NIF,
      email: e.OPERATOR_EMAIL?.toLowerCase(),
      registry: e.OPERATOR_REGISTRY,
    },
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    sessionHours: e.SESSION_HOURS,
    checkinScans: {
      maxPixels: e.CHECKIN_SCAN_MAX_MEGAPIXELS * 1_000_000,
      perMinute: e.CHECKIN_SCANS_PER_MINUTE,
    },
    ocrEngine: e.OCR_ENGINE,
    retentionPurgeHours: e.RETENTION_PURGE_HOURS,
    testimonialsFile: path.resolve(
      e.TESTIMONIALS_FILE ?? path.join(e.DATA_DIR, 'testimonials.json'),
    ),
    a19: {
      productionUrl: e.A19_PRODUCTION_URL,
      preproductionUrl: e.A19_PREPRODUCTION_URL,
      caFile: e.A19_CA_FILE ? path.resolve(e.A19_CA_FILE) : undefined,
    },
    ses: {
      endpoint: e.SES_ENDPOINT,
      caFile: e.SES_CA_FILE ? path.resolve(e.SES_CA_FILE) : undefined,
      checkSeconds: e.SES_CHECK_SECONDS,
    },
    redisUrl: e.REDIS_URL,
    sesAutomaticSeconds: e.SES_AUTOMATIC_SECONDS,
    reservationReminderSeconds: e.RESERVATION_REMINDER_SECONDS,
    ical: {
      fetchMinutes: e.ICAL_FETCH_MINUTES,
      timeoutMs: e.ICAL_FETCH_TIMEOUT_SECONDS * 1000,
      maxBytes: e.ICAL_MAX_KB * 1024,
      allowPrivateHosts: e.ICAL_ALLOW_PRIVATE_HOSTS,
    },
    testClock: e.TEST_CLOCK,
    webhooks: {
      allowHttp: e.WEBHOOKS_ALLOW_HTTP,
      timeoutMs: e.WEBHOOKS_TIMEOUT_SECONDS * 1000,
      attempts: e.WEBHOOKS_ATTEMPTS,
      retrySeconds: e.WEBHOOKS_RETRY_SECONDS,
      pauseFailures: e.WEBHOOKS_PAUSE_FAILURES,
      pauseHours: e.WEBHOOKS_PAUSE_HOURS,
      dispatchSeconds: e.WEBHOOKS_DISPATCH_SECONDS,
      keepDays: e.WEBHOOKS_KEEP_DAYS,
    },
    billing: {
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: e.STRIPE_API_BASE,
      paymentMethodTypes: e.STRIPE_PAYMENT_METHODS.split(',')
        .map((m) => m.trim())
        .filter(Boolean),
      checkSeconds: e.BILLING_CHECK_SECONDS,
    },
  };
}

/** Settings for tests and scripts: defaults plus overrides, never the real environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // No retention purge unless a test asks for one: it would delete the old stays tests write.
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RETENTION_PURGE_HOURS: '0',
      // Nor a background look at SES lotes: tests ask for it (modules/ses).
      SES_CHECK_SECONDS: '0',
      // Nor automatic sends and alerts: tests that want them set sesAutomaticSeconds.
      SES_AUTOMATIC_SECONDS: '0',
      // Nor scheduled calendar readings: tests read a feed when they want.
      ICAL_FETCH_MINUTES: '0',
      // Nor reminders to reservations' holders: tests set reservationReminderSeconds.
      RESERVATION_REMINDER_SECONDS: '0',
      // Nor webhook hand-overs: tests that want them set webhooks.dispatchSeconds.
      WEBHOOKS_DISPATCH_SECONDS: '0',
      // Nor the trials' job: tests call checkTrials.
      BILLING_CHECK_SECONDS: '0',
      // The route tests read with tesseract alone (CI time); PaddleOCR has its own tests
      // (lib/ocr/paddle.test.ts, offline.test.ts).
      OCR_ENGINE: 'tesseract',
    }),
    ...overrides,
  };
}
