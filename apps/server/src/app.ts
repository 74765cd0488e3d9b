import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { stdSerializers } from 'pino';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import type { Config } from './config/env';
import { pgErrorCode, type Database } from './db/client';
import { createMailer, outboxDir, type Mailer } from './lib/mail/mailer';
import type { JobQueue } from './lib/jobs/job-queue';
import { createPgBossQueue } from './lib/jobs/pg-boss-queue';
import { createMrzReader } from './lib/ocr/reader';
import { createAesGcmCipher, loadEncryptionKey } from './lib/storage/document-cipher';
import { createAdminRepository } from './modules/admin/admin.repository';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createBillingRepository } from './modules/billing/billing.repository';
import { billingRoutes } from './modules/billing/billing.routes';
import { createBillingService, scheduleBilling } from './modules/billing/billing.service';
import { createStripeClient } from './modules/billing/stripe-client';
import { createSettingsRepository } from './modules/settings/settings.repository';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService, settingsDefaults } from './modules/settings/settings.service';
import { createCheckinRepository } from './modules/checkin/checkin.repository';
import { checkinRoutes, publicCheckinRoutes } from './modules/checkin/checkin.routes';
import { createCheckinService } from './modules/checkin/checkin.service';
import { createAuthService } from './modules/auth/auth.service';
import { createAuthorityFilesRepository } from './modules/documents/authority-files/authority-files.repository';
import { createAuthorityFilesService } from './modules/documents/authority-files/authority-files.service';
import { createMossosService } from './modules/documents/authority-files/mossos.service';
import { documentsRoutes } from './modules/documents/documents.routes';
import { createExportImportRepository } from './modules/documents/export-import/export-import.repository';
import { createExportImportService } from './modules/documents/export-import/export-import.service';
import { createPdfRepository } from './modules/documents/pdf/pdf.repository';
import { createPdfService } from './modules/documents/pdf/pdf.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createEstablishmentsRepository } from './modules/establishments/establishments.repository';
import { establishmentsRoutes } from './modules/establishments/establishments.routes';
import {
  createDeclarationReminders,
  scheduleDeclarationReminders,
} from './modules/declarations/declaration-reminders';
import { createDeclarationsRepository } from './modules/declarations/declarations.repository';
import { declarationsRoutes } from './modules/declarations/declarations.routes';
import { createDeclarationsService } from './modules/declarations/declarations.service';
import { createEstablishmentsService } from './modules/establishments/establishments.service';
import { contactRoutes } from './modules/contact/contact.routes';
import { createContactRepository } from './modules/contact/contact.repository';
import { createContactService } from './modules/contact/contact.service';
import { createPublicConfigService } from './modules/contact/public-config';
import { siteRoutes } from './modules/contact/site.routes';
import { healthRoutes } from './modules/health/health.routes';
import { ocrRoutes } from './modules/ocr/ocr.routes';
import { createOcrService } from './modules/ocr/ocr.service';
import { createTravelersRepository } from './modules/travelers/travelers.repository';
import { travelersRoutes } from './modules/travelers/travelers.routes';
import { createTravelersService } from './modules/travelers/travelers.service';
import { createTravelerCounts } from './modules/travelers/traveler-counts';
import { createRetentionService, scheduleRetention } from './modules/retention/retention.service';
import {
  createReservationCheckinService,
  scheduleReservationArrivals,
  scheduleReservationReminders,
} from './modules/reservations/checkin-links';
import { createFeedsService, scheduleFeedSync } from './modules/reservations/feeds';
import { createReservationsRepository } from './modules/reservations/reservations.repository';
import { reservationsRoutes } from './modules/reservations/reservations.routes';
import { createReservationsService } from './modules/reservations/reservations.service';
import { createSesRepository } from './modules/ses/ses.repository';
import { sesRoutes } from './modules/ses/ses.routes';
import {
  createSesService,
  scheduleReservationReports,
  scheduleSesChecks,
  workSesCorrections,
} from './modules/ses/ses.service';
import { createSesAutoRepository } from './modules/ses/ses-auto.repository';
import { createSesAutomatic, scheduleSesAutomatic } from './modules/ses/ses-automatic';
import { sesAutomaticRoutes } from './modules/ses/ses-automatic.routes';
import { createSesClient, type SesClient } from './lib/ses/client';
import { createA19Client, type A19Client } from './lib/a19/client';
import { createTestClock } from './lib/test-clock';
import { testClockRoutes } from './modules/test-clock/test-clock.routes';
import {
  createSessionsRepository,
  createTokensRepository,
  createUsersRepository,
} from './modules/users/users.repository';
import { authPlugin } from './plugins/auth';
import { permissionsPlugin } from './plugins/permissions';
import { docsPlugin } from './plugins/docs';
import { clientErrorAnswer, errorsPlugin, sendFastifyError } from './plugins/errors';
import { enterRequest, requestContextPlugin } from './plugins/request-context';
import { noStore, securityPlugin } from './plugins/security';
import { textGuardPlugin } from './plugins/text-guard';
import { webPlugin, type SelfCheckinRenderer } from './plugins/web';
import { createSerializerCompiler } from './lib/serializer';
import { createSessionCache } from './modules/users/session-cache';
import { createTeamRepository } from './modules/team/team.repository';
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { PERMISSIONS } from '@hospes/shared/team';
import { createWebhookOutbox, reportEvent } from './modules/webhooks/outbox';
import { createWebhookDeliveries, scheduleWebhooks } from './modules/webhooks/deliveries';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import { teamRoutes } from './modules/team/team.routes';
import { createTeamService } from './modules/team/team.service';
import { establishmentInScope } from './modules/documents/establishment-in-scope';
import { scopeOf } from './db/scope';
import { clientKey } from './lib/rate-limiter';
import { createLimiterStore } from './lib/shared-rate-limits';
import { VERSION } from './version';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to SMTP (config.smtpUrl) or the .eml outbox. */
  mailer?: Mailer;
  /** Defaults to the SES.HOSPEDAJES web service (config.ses). */
  sesClient?: SesClient;
  /** The Ertzaintza's A19 client (decision 056); tests give one trusting their local service. */
  a19Client?: A19Client;
  /** Defaults to pg-boss on `database` (lib/jobs); started and stopped with the app. */
  jobs?: JobQueue;
  /** Stripe's client (decision 070); defaults to the SDK from config.billing, null when off. */
  stripe?: Stripe | null;
  /**
   * The clock of the SES sends, lote checks and corrections, the automatic sends and the deadline
   * guard (tests move it past 21:00); with TEST_CLOCK, the one POST /api/test/clock moves runs
   * from it (decision 047).
   */
  now?: () => Date;
  /** The self check-in page's renderer (decision 079); by default the web build's (dist-ssr). */
  selfCheckinRenderer?: SelfCheckinRenderer;
}

/**
 * Paths whose query may hold a traveler's data (a search term is often a document number): the
 * API's traveler routes (lists, exports) and the web app's pages of travelers.
 */
const TRAVELER_PATH =
  /^\/(?:api\/(?:pilgrims|travelers)|api\/establishments\/[^/?#]+\/pilgrims|clients|admin\/pilgrims|traveler-registration)(?:[/?#]|$)/i;

/** Query parameters of those paths that say nothing about a person: they are logged as sent. */
const PLAIN_QUERY_KEYS = new Set([
  'lng',
  'page',
  'limit',
  'sortBy',
  'sortOrder',
  'establishmentId',
  'stayStatus',
  'review',
  'size',
  'format',
  'tab',
]);

/** Query parameters written over on every path: searches (an e-mail, a name) and secrets. */
const SECRET_QUERY_KEYS = new Set(['search', 'q', 'email', 'token', 'password', 't']);

function queryKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * Removes secrets and personal data from a logged URL: tokens in links (`token=`, the check-in
 * page's `t=`), the check-in link's token in its API paths, a self-registration's confirmation
 * code, searches anywhere, and on the traveler routes every query value but paging, sorting, the
 * language and the establishment (decision 040).
 */
export function redactUrl(url: string): string {
  const path = url
    .replace(/(\/api\/public\/checkin\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/api\/pilgrims\/by-code\/)[^/?#]+/i, '$1[redacted]');
  const start = path.indexOf('?');
  if (start < 0) return path;
  const traveler = TRAVELER_PATH.test(path);
  const query = path
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const key = queryKey(equals < 0 ? part : part.slice(0, equals));
      const redact = traveler
        ? !PLAIN_QUERY_KEYS.has(key)
        : SECRET_QUERY_KEYS.has(key.toLowerCase());
      if (!redact || part === '') return part;
      return equals < 0 ? '[redacted]' : `${part.slice(0, equals)}=[redacted]`;
    })
    .join('&');
  return `${path.slice(0, start)}?${query}`;
}

/**
 * An error as it may be logged: drizzle writes the values of a failed query (travelers' names,
 * document numbers, image bytes) into its error's message and `params`; the copy keeps the SQL text
 * only, along the whole `cause` chain.
 */
export function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const failed = error as Error & { query?: unknown; params?: unknown };
  const cause = withoutQueryValues(failed.cause, depth + 1);
  const hasValues = 'params' in failed && 'query' in failed;
  if (!hasValues && cause === failed.cause) return error;
  const message = hasValues ? `Failed query: ${String(failed.query)}` : failed.message;
  // The database's error code (23505, 40P01…) stays visible: pino shows a cause by its message only.
  const code = hasValues ? pgErrorCode(failed) : undefined;
  const copy = Object.assign(new Error(message), hasValues ? { code } : failed);
  delete (copy as { params?: unknown }).params;
  copy.name = failed.name;
  copy.stack = failed.stack?.replace(failed.message, message);
  copy.cause = cause;
  return copy;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
      err: (err: Error) => stdSerializers.err(withoutQueryValues(err) as Error),
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  // A clock tests move: never in production, whoever built the settings (decision 047).
  if (config.testClock && config.nodeEnv === 'production')
    throw new Error('TEST_CLOCK cannot be on with NODE_ENV=production');
  const testClock = config.testClock ? createTestClock(deps.now) : null;
  const now = testClock?.now ?? deps.now;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // What Node's HTTP parser refuses (a URL or headers over 16 KB, malformed HTTP) never reaches
    // a hook: it is answered here, in the envelope and with the security headers.
    clientErrorHandler: (error, socket) => {
      const answer = socket.writable
        ? clientErrorAnswer(error as NodeJS.ErrnoException, app.securityHeaders ?? {})
        : null;
      if (answer) socket.end(answer);
      else socket.destroy(error);
    },
    // A URL the router cannot read (bad percent-encoding, a path parameter over 100 characters)
    // is refused before any hook runs: the request's context and headers are set here, and the
    // error handler's own mapping answers it in the envelope, without echoing the URL.
    frameworkErrors: (error, request, reply) => {
      enterRequest(request, reply, new URLSearchParams(request.url.split('?')[1] ?? '').get('lng'));
      reply.headers({
        ...request.server.securityHeaders,
        ...request.server.corsHeadersFor?.(request.headers.origin),
      });
      void sendFastifyError(request, reply, error);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createSerializerCompiler({ checkResponses: config.nodeEnv !== 'production' }),
  );

  database.onConnectionLost?.((err) =>
    app.log.warn({ err }, 'a PostgreSQL connection was lost; the next queries open another'),
  );

  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    });
  app.addHook('onClose', async () => mailer.close());
  // OCR workers start on the first scan, not here; closing the app terminates them.
  const mrzReader = createMrzReader({ log: app.log, paddle: config.ocrEngine === 'paddle' });
  app.addHook('onClose', async () => mrzReader.close());
  const ocr = createOcrService({ reader: mrzReader });

  await app.register(requestContextPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    corsOrigins: config.corsOrigins,
    https: config.appUrl.startsWith('https://'),
  });
  await app.register(docsPlugin, { version: VERSION });
  const { db } = database;
  // Rate limits, shared by every server process: Redis, PostgreSQL or (PGlite) memory (decision 046).
  const limiters = createLimiterStore({ database, redisUrl: config.redisUrl, log: app.log });
  app.addHook('onClose', async () => limiters.close());
  // The webhooks' outbox (decision 069): the audit entries that are events become deliveries in
  // the transaction of their change.
  const webhookOutbox = createWebhookOutbox({ now });
  const audit = createAuditRepository(db, {
    onRecord: (entries, tx) => webhookOutbox.fromAudit(entries, tx),
  });
  // API keys of an establishment, for partners' programs (decision 068): checked at every request.
  const teamRepository = createTeamRepository(db);
  // The plan's say on API keys (decision 070), known once billing is made below.
  const apiPlan: { check?: (establishmentId: string) => Promise<void> } = {};
  const apiKeys = createApiKeysService({
    db,
    checkPlan: (establishmentId) => apiPlan.check?.(establishmentId) ?? Promise.resolve(),
    keys: createApiKeysRepository(db),
    audit,
    limiters,
    requestsPerMinute: config.apiKeyRequestsPerMinute,
    establishmentInScope: (id, actor) => establishmentInScope(db, id, scopeOf(actor)),
    permissionsIn: async (actor, establishmentId) =>
      actor.role === 'admin'
        ? PERMISSIONS
        : ((await teamRepository.membershipsOf(actor.id)).find(
            (m) => m.establishmentId === establishmentId,
          )?.permissions ?? []),
  });
  // Checked sessions are kept a few seconds (docs/decisions/015-session-cache.md).
  const sessionCache = createSessionCache({ ttlMs: config.sessionCacheSeconds * 1000 });
  await app.register(authPlugin, {
    db: database.db,
    sessionCache,
    cookieSecure: config.cookieSecure,
    apiKeys,
  });
  // Every route under /api declares who may call it; one hook checks it (decision 058).
  await app.register(permissionsPlugin, { db: database.db });

  const users = createUsersRepository(db, sessionCache);
  // The settings the admin changes while the server runs, over the environment's (decision 062):
  // read from the database and kept as long as a checked session.
  const settings = createSettingsService({
    db,
    settings: createSettingsRepository(db),
    audit,
    defaults: settingsDefaults(config),
    environment: {
      mailTransport: config.smtpUrl ? 'smtp' : 'outbox',
      mailFrom: config.mailFrom,
      appUrl: config.appUrl,
      corsOrigins: config.corsOrigins,
      apiDocs: '/api/docs',
      settingsCacheSeconds: config.sessionCacheSeconds,
    },
    cacheMs: config.sessionCacheSeconds * 1000,
    log: app.log,
  });
  // The document cipher's key (read once); device tokens are signed with a key derived from it.
  const encryptionKey = await loadEncryptionKey(config);
  const auth = createAuthService({
    db,
    users,
    sessions: createSessionsRepository(db, sessionCache),
    tokens: createTokensRepository(db),
    establishments: createEstablishmentsRepository(db),
    audit,
    mailer,
    appUrl: config.appUrl,
    log: app.log,
    deviceKey: encryptionKey,
    limiters,
    limits: {
      accountFailuresPerDay: async () => (await settings.current()).loginLockFailures,
    },
    sessionTtlMs: async (tx) => (await settings.current(tx)).sessionHours * 3600_000,
  });
  // The kept list totals, made stale by every service that writes travelers.
  const counts = createTravelerCounts();
  // Background work as jobs in the database (lib/jobs, decision 041): run once whichever process
  // takes them, retried when they fail; started when the app is ready, stopped before it closes.
  const jobs = deps.jobs ?? createPgBossQueue({ sql: database.sql, log: app.log });
  // Plans, trial and billing through Stripe (decision 070): off without STRIPE_SECRET_KEY.
  const billing = createBillingService({
    db,
    billing: createBillingRepository(db),
    stripe:
      deps.stripe !== undefined
        ? deps.stripe
        : createStripeClient({
            secretKey: config.billing.stripeSecretKey,
            apiBase: config.billing.stripeApiBase,
          }),
    webhookSecret: config.billing.stripeWebhookSecret,
    paymentMethodTypes: config.billing.paymentMethodTypes,
    appUrl: config.appUrl,
    jobs,
    mailer,
    audit,
    log: app.log,
    now,
  });
  if (billing.enabled) await scheduleBilling(jobs, billing, config.billing.checkSeconds);
  apiPlan.check = (establishmentId) => billing.checkApiAccess(establishmentId);
  const establishments = createEstablishmentsService({
    db,
    establishments: createEstablishmentsRepository(db),
    users,
    audit,
    auth,
    log: app.log,
    counts,
    plan: billing,
  });
  const admin = createAdminService({
    db,
    admin: createAdminRepository(db),
    users,
    sessions: createSessionsRepository(db, sessionCache),
    audit,
    auth,
    jobs,
    log: app.log,
  });
  // One traveler repository (its prepared statements) and one document cipher (its key read once),
  // shared by the travelers, check-in and documents services.
  const travelersRepository = createTravelersRepository(db, database.kind);
  const cipher = createAesGcmCipher(encryptionKey);
  const pilgrims = createTravelersService({
    db,
    pilgrims: travelersRepository,
    audit,
    cipher,
    log: app.log,
    counts,
    // A reported traveler's communications are cancelled before the deletion (decision 045).
    beforeDelete: (actor, ids, context) => ses.cancelBeforeDelete(actor, ids, context),
    plan: billing,
  });
  // Self check-in: the establishment's link and QR code, the public page's calls, confirmation.
  const checkin = createCheckinService({
    db,
    checkin: createCheckinRepository(db),
    pilgrims,
    reportNumbers: travelersRepository,
    audit,
    ocr,
    counts,
    limiters,
    plan: billing,
    // The app's clock: a reservation's link works until its departure day (decision 066).
    now,
    log: app.log,
    limits: {
      scanMaxPixels: config.checkinScans.maxPixels,
      ocrPerEstablishmentPerMinute: config.checkinScans.perMinute,
    },
  });
  // The declaración responsable of each establishment, signed yearly, kept as PDFs (decision 063).
  const declarationsRepository = createDeclarationsRepository(db);
  const declarations = createDeclarationsService({
    db,
    declarations: declarationsRepository,
    audit,
    cipher,
    now,
  });
  // Registration documents: the PDF (download, e-mail), the traveler file (export, import) and
  // the SES.HOSPEDAJES files. The traveler repository numbers the travelers they write or print.
  const pdf = createPdfService({
    pdfs: createPdfRepository(db),
    numbering: travelersRepository,
    audit,
    cipher,
    mailer,
    log: app.log,
    limiters,
  });
  const exportImport = createExportImportService({
    db,
    files: createExportImportRepository(db),
    numbering: travelersRepository,
    audit,
    log: app.log,
    counts,
  });
  const authorityFilesRepository = createAuthorityFilesRepository(db);
  const authorityFiles = createAuthorityFilesService({
    authorityFiles: authorityFilesRepository,
    numbering: travelersRepository,
    audit,
  });
  // The Mossos d'Esquadra's file and the uploads the owner confirms (decision 057).
  const mossos = createMossosService({
    authorityFiles: authorityFilesRepository,
    numbering: travelersRepository,
    audit,
    cipher,
    now,
  });

  // Sending partes and reservas to SES.HOSPEDAJES, and asking about their lotes (decision 035).
  const sesRepository = createSesRepository(db, {
    // A report processed or refused is an event for the webhooks (decision 069).
    settled: async (row, tx) => {
      const event = reportEvent(row);
      if (event) await webhookOutbox.emit([event], tx);
    },
  });
  const ses = createSesService({
    db,
    ses: sesRepository,
    documents: authorityFiles,
    client:
      deps.sesClient ??
      createSesClient({
        endpoint: config.ses.endpoint,
        extraCa: config.ses.caFile ? [await fs.readFile(config.ses.caFile, 'utf8')] : [],
      }),
    a19Client:
      deps.a19Client ??
      createA19Client({
        endpoints: { production: config.a19.productionUrl, test: config.a19.preproductionUrl },
        extraCa: config.a19.caFile ? [await fs.readFile(config.a19.caFile, 'utf8')] : [],
        now,
      }),
    cipher,
    audit,
    log: app.log,
    limiters,
    now,
    jobs,
  });
  // A correction's new alta, once the Ministry has processed its cancellation (decision 048).
  await workSesCorrections(jobs, ses);
  // Sending by itself, and the deadline guard's alerts (decision 044).
  const sesAutomatic = createSesAutomatic({
    auto: createSesAutoRepository(db),
    sesRepository,
    ses,
    jobs,
    mailer,
    audit,
    appUrl: config.appUrl,
    log: app.log,
    now,
  });
  if (config.sesAutomaticSeconds > 0) {
    await scheduleSesAutomatic(jobs, sesAutomatic, config.sesAutomaticSeconds);
    // The reservations' RH by the same send modes, at the same rhythm (decision 071).
    await scheduleReservationReports(jobs, ses, config.sesAutomaticSeconds);
    // The owners reminded of a declaración responsable ending or ended (decision 083).
    await scheduleDeclarationReminders(
      jobs,
      createDeclarationReminders({
        declarations: declarationsRepository,
        jobs,
        mailer,
        appUrl: config.appUrl,
        now,
      }),
      config.sesAutomaticSeconds,
    );
  }
  // The jobs of the lote checks and the retention purge (their settings at 0: not on this process).
  if (config.ses.checkSeconds > 0) await scheduleSesChecks(jobs, ses, config.ses.checkSeconds);
  // Records past their retention are deleted when first scheduled, then every few hours
  // (decisions 021, 022).
  if (config.retentionPurgeHours > 0)
    await scheduleRetention(
      jobs,
      createRetentionService({ db, audit, counts, outbox: outboxDir(config.dataDir) }),
      config.retentionPurgeHours * 3600,
      app.log,
    );
  // Reservations, and the channels' calendars read every ICAL_FETCH_MINUTES (decision 060).
  const reservationsRepository = createReservationsRepository(db);
  const reservations = createReservationsService({
    db,
    reservations: reservationsRepository,
    audit,
    now,
  });
  const reservationFeeds = createFeedsService({
    db,
    audit,
    reservations: reservationsRepository,
    settings: config.ical,
    log: app.log,
    now,
  });
  if (config.ical.fetchMinutes > 0)
    await scheduleFeedSync(jobs, reservationFeeds, config.ical.fetchMinutes * 60);
  // The reservations' check-in links, and the reminder to their holders (decision 066).
  const reservationCheckin = createReservationCheckinService({
    db,
    reservations: reservationsRepository,
    audit,
    mailer,
    appUrl: config.appUrl,
    jobs,
    now,
  });
  await scheduleReservationReminders(jobs, reservationCheckin, config.reservationReminderSeconds);
  // The apartment without a desk: complete reservations confirmed by themselves on arrival.
  const ownersRepository = createSesAutoRepository(db);
  await scheduleReservationArrivals(
    jobs,
    {
      confirmCompleteArrivals: () => checkin.confirmCompleteArrivals(),
      ownersOf: (id) => ownersRepository.ownersOf(id),
      mailer,
    },
    config.reservationReminderSeconds,
  );
  // Webhooks: signed deliveries through the job queue, retried, paused when failing (decision 069).
  if (config.webhooks.allowHttp)
    app.log.warn('WEBHOOKS_ALLOW_HTTP is on: webhooks may go to http:// and loopback addresses');
  const webhooksRepository = createWebhooksRepository(db);
  const webhookDeliveries = createWebhookDeliveries({
    db,
    webhooks: webhooksRepository,
    cipher,
    jobs,
    mailer,
    appUrl: config.appUrl,
    settings: config.webhooks,
    log: app.log,
    now,
  });
  await scheduleWebhooks(jobs, webhookDeliveries, config.webhooks);
  const webhooks = createWebhooksService({
    db,
    webhooks: webhooksRepository,
    deliveries: webhookDeliveries,
    audit,
    cipher,
    allowHttp: config.webhooks.allowHttp,
    now,
  });
  app.addHook('onReady', async () => jobs.start());
  // preClose: before any onClose hook, such as server.ts's that closes the database.
  app.addHook('preClose', async () => jobs.stop());

  // The team of each establishment: members, roles, invitations, one's devices (decision 058).
  const team = createTeamService({
    db,
    team: createTeamRepository(db),
    users,
    sessions: createSessionsRepository(db, sessionCache),
    audit,
    mailer,
    appUrl: config.appUrl,
    log: app.log,
    establishmentInScope: (id, actor) => establishmentInScope(db, id, scopeOf(actor)),
    openSession: (userId, meta, tx) => auth.openSession(userId, meta, tx),
    plan: billing,
  });

  // The public site: contact form (stored, e-mailed to SUPPORT_EMAIL), testimonials, operator.
  const contact = createContactService({
    contacts: createContactRepository(db),
    mailer,
    supportEmail: async () => (await settings.current()).supportEmail || undefined,
    log: app.log,
    messagesPerHour: async () => (await settings.current()).contactMessagesPerHour,
    limiters,
  });
  app.addHook('preClose', async () => contact.flush());
  const publicConfig = createPublicConfigService({
    operator: async () => {
      const now = await settings.current();
      return {
        name: now.operatorName || undefined,
        address: now.operatorAddress || undefined,
        nif: now.operatorNif || undefined,
        email: now.operatorEmail || undefined,
        registry: now.operatorRegistry || undefined,
      };
    },
    testimonialsFile: config.testimonialsFile,
    log: app.log,
    sessionHours: async () => (await settings.current()).sessionHours,
  });

  await app.register(
    async (api) => {
      // Every API call: no text the database cannot store gets past validation (the web app's
      // pages and files never reach the database).
      await api.register(textGuardPlugin);
      // No API answer is cached: most carry a session or personal data (decision 040).
      api.addHook('onSend', noStore);
      await api.register(healthRoutes, { database, version: VERSION });
      await api.register(contactRoutes, { contact, publicConfig });
      await api.register(authRoutes, { prefix: '/auth', auth, team });
      await api.register(teamRoutes, { team });
      await api.register(apiKeysRoutes, { apiKeys });
      await api.register(ocrRoutes, { prefix: '/ocr', ocr });
      await api.register(establishmentsRoutes, {
        prefix: '/establishments',
        establishments,
        pilgrims,
      });
      await api.register(declarationsRoutes, { declarations });
      await api.register(travelersRoutes, { prefix: '/pilgrims', pilgrims });
      await api.register(checkinRoutes, { checkin });
      await api.register(publicCheckinRoutes, { prefix: '/public/checkin', checkin });
      await api.register(documentsRoutes, { pdf, exportImport, authorityFiles, mossos });
      await api.register(sesRoutes, { ses });
      await api.register(reservationsRoutes, {
        reservations,
        feeds: reservationFeeds,
        checkinLinks: reservationCheckin,
        appUrl: config.appUrl,
      });
      await api.register(sesAutomaticRoutes, { automatic: sesAutomatic });
      await api.register(webhooksRoutes, { webhooks });
      await api.register(adminRoutes, { prefix: '/admin', admin });
      await api.register(settingsRoutes, { prefix: '/admin/settings', settings });
      await api.register(billingRoutes, { billing });
      if (testClock) {
        app.log.warn('TEST_CLOCK is on: POST /api/test/clock moves the clock of the SES sends');
        await api.register(testClockRoutes, { prefix: '/test', clock: testClock });
      }
    },
    { prefix: '/api' },
  );
  await app.register(siteRoutes, { appUrl: config.appUrl });
  await app.register(webPlugin, {
    distDir: config.webDistDir,
    // The self check-in page rendered with its link's details (decision 079).
    checkinInfo: (token) => checkin.publicInfo(token),
    // Generous: the pilgrims on an albergue's Wi-Fi share its address.
    renderLimit: limiters.create({
      name: 'checkin-page-address',
      max: 600,
      windowMs: 60 * 60_000,
      keyOf: clientKey,
    }),
    ...(deps.selfCheckinRenderer && { selfCheckinRenderer: deps.selfCheckinRenderer }),
  });
  return app;
}
