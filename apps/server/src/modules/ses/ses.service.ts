/**
 * Sending partes (PV) and reservas (RH) to SES.HOSPEDAJES from Hospes (decision 035, reference
 * ses-hospedajes.md §1.10): an establishment stores its web-service user; a send builds the same
 * XML as the file download (modules/documents, its authority files), records the request and its
 * travelers before it leaves, sends it, and keeps the lote; the lote is then asked about
 * (lote-checks.ts, by a timer here or on demand) until the service has processed it, and each
 * traveler gets the communication code the service stored it under, or its error.
 *
 * Nothing acknowledged is lost: a request is written down before it is sent, and a request whose
 * answer never came is "uncertain", never "not sent", so that a traveler is not reported twice
 * without the user choosing to.
 */
import { fullName } from '@hospes/shared/travelers';
import { sesStays } from '@hospes/shared/ses-preflight';
import {
  sesCancellationOutcome,
  sesTravelerOutcome,
  type SesConnection,
  type SesConnectionCheck,
  type SesConnectionInput,
  type SesSendInput,
  type SesSubmission,
  type SesTravelerCommunication,
} from '@hospes/shared/ses';
import type { Language } from '@hospes/shared/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { uuidv7 } from '../../lib/ids';
import { memoryLimiterStore, type LimiterStore } from '../../lib/rate-limiter';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { SesTransportError, type SesClient, type SesTarget } from '../../lib/ses/client';
import type { A19Client } from '../../lib/a19/client';
import { createA19Certificates, isA19 } from './a19';
import { SesMalformedAnswer, SesSoapFault } from '../../lib/ses/soap';
import { DocumentDecryptionError, type DocumentCipher } from '../../lib/storage/document-cipher';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import type { AuthorityFilesService } from '../documents';
import { isUuid, scopeOf, type Scope } from '../../db/scope';
import {
  createSesCorrections,
  SES_CORRECTION_ALTA_JOB,
  SES_CORRECTION_ALTA_RETRIES,
  type CorrectionAltaJob,
} from './corrections';
import { createLoteChecks, cut } from './lote-checks';
import { createReservationReports } from './reservation-reports';
import {
  createReservationReportsRepository,
  type ReservationReportsRepository,
} from './reservation-reports.repository';
import { createAnswerRecorder } from './record-answer';
import type {
  ConnectionRow,
  SentOutcome,
  SesRepository,
  SubmissionRow,
  SubmissionTravelerRow,
} from './ses.repository';

export interface SesServiceDeps {
  db: Db;
  ses: SesRepository;
  documents: Pick<AuthorityFilesService, 'prepareSes'>;
  client: SesClient;
  /** The Ertzaintza's A19 service, for Basque establishments (decision 056). */
  a19Client: A19Client;
  cipher: DocumentCipher;
  audit: AuditRepository;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
  now?: () => Date;
  /** Where the limit of calls is counted (shared by every process: decision 046); memory when absent. */
  limiters?: LimiterStore;
  /** Where a correction's new alta is sent as a job (decision 048). */
  jobs: Pick<JobQueue, 'send'>;
  /** The reservation reports' rows (decision 071); made from `db` when absent. */
  reservationReports?: ReservationReportsRepository;
}

/** A request "sending" for longer than this was cut off by a stopped process. */
const STALE_SENDING_MS = 5 * 60_000;
/** A look by hand at most this often per request. */
const MIN_MANUAL_CHECK_MS = 3_000;

/** Sends and connection checks per establishment and 10 minutes: the Ministry's service is shared. */
export const SES_CALLS_PER_10_MINUTES = 30;

const passwordContext = (establishmentId: string) => `ses-password:${establishmentId}`;

export function createSesService(deps: SesServiceDeps) {
  const { ses, documents, client, cipher, audit, log } = deps;
  const now = deps.now ?? (() => new Date());
  const recordAnswer = createAnswerRecorder({ ses, now, log });
  const calls = (deps.limiters ?? memoryLimiterStore()).create({
    name: 'ses-calls',
    max: SES_CALLS_PER_10_MINUTES,
    windowMs: 10 * 60_000,
  });

  /** One more call to the Ministry for this establishment, or 429. */
  async function countCall(establishmentId: string) {
    const retryAfter = await calls.take(`ses:${establishmentId}`);
    if (retryAfter > 0) throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter } });
  }

  async function reachableEstablishment(actor: Actor, id: string) {
    if (!isUuid(id) || !(await ses.establishmentInReach(id, scopeOf(actor))))
      throw new AppError('ESTABLISHMENT_NOT_FOUND');
  }

  function connectionView(row: ConnectionRow): SesConnection {
    return {
      user: row.user,
      passwordSet: row.password !== null,
      environment: row.environment,
      landlordCode: row.landlordCode,
    };
  }

  /**
   * The service to call with an establishment's credentials (the connection's service, or the one
   * a request went to); null when any is missing. A password the key cannot open (the key changed,
   * a database restored elsewhere) is a 409 that asks for it again.
   */
  function targetOf(row: ConnectionRow, environment = row.environment): SesTarget | null {
    if (!row.user || !row.password || !row.landlordCode) return null;
    let password: string;
    try {
      password = cipher.open(row.password, passwordContext(row.establishmentId)).toString('utf8');
    } catch (err) {
      if (err instanceof DocumentDecryptionError)
        throw new AppError('SES_PASSWORD_UNREADABLE', { cause: err });
      throw err;
    }
    return {
      environment,
      credentials: { user: row.user, password, landlordCode: row.landlordCode },
    };
  }

  async function connectionOf(establishmentId: string): Promise<ConnectionRow> {
    const row = await ses.connection(establishmentId);
    if (!row) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    return row;
  }

  const a19 = createA19Certificates({
    ses,
    cipher,
    audit,
    log,
    now,
    reachableEstablishment,
    connectionOf,
  });

  const { checkLotes } = createLoteChecks({
    ses,
    client,
    log,
    now,
    connectionOf,
    targetOf,
    // Defined below, with the send a correction's new alta goes through.
    cancellationSettled: async (id) => {
      await corrections.settleCancellation(id);
      // A reservation's RH corrected: its new alta goes (decision 071).
      await reservationReports.cancellationSettled(id);
    },
  });

  function submissionView(
    found: { submission: SubmissionRow; sentByName: string | null },
    travelers: SubmissionTravelerRow[],
    withTravelers: boolean,
  ): SesSubmission {
    const s = found.submission;
    const people = travelers.map((t) => ({
      pilgrimId: t.pilgrimId,
      name: fullName(t),
      order: t.orden,
      outcome:
        s.operation === 'B'
          ? sesCancellationOutcome(s.state, s.loteState)
          : sesTravelerOutcome(s.state, t),
      communicationCode: t.communicationCode,
      error: t.error ?? (s.state === 'refused' ? s.responseText : null),
    }));
    const tally = (outcome: string) => people.filter((p) => p.outcome === outcome).length;
    return {
      id: s.id,
      establishmentId: s.establishmentId,
      kind: s.kind,
      authority: s.authority,
      operation: s.operation,
      correctionId: s.correctionId,
      environment: s.environment,
      state: s.state,
      lote: s.lote,
      responseCode: s.responseCode,
      responseText: s.responseText,
      failure: s.failure,
      loteState: s.loteState,
      loteStateText: s.loteStateText,
      communications: s.communications,
      counts: {
        travelers: people.length,
        stored: tally('stored'),
        rejected: tally('rejected'),
        pending: tally('pending'),
      },
      sentByName: found.sentByName,
      createdAt: s.createdAt.toISOString(),
      processedAt: s.processedAt?.toISOString() ?? null,
      checkedAt: s.checkedAt?.toISOString() ?? null,
      checking: s.state === 'queued' && s.nextCheckAt !== null,
      ...(withTravelers ? { travelers: people } : {}),
    };
  }

  /** A request as answered, with its travelers (read again: a look may just have changed it). */
  async function view(id: string, scope: Scope = { admin: true }): Promise<SesSubmission> {
    const found = await ses.findInScope(id, scope);
    if (!found) throw new AppError('SES_SUBMISSION_NOT_FOUND');
    return submissionView(found, await ses.travelersOf([id]), true);
  }

  const service = {
    /** GET /api/establishments/{id}/ses-connection. */
    async connection(actor: Actor, establishmentId: string): Promise<SesConnection> {
      await reachableEstablishment(actor, establishmentId);
      return connectionView(await connectionOf(establishmentId));
    },

    /** PUT /api/establishments/{id}/ses-connection: the password is sealed; left out, kept. */
    async setConnection(
      actor: Actor,
      establishmentId: string,
      input: SesConnectionInput,
      context: AuditContext,
    ): Promise<SesConnection> {
      await reachableEstablishment(actor, establishmentId);
      const current = await connectionOf(establishmentId);
      // A new user, or the other service, without a new password: the stored password was for
      // another user, or the other service, which issues its own.
      const keep =
        input.password === undefined &&
        current.password &&
        current.user === input.user &&
        current.environment === input.environment;
      if (input.password === undefined && !keep) throw new AppError('SES_PASSWORD_REQUIRED');
      const password = input.password
        ? cipher.seal(Buffer.from(input.password, 'utf8'), passwordContext(establishmentId))
        : current.password;
      await ses.setConnection(establishmentId, {
        user: input.user,
        password,
        environment: input.environment,
      });
      await audit.record(context, {
        action: 'establishment.ses_connection_changed',
        entityType: 'establishment',
        entityId: establishmentId,
        establishmentId,
        details: {
          user: input.user,
          environment: input.environment,
          passwordChanged: input.password !== undefined,
        },
      });
      return connectionView(await connectionOf(establishmentId));
    },

    /**
     * DELETE /api/establishments/{id}/ses-connection: files are uploaded by hand again, so the
     * send modes go back to manual (decision 048: a mode left on would send again, unasked, the
     * day a user is set, and says "automatic" meanwhile); the answer says whether any was on.
     */
    async removeConnection(actor: Actor, establishmentId: string, context: AuditContext) {
      await reachableEstablishment(actor, establishmentId);
      const current = await connectionOf(establishmentId);
      const reset = await deps.db.transaction(async (tx) => {
        await ses.setConnection(
          establishmentId,
          { user: null, password: null, environment: current.environment },
          tx,
        );
        return ses.resetSendModes(establishmentId, now(), tx);
      });
      await audit.record(context, {
        action: 'establishment.ses_connection_changed',
        entityType: 'establishment',
        entityId: establishmentId,
        establishmentId,
        details: { removed: true, ...(reset.length > 0 ? { sendModesReset: reset } : {}) },
      });
      return {
        ...connectionView(await connectionOf(establishmentId)),
        sendModesReset: reset.length > 0,
      };
    },

    /**
     * POST /api/establishments/{id}/ses-connection/check: asks the service for its list of code
     * tables with the stored credentials, which sends nothing and tells whether they are taken.
     */
    async checkConnection(actor: Actor, establishmentId: string): Promise<SesConnectionCheck> {
      await reachableEstablishment(actor, establishmentId);
      const target = targetOf(await connectionOf(establishmentId));
      if (!target) throw new AppError('SES_NOT_CONNECTED');
      await countCall(establishmentId);
      try {
        const answer = await client.catalogo(target);
        return {
          outcome: answer.code === 0 ? 'ok' : 'refused',
          code: answer.code,
          text: cut(answer.description, 300),
        };
      } catch (err) {
        if (err instanceof SesTransportError)
          return { outcome: err.reason, code: err.status ?? null, text: null };
        if (err instanceof SesSoapFault)
          return { outcome: 'fault', code: null, text: cut(err.faultString, 300) };
        if (err instanceof SesMalformedAnswer)
          return { outcome: 'malformed', code: null, text: null };
        throw err;
      }
    },

    /**
     * POST /api/establishments/{id}/ses-submissions: builds the request as the file download does
     * (same pre-flight check, same 422), leaves out travelers already reported unless `resend`,
     * records it with its travelers, sends it and answers what the service said (201 whatever it
     * said: the request is recorded either way).
     */
    async send(
      actor: Actor,
      establishmentId: string,
      input: SesSendInput,
      // automatic: sent by itself (ses-automatic.ts, decision 044), by no user.
      context: AuditContext & { lng: Language; automatic?: boolean },
    ): Promise<SesSubmission> {
      await reachableEstablishment(actor, establishmentId);
      const connection = await connectionOf(establishmentId);
      // A Basque establishment sends to the Ertzaintza's A19 service, the same way (decision 056).
      const ertzaintza = isA19(connection);
      const a19Target = ertzaintza ? a19.a19TargetOf(connection) : null;
      const target = ertzaintza ? null : targetOf(connection);
      if (!target && !a19Target) throw new AppError('SES_NOT_CONNECTED');
      const environment = ertzaintza ? connection.a19Environment : connection.environment;
      // Left out: travelers already communicated to this service; with `resend`, only those
      // stored or on their way (one whose request went unanswered goes again).
      const blocking = (found: Map<string, SentOutcome>) =>
        input.resend ? new Map([...found].filter(([, outcome]) => outcome !== 'unknown')) : found;
      const prepared = await documents.prepareSes(actor, establishmentId, input, context, {
        skip: async (ids) => blocking(await ses.alreadyCommunicated(ids, input.kind, environment)),
        authority: ertzaintza ? 'ertzaintza' : 'ses',
      });
      await countCall(establishmentId);
      const stays = sesStays(prepared.travelers);
      const id = uuidv7();
      // Again, with the establishment locked: a send from another desk may have taken them since.
      const taken = await ses.insertUnlessSent(
        {
          id,
          establishmentId,
          kind: input.kind,
          authority: ertzaintza ? 'ertzaintza' : 'ses',
          environment,
          state: 'sending',
          communications: stays.length,
          sentBy: context.automatic ? null : actor.id,
          createdAt: now(),
        },
        stays.flatMap((stay, i) => stay.map((t) => ({ pilgrimId: t.id, orden: i + 1 }))),
        blocking,
      );
      if (taken.size > 0)
        throw new AppError('SES_ALREADY_SENT', {
          details: prepared.travelers
            .filter((t) => taken.has(t.id))
            .map((t) => ({
              field: `${t.id}.id`,
              message: '',
              code: `ses.already.${taken.get(t.id)}`,
              travelerId: t.id,
              travelerName: fullName(t),
            })),
        });
      await audit.record(context, {
        action: 'establishment.ses_sent',
        entityType: 'establishment',
        entityId: establishmentId,
        establishmentId,
        details: {
          submissionId: id,
          kind: input.kind,
          authority: ertzaintza ? 'ertzaintza' : 'ses',
          environment,
          pilgrimIds: prepared.travelers.map((t) => t.id),
        },
      });

      if (a19Target)
        await a19.recordA19Answer(id, () =>
          deps.a19Client.envio(a19Target, input.kind, prepared.xml),
        );
      else if (target)
        await recordAnswer(id, () => client.alta(target, input.kind, prepared.xml), 'sending');
      return { ...(await view(id)), skipped: prepared.skipped };
    },

    /** GET /api/ses-submissions/{id}: the request and each traveler's outcome. */
    async get(actor: Actor, id: string): Promise<SesSubmission> {
      if (!isUuid(id)) throw new AppError('SES_SUBMISSION_NOT_FOUND');
      return view(id, scopeOf(actor));
    },

    /**
     * POST /api/ses-submissions/{id}/check: asks the service about a queued request now (at most
     * every 3 s), whether or not Hospes still asks by itself; anything else is answered as it is.
     */
    async check(actor: Actor, id: string): Promise<SesSubmission> {
      if (!isUuid(id)) throw new AppError('SES_SUBMISSION_NOT_FOUND');
      if (!(await ses.findInScope(id, scopeOf(actor))))
        throw new AppError('SES_SUBMISSION_NOT_FOUND');
      // Taken with its look stamped, so that two clicks (or a click and the timer) ask once.
      const claimed = await ses.claimForCheck(id, now(), MIN_MANUAL_CHECK_MS);
      if (claimed) await checkLotes(claimed.establishmentId, [claimed]);
      return view(id);
    },

    /** GET /api/establishments/{id}/ses-submissions: its requests, newest first. */
    async list(actor: Actor, establishmentId: string, page: number, limit: number) {
      await reachableEstablishment(actor, establishmentId);
      const { rows, total } = await ses.listOf(establishmentId, page, limit);
      const travelers = await ses.travelersOf(rows.map((r) => r.submission.id));
      const data = rows.map((found) =>
        submissionView(
          found,
          travelers.filter((t) => t.submissionId === found.submission.id),
          false,
        ),
      );
      return { data, total };
    },

    /** GET /api/pilgrims/{id}/ses-communications: a traveler's communications, newest first. */
    async ofTraveler(actor: Actor, pilgrimId: string): Promise<SesTravelerCommunication[]> {
      if (!isUuid(pilgrimId) || !(await ses.travelerInReach(pilgrimId, scopeOf(actor))))
        throw new AppError('PILGRIM_NOT_FOUND');
      const rows = await ses.ofTraveler(pilgrimId);
      return rows.map(({ submission: s, item, cancellationState, cancellationLoteState }) => ({
        submissionId: s.id,
        establishmentId: s.establishmentId,
        kind: s.kind,
        authority: s.authority,
        operation: s.operation,
        correctionId: s.correctionId,
        cancellation: !item.cancelledBy
          ? null
          : cancellationState === 'processed'
            ? cancellationLoteState === 1
              ? ('done' as const)
              : null
            : cancellationState === 'uncertain'
              ? ('unknown' as const)
              : ('pending' as const),
        ...(s.operation === 'B' && s.correctionId
          ? { correctionState: s.correctionState, correctionError: s.correctionError }
          : {}),
        environment: s.environment,
        state: s.state,
        outcome:
          s.operation === 'B'
            ? sesCancellationOutcome(s.state, s.loteState)
            : sesTravelerOutcome(s.state, item),
        lote: s.lote,
        communicationCode: item.communicationCode,
        error: item.error,
        responseText: s.responseText,
        failure: s.failure,
        createdAt: s.createdAt.toISOString(),
        processedAt: s.processedAt?.toISOString() ?? null,
      }));
    },

    /**
     * The timer's round: requests cut off while sending become uncertain; queued ones that are due
     * are asked about, establishment by establishment. Returns how many were asked about.
     */
    async checkDue(options: { limit?: number } = {}): Promise<number> {
      const at = now();
      await ses.settleStaleSending(new Date(at.getTime() - STALE_SENDING_MS));
      const due = await ses.claimDue(at, options.limit ?? 50, 2 * 60_000);
      const byEstablishment = new Map<string, SubmissionRow[]>();
      for (const s of due) {
        if (!s.lote) continue;
        const list = byEstablishment.get(s.establishmentId) ?? [];
        list.push(s);
        byEstablishment.set(s.establishmentId, list);
      }
      for (const [establishmentId, list] of byEstablishment) {
        try {
          await checkLotes(establishmentId, list);
        } catch (err) {
          log.warn({ err, establishmentId }, 'SES: could not look at queued lotes');
        }
      }
      return due.length;
    },
  };
  // Cancelling and correcting what was sent (decision 045): corrections.ts.
  const corrections = createSesCorrections({
    ses,
    client,
    audit,
    documents,
    log,
    now,
    connectionOf,
    targetOf,
    countCall,
    reachableEstablishment,
    view,
    send: service.send,
    jobs: deps.jobs,
  });
  // The reservation reports (RH) of reservations (decision 071): reservation-reports.ts.
  const reservationReports = createReservationReports({
    ses,
    reports: deps.reservationReports ?? createReservationReportsRepository(deps.db),
    client,
    audit,
    log,
    now,
    targetOf: (row) => targetOf(row),
    countCall,
    reachableEstablishment,
    recordAnswer,
  });
  return {
    ...service,
    ...corrections,
    ...reservationReports,
    a19Certificate: a19.a19Certificate,
    setA19Certificate: a19.setA19Certificate,
    removeA19Certificate: a19.removeA19Certificate,
  };
}
export type SesService = ReturnType<typeof createSesService>;

/** The send modes' round for reservations' RH (decision 071), as a job. */
export const RESERVATION_REPORTS_JOB = 'reservation-reports';

/** Runs the reservation reports' round every `everySeconds` (after each run ends). */
export async function scheduleReservationReports(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  service: Pick<SesService, 'round'>,
  everySeconds: number,
) {
  await jobs.work(
    RESERVATION_REPORTS_JOB,
    async () => {
      await service.round();
    },
    { retryLimit: 0, expireInSeconds: 300 },
  );
  await jobs.schedule(RESERVATION_REPORTS_JOB, { everySeconds, atStart: false });
}

/** The look at queued lotes as a job (lib/jobs). */
export const SES_CHECKS_JOB = 'ses-lote-checks';

/** Looks for due lotes every `everySeconds` (after each look ends), as a scheduled job. */
export async function scheduleSesChecks(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  service: Pick<SesService, 'checkDue'>,
  everySeconds: number,
) {
  await jobs.work(
    SES_CHECKS_JOB,
    async () => {
      await service.checkDue();
    },
    { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 300 },
  );
  await jobs.schedule(SES_CHECKS_JOB, { everySeconds, atStart: false });
}

/**
 * The new alta of a correction, sent as a job once its cancellation is processed (decision 048):
 * on every process, whatever its lote-check setting (a look by hand also settles a cancellation).
 */
export async function workSesCorrections(
  jobs: Pick<JobQueue, 'work'>,
  service: Pick<SesService, 'sendCorrectionAlta'>,
) {
  await jobs.work<CorrectionAltaJob>(
    SES_CORRECTION_ALTA_JOB,
    async (data, job) => service.sendCorrectionAlta(data, job),
    { retryLimit: SES_CORRECTION_ALTA_RETRIES, retryDelaySeconds: 60, expireInSeconds: 300 },
  );
}
