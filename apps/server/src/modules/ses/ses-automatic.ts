/**
 * Sending to SES.HOSPEDAJES by itself, once and on time, and the deadline guard (decision 044).
 *
 * - Per establishment and kind (PV partes, RH reservas) a send mode: `manual`, `on_registration`
 *   (the travelers not yet sent, in one lote at most every few minutes) or `daily` at HH:MM of the
 *   establishment's clock (decision 028). Only with a web-service user.
 * - A scheduled job (every `SES_AUTOMATIC_SECONDS`, one run at a time whatever the number of
 *   processes) takes the due runs, each with one statement that stamps it (so one process takes
 *   it), and sends a job per run; that job sends through the SES send path (ses.service.ts), which
 *   leaves out travelers stored or on their way and locks the establishment's row. A send that
 *   never reached the service fails the job, which the queue retries with a growing delay and
 *   leaves failed, listed to administrators, when it keeps failing.
 * - The deadline guard: the travelers still to report (never sent, refused or rejected, sent with
 *   no answer) with the hours left of the 24 of RD 933/2021, and an e-mail to the owners when one
 *   is within 4 hours of the limit, or when a lote comes back with errors: at most once a day,
 *   unless a lote with new errors comes back (what was alerted is stored).
 */
import { addDays, localDateTimeOf, normaliseDateTime, todayIso } from '@hospes/shared/dates';
import { isLanguage } from '@hospes/shared/languages';
import { establishmentTimeZone, reportingAuthority } from '@hospes/shared/provinces';
import type { SesSchedule, SesToReportItem } from '@hospes/shared/ses-auto';
import { isMinor, sesStays } from '@hospes/shared/ses-preflight';
import type { SesSubmission } from '@hospes/shared/ses';
import { fullName } from '@hospes/shared/travelers';
import type { FastifyBaseLogger } from 'fastify';
import { isA19 } from './a19';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Mailer } from '../../lib/mail/mailer';
import { sesAlertMail } from '../../lib/mail/ses-alert-mail';
import type { Actor } from '../../plugins/auth';
import { isUuid, scopeOf, type Scope } from '../../db/scope';
import type { AuditContext, AuditRepository } from '../audit';
import type { AutomaticRow, SesAutoRepository, SesKind, UnsentRow } from './ses-auto.repository';
import type { SesRepository } from './ses.repository';
import type { SesService } from './ses.service';

/** The travelers of an establishment in `on_registration` go at most this often, together. */
export const ON_REGISTRATION_BATCH_MS = 5 * 60_000;
/** The 24 hours of RD 933/2021 art. 6. */
export const REPORT_WITHIN_MS = 24 * 3_600_000;
/** The owner is warned this long before the limit. */
export const WARN_BEFORE_MS = 4 * 3_600_000;
/** The guard looks at the travelers registered in the last three days. */
const GUARD_WINDOW_MS = 72 * 3_600_000;
/** Travelers per automatic lote (a lote holds up to 100 communications, one per stay). */
const PER_LOTE = 100;
/**
 * `on_registration`: a stay's travelers wait this long after the last of them was registered, so
 * that a family registered one by one goes in one communication (decision 048).
 */
export const STAY_GRACE_MS = 2 * 60_000;
/** The unsent travelers a run looks at to make its lote of whole stays. */
const LOOK_AT = 5 * PER_LOTE;

/**
 * The stays ready to go by themselves, oldest first (decision 048): whole (a lote never takes part
 * of a stay); a stay of minors only waits for an adult of the same contract (the Ministry refuses
 * a minor without one: decision 042), and, sending as travelers arrive, a stay waits
 * `STAY_GRACE_MS` after its last registration.
 */
export function readyStays(
  rows: readonly UnsentRow[],
  kind: SesKind,
  mode: AutomaticRow['mode'],
  at: Date,
): UnsentRow[][] {
  const travelers = rows.map((row) => ({
    ...row,
    stay: { contractReference: row.contractReference, entryDateTime: row.entryDateTime },
  }));
  return sesStays(travelers)
    .filter((stay) => {
      if (kind === 'PV' && stay.every((t) => isMinor(t))) return false;
      if (mode !== 'on_registration') return true;
      const last = Math.max(...stay.map((t) => t.createdAt.getTime()));
      return at.getTime() - last >= STAY_GRACE_MS;
    })
    .map((stay) => stay.map(({ stay: _stay, ...row }) => row));
}

/** Whole stays, in order, up to `max` travelers (a first stay larger than that goes alone). */
function packStays(stays: readonly UnsentRow[][], max: number): string[] {
  const ids: string[] = [];
  for (const stay of stays) {
    if (ids.length > 0 && ids.length + stay.length > max) break;
    ids.push(...stay.map((t) => t.id));
  }
  return ids;
}

export const SES_AUTOMATIC_JOB = 'ses-automatic';
export const SES_AUTOMATIC_SEND_JOB = 'ses-automatic-send';
export const SES_ALERT_MAIL_JOB = 'ses-alert-mail';

/**
 * Who sends by itself: no user (the request's `sent_by` stays empty, its audit entry has no
 * actor), reaching the one establishment it is asked to send for.
 */
const AUTOMATIC_ACTOR: Actor = {
  id: '00000000-0000-0000-0000-000000000000',
  sessionId: '',
  role: 'admin',
  name: 'Hospes',
  email: '',
};

/** The instant of a local date and time (`YYYY-MM-DDTHH:mm:ss`) in a time zone. */
export function instantOf(local: string, timeZone: string): Date {
  const asUtc = Date.parse(`${normaliseDateTime(local)}Z`);
  let guess = asUtc;
  // Twice: the offset at the guess may differ from the offset at the answer (a change of time).
  for (let i = 0; i < 2; i++) {
    const offset = Date.parse(`${localDateTimeOf(new Date(guess), timeZone)}Z`) - guess;
    guess = asUtc - offset;
  }
  return new Date(guess);
}

/** The last daily occurrence of `HH:MM` in a time zone at or before `now`. */
export function lastOccurrence(atTime: string, timeZone: string, now: Date): Date {
  const today = todayIso(now, timeZone);
  const at = instantOf(`${today}T${atTime}:00`, timeZone);
  return at.getTime() <= now.getTime()
    ? at
    : instantOf(`${addDays(today, -1)}T${atTime}:00`, timeZone);
}

/** From when a run of this mode is due: it runs when none was taken since. */
function dueAtOf(row: AutomaticRow, now: Date): Date | null {
  if (row.mode === 'on_registration') return new Date(now.getTime() - ON_REGISTRATION_BATCH_MS);
  if (row.mode === 'daily' && row.atTime)
    return lastOccurrence(row.atTime, establishmentTimeZone(row), now);
  return null;
}

export interface SesAutomaticDeps {
  auto: SesAutoRepository;
  sesRepository: Pick<SesRepository, 'connection' | 'establishmentInReach'>;
  ses: Pick<SesService, 'send'>;
  jobs: Pick<JobQueue, 'send'>;
  mailer: Mailer;
  audit: AuditRepository;
  appUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}

export function createSesAutomatic(deps: SesAutomaticDeps) {
  const { auto, sesRepository, ses, jobs, mailer, audit, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function reachable(actor: Actor, id: string) {
    if (!isUuid(id) || !(await sesRepository.establishmentInReach(id, scopeOf(actor))))
      throw new AppError('ESTABLISHMENT_NOT_FOUND');
  }

  async function scheduleOf(establishmentId: string): Promise<SesSchedule> {
    const rows = await auto.schedules(establishmentId);
    const of = (kind: SesKind) => {
      const row = rows.find((r) => r.kind === kind);
      return { mode: row?.mode ?? 'manual', time: row?.atTime ?? null };
    };
    return { PV: of('PV'), RH: of('RH') };
  }

  /**
   * Sends an establishment's unsent travelers of a kind now (a job): those the pre-flight check
   * refuses are left out (they stay to report, with their fix); a send that never reached the
   * service throws, and the job is retried.
   */
  async function sendNow(establishmentId: string, kind: SesKind): Promise<SesSubmission | null> {
    const connection = await sesRepository.connection(establishmentId);
    const schedule = (await auto.schedules(establishmentId)).find((r) => r.kind === kind);
    if (!connection?.user || !connection.password || !schedule || schedule.mode === 'manual')
      return null;
    let stays = readyStays(
      await auto.unsentStays(
        establishmentId,
        kind,
        connection.environment,
        schedule.enabledAt ?? now(),
        LOOK_AT,
      ),
      kind,
      schedule.mode,
      now(),
    );
    for (let attempt = 0; stays.length > 0 && attempt < 3; attempt++) {
      const ids = packStays(stays, PER_LOTE);
      try {
        const sent = await ses.send(
          AUTOMATIC_ACTOR,
          establishmentId,
          { kind, pilgrimIds: ids },
          { actorId: null, requestId: null, ip: null, lng: 'es', automatic: true },
        );
        log.info(
          { establishmentId, kind, submissionId: sent.id, state: sent.state },
          'SES: sent by itself',
        );
        if (sent.state === 'failed')
          throw new Error(`The SES service could not be reached (${sent.failure ?? 'network'})`);
        return sent;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.code === 'SES_ALREADY_SENT') return null;
        if (err.code !== 'SES_PREFLIGHT_FAILED') throw err;
        // Those the check refuses stay to report; the others go without them.
        const refused = new Set(err.details?.map((d) => d.travelerId ?? null) ?? []);
        if (refused.has(null)) {
          log.warn({ establishmentId, kind }, 'SES: the establishment cannot be reported as is');
          return null;
        }
        // A stay goes whole or waits: those of a refused traveler wait for the fix.
        stays = stays.filter((stay) => !stay.some((t) => refused.has(t.id)));
      }
    }
    return null;
  }

  /**
   * The establishments the guard watches: those that send from Hospes (to SES.HOSPEDAJES or, in the
   * Basque Country, the Ertzaintza, decision 061), and the Catalan ones, which upload the Mossos
   * d'Esquadra's file (decision 057).
   */
  async function guardedEstablishments() {
    const mossos = await auto.mossosEstablishments({ admin: true });
    const ids = new Set(mossos.map((e) => e.id));
    return [
      ...mossos.map((e) => ({ ...e, authority: 'mossos' as const })),
      ...(await auto.connectedEstablishments())
        .filter((e) => !ids.has(e.id))
        .map((e) => ({
          ...e,
          authority:
            reportingAuthority(e) === 'ertzaintza' ? ('ertzaintza' as const) : ('ses' as const),
        })),
    ];
  }

  /** The travelers still to report, most urgent first. */
  async function toReportOf(scope: Scope, establishmentId?: string): Promise<SesToReportItem[]> {
    const at = now();
    // Catalan lodgings upload a file (decision 057): reported once the upload is confirmed.
    const mossos = new Set(
      (await auto.mossosEstablishments(scope, establishmentId)).map((e) => e.id),
    );
    const travelers = await auto.guardTravelers(
      scope,
      new Date(at.getTime() - GUARD_WINDOW_MS),
      establishmentId,
      [...mossos],
    );
    const uploaded = await auto.uploaded(
      travelers.filter((t) => mossos.has(t.establishmentId)).map((t) => t.id),
    );
    const items = await auto.partesOf(
      travelers.filter((t) => !mossos.has(t.establishmentId)).map((t) => t.id),
    );
    const items$ = new Map<string, typeof items>();
    for (const item of items) {
      const list = items$.get(item.pilgrimId) ?? [];
      list.push(item);
      items$.set(item.pilgrimId, list);
    }
    const out: SesToReportItem[] = [];
    for (const t of travelers) {
      const byUpload = mossos.has(t.establishmentId);
      if (byUpload && uploaded.has(t.id)) continue;
      const sent = byUpload ? [] : (items$.get(t.id) ?? []);
      if (sent.some((s) => s.communicationCode)) continue;
      // The latest communication says where it stands.
      const latest = sent[0];
      let state: SesToReportItem['state'];
      let error: string | null = null;
      if (!latest || latest.state === 'failed') state = 'unsent';
      else if (latest.error || latest.state === 'refused') {
        state = 'rejected';
        error = latest.error ?? latest.responseText;
      } else if (latest.state === 'sending' || latest.state === 'queued') continue;
      else state = 'unknown';
      // From the arrival, or from the registration when it came later.
      const timeZone = establishmentTimeZone(t);
      const arrival = instantOf(t.entryDateTime ?? `${t.entryDate}T00:00:00`, timeZone);
      const start = Math.max(arrival.getTime(), t.createdAt.getTime());
      const deadline = new Date(start + REPORT_WITHIN_MS);
      out.push({
        pilgrimId: t.id,
        establishmentId: t.establishmentId,
        establishmentName: t.establishmentName,
        authority: byUpload
          ? 'mossos'
          : reportingAuthority({ ...t, authority: t.establishmentAuthority }) === 'ertzaintza'
            ? 'ertzaintza'
            : 'ses',
        name: fullName(t),
        entryDate: t.entryDate,
        state,
        error,
        deadline: deadline.toISOString(),
        hoursLeft: Math.round((deadline.getTime() - at.getTime()) / 360_000) / 10,
      });
    }
    return out.sort((a, b) => a.deadline.localeCompare(b.deadline));
  }

  return {
    /** GET /api/establishments/{id}/ses-schedule. */
    async schedule(actor: Actor, establishmentId: string): Promise<SesSchedule> {
      await reachable(actor, establishmentId);
      return scheduleOf(establishmentId);
    },

    /** PUT /api/establishments/{id}/ses-schedule: an automatic mode needs a web-service user. */
    async setSchedule(
      actor: Actor,
      establishmentId: string,
      input: SesSchedule,
      context: AuditContext,
    ): Promise<SesSchedule> {
      await reachable(actor, establishmentId);
      const automatic = input.PV.mode !== 'manual' || input.RH.mode !== 'manual';
      const connection = await sesRepository.connection(establishmentId);
      const canSend = !connection
        ? false
        : isA19(connection)
          ? !!connection.a19Certificate && !!connection.a19Password
          : !!connection.user && !!connection.password && !!connection.landlordCode;
      if (automatic && !canSend) throw new AppError('SES_NOT_CONNECTED');
      const at = now();
      for (const kind of ['PV', 'RH'] as const)
        await auto.setSchedule(
          establishmentId,
          kind,
          { mode: input[kind].mode, atTime: input[kind].time ?? null },
          at,
        );
      const saved = await scheduleOf(establishmentId);
      await audit.record(context, {
        action: 'establishment.ses_schedule_changed',
        entityType: 'establishment',
        entityId: establishmentId,
        establishmentId,
        details: saved,
      });
      return saved;
    },

    /** GET /api/ses-to-report: the caller's establishments', or one's. */
    async toReport(actor: Actor, establishmentId?: string): Promise<SesToReportItem[]> {
      if (establishmentId) await reachable(actor, establishmentId);
      return toReportOf(scopeOf(actor), establishmentId);
    },

    /**
     * The scheduled job's round: takes the due runs (one statement each, so one process takes
     * it) and sends a job for each. Answers how many were sent.
     */
    async runDue(): Promise<number> {
      const at = now();
      let sent = 0;
      for (const row of await auto.automatic()) {
        const dueAt = dueAtOf(row, at);
        if (!dueAt || (row.lastRunAt && row.lastRunAt.getTime() >= dueAt.getTime())) continue;
        // A batch waits for a traveler to send; a daily run is taken even with none.
        if (row.mode === 'on_registration') {
          const connection = await sesRepository.connection(row.establishmentId);
          if (!connection) continue;
          const ready = readyStays(
            await auto.unsentStays(
              row.establishmentId,
              row.kind,
              connection.environment,
              row.enabledAt ?? at,
              LOOK_AT,
            ),
            row.kind,
            row.mode,
            at,
          );
          if (ready.length === 0) continue;
        }
        if (!(await auto.claimRun(row.establishmentId, row.kind, dueAt, at))) continue;
        await jobs.send(SES_AUTOMATIC_SEND_JOB, {
          establishmentId: row.establishmentId,
          kind: row.kind,
        });
        sent += 1;
      }
      return sent;
    },

    sendNow,

    /**
     * Looks for what the owners must hear of: travelers within 4 hours of the limit (or past it)
     * not reported, and lotes come back with errors. Records the alert (once: a conditional
     * write) and sends a job that e-mails it. Answers how many establishments were alerted.
     */
    async alertDue(): Promise<number> {
      const at = now();
      let alerted = 0;
      for (const establishment of await guardedEstablishments()) {
        const items = await toReportOf({ admin: true }, establishment.id);
        const near = items.filter(
          (i) => new Date(i.deadline).getTime() - at.getTime() <= WARN_BEFORE_MS,
        );
        const lotes = await auto.lotesWithErrors(
          establishment.id,
          new Date(at.getTime() - GUARD_WINDOW_MS),
        );
        if (near.length === 0 && lotes.length === 0) continue;
        const before = await auto.alertOf(establishment.id);
        const today = todayIso(at, establishmentTimeZone(establishment));
        const knownTravelers = new Set(before?.travelerIds ?? []);
        const knownLotes = new Set(before?.submissionIds ?? []);
        const newNear = near.filter((i) => !knownTravelers.has(i.pilgrimId));
        const newLotes = lotes.filter((l) => !knownLotes.has(l.id));
        const warnToday = newNear.length > 0 && before?.deadlineAlertedOn !== today;
        if (!warnToday && newLotes.length === 0) continue;
        // What was alerted, kept while it is still to report (the window bounds it).
        const stillNear = new Set(items.map((i) => i.pilgrimId));
        const stillLotes = new Set(lotes.map((l) => l.id));
        const recorded = await auto.recordAlert(establishment.id, before?.alertedAt ?? null, {
          deadlineAlertedOn: warnToday ? today : (before?.deadlineAlertedOn ?? null),
          travelerIds: [
            ...new Set([
              ...(before?.travelerIds ?? []).filter((id) => stillNear.has(id)),
              ...(warnToday ? near.map((i) => i.pilgrimId) : []),
            ]),
          ],
          submissionIds: [
            ...new Set([
              ...(before?.submissionIds ?? []).filter((id) => stillLotes.has(id)),
              ...lotes.map((l) => l.id),
            ]),
          ],
          alertedAt: at,
        });
        if (!recorded) continue;
        await jobs.send(SES_ALERT_MAIL_JOB, {
          establishmentId: establishment.id,
          pilgrimIds: warnToday ? near.map((i) => i.pilgrimId) : [],
          submissionIds: newLotes.map((l) => l.id),
        });
        alerted += 1;
      }
      return alerted;
    },

    /**
     * The alert's e-mail (a job, retried when the SMTP server is away): what is still to report
     * of what was alerted, to each owner in their language.
     */
    async sendAlertMail(data: {
      establishmentId: string;
      pilgrimIds: string[];
      submissionIds: string[];
    }): Promise<void> {
      const at = now();
      const wanted = new Set(data.pilgrimIds);
      const travelers = (await toReportOf({ admin: true }, data.establishmentId)).filter((i) =>
        wanted.has(i.pilgrimId),
      );
      const lotes = (
        await auto.lotesWithErrors(data.establishmentId, new Date(at.getTime() - GUARD_WINDOW_MS))
      ).filter((l) => data.submissionIds.includes(l.id));
      if (travelers.length === 0 && lotes.length === 0) return;
      const rejected = await auto.rejectedOf(lotes.map((l) => l.id));
      const establishment = (await guardedEstablishments()).find(
        (e) => e.id === data.establishmentId,
      );
      if (!establishment) return;
      for (const owner of await auto.ownersOf(data.establishmentId)) {
        const lng = isLanguage(owner.language) ? owner.language : 'es';
        await mailer.send(
          sesAlertMail(lng, owner.email, {
            name: owner.name,
            establishment: establishment.name,
            url: `${deps.appUrl}/to-report`,
            timeZone: establishmentTimeZone(establishment),
            authority: establishment.authority,
            travelers,
            lotes: lotes.map((l) => ({
              ...l,
              rejected: rejected
                .filter((r) => r.submissionId === l.id)
                .map((r) => ({ name: fullName(r), error: r.error ?? '' })),
            })),
          }),
        );
      }
    },
  };
}
export type SesAutomatic = ReturnType<typeof createSesAutomatic>;

/**
 * The jobs: the round every `everySeconds` (one at a time whatever the number of processes),
 * the sends it asks for, and the alerts' e-mails, each retried with a growing delay.
 */
export async function scheduleSesAutomatic(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  automatic: Pick<SesAutomatic, 'runDue' | 'alertDue' | 'sendNow' | 'sendAlertMail'>,
  everySeconds: number,
) {
  await jobs.work(
    SES_AUTOMATIC_JOB,
    async () => {
      await automatic.runDue();
      await automatic.alertDue();
    },
    { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 300 },
  );
  await jobs.work<{ establishmentId: string; kind: SesKind }>(
    SES_AUTOMATIC_SEND_JOB,
    async ({ establishmentId, kind }) => {
      await automatic.sendNow(establishmentId, kind);
    },
    { retryLimit: 4, retryDelaySeconds: 60, expireInSeconds: 300 },
  );
  await jobs.work<{ establishmentId: string; pilgrimIds: string[]; submissionIds: string[] }>(
    SES_ALERT_MAIL_JOB,
    async (data) => automatic.sendAlertMail(data),
    { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 120 },
  );
  await jobs.schedule(SES_AUTOMATIC_JOB, { everySeconds, atStart: false });
}
