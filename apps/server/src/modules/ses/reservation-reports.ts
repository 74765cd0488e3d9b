/**
 * The reservation report (RH, "reserva de hospedaje") of a reservation (decision 071, reference
 * ses-hospedajes.md §1.5 and §1.10): a booking is reported to SES.HOSPEDAJES when it is made, with
 * its holder as the contract holder (TI) and the guests registered through its check-in link as
 * travelers (VI); a change of its dates or guests cancels the stored communication (operation B)
 * and, once the Ministry has processed the cancellation, sends it again; a cancelled booking
 * cancels it.
 *
 * What to do is worked out from what was sent (`reservation_reports` with their requests) and the
 * reservation as it is now, each time: the send modes' round (`round`), a click (`send`) and a
 * processed cancellation (`cancellationSettled`) all ask the same question, and the write of a
 * request asks it again with the establishment's row locked, so nothing goes twice.
 *
 * Nothing is made up: a reservation without a field the RH requires (the holder's surname, a way to
 * contact them, the payment type, the establishment's code) is "unreportable" with its reasons.
 */
import { establishmentTimeZone } from '@hospes/shared/provinces';
import { todayIso } from '@hospes/shared/dates';
import { SES_EMAIL_PATTERN, type SesTraveler } from '@hospes/shared/ses-preflight';
import type {
  ReservationReport,
  ReservationReportProblem,
  ReservationReportState,
} from '@hospes/shared/reservation-report';
import type { FastifyBaseLogger } from 'fastify';
import type { EstablishmentRow, ReservationRow, TravelerDbRow } from '../../db/schema';
import { isUuid, scopeOf } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { uuidv7 } from '../../lib/ids';
import type { SesClient, SesTarget } from '../../lib/ses/client';
import type { SesAltaAnswer } from '../../lib/ses/soap';
import {
  buildReservationReportsXml,
  SES_MAX_COMMUNICATIONS,
  type ReservationCommunication,
  type ReservationHolder,
} from '../../lib/ses/ses-xml';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import { toSesTraveler, toTravelerView } from '../documents';
import { isA19 } from './a19';
import type {
  ReportWithSubmission,
  ReservationReportsRepository,
} from './reservation-reports.repository';
import type { ConnectionRow, SesRepository } from './ses.repository';
import { lastOccurrence } from './ses-automatic';

/** A request that failed to reach the service is tried again by itself after this. */
const RETRY_FAILED_MS = 5 * 60_000;

/** What a change corrects: the dates and the guests (reference §1.10). */
export const reservationFingerprint = (
  r: Pick<ReservationRow, 'arrival' | 'departure' | 'guests'>,
) => `${r.arrival}|${r.departure}|${r.guests}`;

const normalName = (value: string) =>
  value.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

const validEmail = (email: string | null | undefined) =>
  email && SES_EMAIL_PATTERN.test(email.trim()) ? email.trim() : null;

const hasContact = (t: SesTraveler) =>
  Boolean(
    t.contactInfo?.phone?.trim() ||
    t.contactInfo?.phone2?.trim() ||
    validEmail(t.contactInfo?.email),
  );

/** A guest's record with only a valid e-mail (the XSD's pattern), as the RH may carry it. */
function forRh(t: SesTraveler): SesTraveler {
  return { ...t, contactInfo: { ...t.contactInfo, email: validEmail(t.contactInfo?.email) } };
}

/**
 * The RH of one reservation as it would go now, or why it cannot: the holder is the registered
 * guest of the same name (their record), else the booking's name split at its first space (given
 * name, then surnames); a one-word name has no surname to send.
 */
export function reservationCommunication(
  reservation: ReservationRow,
  establishment: Pick<
    EstablishmentRow,
    'establishmentCode' | 'defaultPaymentType' | 'province' | 'postalCode'
  >,
  guests: readonly SesTraveler[],
): { communication: ReservationCommunication | null; problems: ReservationReportProblem[] } {
  const problems: ReservationReportProblem[] = [];
  if (!establishment.establishmentCode?.trim()) problems.push('establishmentCode');
  const contact = {
    phone: reservation.holderPhone?.trim() || null,
    email: validEmail(reservation.holderEmail),
  };
  const matched = guests.find(
    (g) =>
      normalName([g.firstName, g.lastName, g.secondLastName ?? ''].join(' ')) ===
      normalName(reservation.holderName),
  );
  let holder: ReservationHolder | SesTraveler;
  if (matched) {
    const own = forRh(matched);
    holder = hasContact(own)
      ? own
      : { ...own, contactInfo: { ...own.contactInfo, phone: contact.phone, email: contact.email } };
    if (!hasContact(holder as SesTraveler)) problems.push('holderContact');
  } else {
    const words = reservation.holderName.replace(/\s+/g, ' ').trim().split(' ');
    if (words.length < 2) problems.push('holderSurname');
    if (!contact.phone && !contact.email) problems.push('holderContact');
    holder = { firstName: words[0] ?? '', lastName: words.slice(1).join(' '), ...contact };
  }
  const paymentType = reservation.paymentType ?? establishment.defaultPaymentType;
  if (!paymentType) problems.push('paymentType');
  if (problems.length > 0) return { communication: null, problems };
  return {
    problems,
    communication: {
      reference: reservation.id,
      contractDate: todayIso(reservation.createdAt, establishmentTimeZone(establishment)),
      arrival: reservation.arrival,
      departure: reservation.departure,
      persons: reservation.guests,
      ...(reservation.source === 'ical' ? { internet: true } : {}),
      paymentType: paymentType!,
      holder,
      // The guests known, as VI: those with a way to contact them (the RH requires one each);
      // the others are reported in the parte when they arrive.
      guests: guests.map(forRh).filter(hasContact),
    },
  };
}

type Action = 'alta' | 'cancel' | null;

interface Decision {
  state: ReservationReportState;
  /** What to send now, and whether the send modes may send it by themselves. */
  action: Action;
  automatic: boolean;
  /** The stored code a cancellation would cancel. */
  code: string | null;
  error: string | null;
  latest: ReportWithSubmission | null;
}

const inFlight = (r: ReportWithSubmission) =>
  r.submission.state === 'sending' || r.submission.state === 'queued';
const endedBadly = (r: ReportWithSubmission) =>
  r.submission.state === 'refused' ||
  (r.submission.state === 'processed' &&
    (r.submission.operation === 'B' ? r.submission.loteState !== 1 : !r.report.communicationCode));

/**
 * Where a reservation's RH stands and what to send, from what was sent to this service (test or
 * production) and the reservation as it is now.
 */
export function decide(
  reservation: ReservationRow,
  reports: readonly ReportWithSubmission[],
  problems: readonly ReservationReportProblem[],
  environment: 'production' | 'test',
  now: Date,
): Decision {
  const here = reports.filter(
    (r) => r.report.reservationId === reservation.id && r.submission.environment === environment,
  );
  const altas = here.filter((r) => r.submission.operation === 'A');
  const cancels = here.filter((r) => r.submission.operation === 'B');
  const latest = here.at(-1) ?? null;
  const changedAfter = (r: ReportWithSubmission) =>
    reservation.updatedAt.getTime() > r.submission.createdAt.getTime();
  const errorOf = (r: ReportWithSubmission | null | undefined) =>
    r ? (r.report.error ?? r.submission.responseText ?? r.submission.failure ?? null) : null;
  const result = (
    state: ReservationReportState,
    action: Action = null,
    automatic = false,
    code: string | null = null,
    error: string | null = null,
  ): Decision => ({ state, action, automatic, code, error, latest });

  // The stored communication that stands (none cancelled or being cancelled).
  const live = altas.filter((a) => a.report.communicationCode && !a.report.cancelledBy).at(-1);
  const cancelling = cancels.find(inFlight);
  const altaOnItsWay = altas.find(inFlight);
  const lastCancel = cancels.at(-1);
  // A cancellation of the live code that failed, with nothing changed since: shown, not repeated.
  const cancelFailed =
    live &&
    lastCancel &&
    lastCancel.report.communicationCode === live.report.communicationCode &&
    (endedBadly(lastCancel) || lastCancel.submission.state === 'failed') &&
    !changedAfter(lastCancel);

  if (reservation.status === 'cancelled') {
    if (cancelling) return result('cancel_pending');
    if (altaOnItsWay) return result('sent');
    if (live) {
      if (cancelFailed)
        return result(
          'refused',
          'cancel',
          false,
          live.report.communicationCode,
          errorOf(lastCancel),
        );
      return result('cancel_pending', 'cancel', true, live.report.communicationCode);
    }
    return altas.some((a) => a.report.communicationCode) ? result('cancelled') : result('none');
  }

  if (altaOnItsWay) return result('sent');
  if (cancelling) return result('correction_pending');
  if (live) {
    if (live.report.fingerprint === reservationFingerprint(reservation)) {
      return {
        ...result('accepted'),
        code: live.report.communicationCode,
        latest: live,
      };
    }
    // The stored one stands until the corrected one can be made: never cancelled for nothing.
    if (problems.length > 0)
      return { ...result('unreportable'), code: live.report.communicationCode };
    if (cancelFailed)
      return result('refused', 'cancel', false, live.report.communicationCode, errorOf(lastCancel));
    return result('correction_pending', 'cancel', true, live.report.communicationCode);
  }
  if (problems.length > 0) return result('unreportable');
  const lastAlta = altas.at(-1);
  // The second half of a correction: the old one is cancelled, the new one goes.
  const corrected = altas.some((a) => a.report.communicationCode);
  const next: ReservationReportState = corrected ? 'correction_pending' : 'to_send';
  if (!lastAlta) return result(next, 'alta', true);
  if (lastAlta.submission.state === 'failed') {
    const retry = now.getTime() - lastAlta.submission.createdAt.getTime() >= RETRY_FAILED_MS;
    return result(next, 'alta', retry || changedAfter(lastAlta), null, errorOf(lastAlta));
  }
  if (
    lastAlta.submission.state === 'uncertain' ||
    (lastAlta.submission.state === 'processed' &&
      !lastAlta.report.communicationCode &&
      !lastAlta.report.error)
  )
    // It may have been stored: only the user sends it again, once the portal says it is not.
    return result('uncertain', 'alta', false);
  if (endedBadly(lastAlta)) {
    // Refused or rejected: sent again by itself only once the reservation changed.
    if (changedAfter(lastAlta)) return result(next, 'alta', true, null, errorOf(lastAlta));
    return result('refused', 'alta', false, null, errorOf(lastAlta));
  }
  return result(next, 'alta', true);
}

export interface ReservationReportsDeps {
  ses: Pick<SesRepository, 'update' | 'connection'>;
  reports: ReservationReportsRepository;
  client: SesClient;
  audit: AuditRepository;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
  now: () => Date;
  targetOf: (row: ConnectionRow) => SesTarget | null;
  countCall: (establishmentId: string) => Promise<void>;
  /** The establishment within the actor's reach, or 404. */
  reachableEstablishment: (actor: Actor, id: string) => Promise<void>;
  recordAnswer: (
    id: string,
    call: () => Promise<SesAltaAnswer>,
    what: 'sending' | 'a cancellation',
  ) => Promise<void>;
}

const NO_CONTEXT: AuditContext = { actorId: null, requestId: null, ip: null };

export function createReservationReports(deps: ReservationReportsDeps) {
  const { reports, client, audit, log, now } = deps;

  /** Per reservation: its guests as SES gets them. */
  async function guestsOf(rows: readonly ReservationRow[], establishment: EstablishmentRow) {
    const today = todayIso(now(), establishmentTimeZone(establishment));
    const byReservation = new Map<string, SesTraveler[]>();
    for (const { reservationId, traveler } of await reports.guestsOf(rows.map((r) => r.id))) {
      const list = byReservation.get(reservationId) ?? [];
      list.push(
        toSesTraveler(toTravelerView(traveler as TravelerDbRow, establishment.name, today)),
      );
      byReservation.set(reservationId, list);
    }
    return byReservation;
  }

  /** The connection to send with: SES.HOSPEDAJES's, with its credentials; null otherwise. */
  async function connectionOf(establishmentId: string) {
    const connection = await deps.ses.connection(establishmentId);
    if (!connection || isA19(connection)) return null;
    if (!connection.user || !connection.password || !connection.landlordCode) return null;
    return connection;
  }

  interface Assessed {
    reservation: ReservationRow;
    communication: ReservationCommunication | null;
    problems: ReservationReportProblem[];
    decision: Decision;
  }

  async function assess(
    rows: readonly ReservationRow[],
    establishment: EstablishmentRow,
    environment: 'production' | 'test',
  ): Promise<Assessed[]> {
    const guests = await guestsOf(rows, establishment);
    const sent = await reports.reportsOf(rows.map((r) => r.id));
    const at = now();
    return rows.map((reservation) => {
      const { communication, problems } = reservationCommunication(
        reservation,
        establishment,
        guests.get(reservation.id) ?? [],
      );
      return {
        reservation,
        communication,
        problems,
        decision: decide(reservation, sent, problems, environment, at),
      };
    });
  }

  function view(a: Assessed, connected: boolean): ReservationReport {
    const d = a.decision;
    const state =
      !connected &&
      ['to_send', 'unreportable', 'correction_pending', 'cancel_pending'].includes(d.state)
        ? a.problems.length > 0 && a.reservation.status !== 'cancelled'
          ? 'unreportable'
          : 'not_connected'
        : d.state;
    return {
      reservationId: a.reservation.id,
      state,
      problems: a.reservation.status === 'cancelled' ? [] : a.problems,
      action: connected && (d.action !== 'alta' || a.communication) ? d.action : null,
      communicationCode:
        d.code ??
        (d.latest?.submission.operation === 'A' ? d.latest.report.communicationCode : null),
      error: d.error,
      submissionId: d.latest?.submission.id ?? null,
      sentAt: d.latest?.submission.createdAt.toISOString() ?? null,
      guestsSent: d.latest?.submission.operation === 'A' ? d.latest.report.guestsSent : null,
    };
  }

  /**
   * Sends what the reservations' decisions call for: their altas in one request (up to 100), each
   * cancellation in its own. `automaticOnly`: only what the send modes may send by themselves.
   * Answers how many requests left.
   */
  async function sendFor(
    assessed: readonly Assessed[],
    establishment: EstablishmentRow,
    connection: ConnectionRow,
    options: { actorId: string | null; context: AuditContext; automaticOnly: boolean },
  ): Promise<number> {
    const target = deps.targetOf(connection);
    if (!target) return 0;
    const environment = connection.environment;
    const wanted = (a: Assessed, action: Action) =>
      a.decision.action === action && (!options.automaticOnly || a.decision.automatic);
    let requests = 0;
    const stillAsDecided = (ids: Set<string>) => (current: ReportWithSubmission[]) => {
      const at = now();
      return assessed
        .filter((a) => ids.has(a.reservation.id))
        .every((a) => {
          const again = decide(a.reservation, current, a.problems, environment, at);
          return again.action === a.decision.action && again.code === a.decision.code;
        });
    };

    const altas = assessed.filter((a) => wanted(a, 'alta') && a.communication);
    for (let i = 0; i < altas.length; i += SES_MAX_COMMUNICATIONS) {
      const chunk = altas.slice(i, i + SES_MAX_COMMUNICATIONS);
      const xml = buildReservationReportsXml(
        establishment.establishmentCode!,
        chunk.map((a) => a.communication!),
      );
      await deps.countCall(establishment.id);
      const id = uuidv7();
      const written = await reports.insertReports(
        {
          id,
          establishmentId: establishment.id,
          kind: 'RH',
          authority: 'ses',
          environment,
          operation: 'A',
          state: 'sending',
          communications: chunk.length,
          sentBy: options.actorId,
          createdAt: now(),
        },
        chunk.map((a, n) => ({
          reservationId: a.reservation.id,
          orden: n + 1,
          fingerprint: reservationFingerprint(a.reservation),
          guestsSent: a.communication!.guests.length,
        })),
        stillAsDecided(new Set(chunk.map((a) => a.reservation.id))),
      );
      if (!written) continue;
      for (const a of chunk)
        await audit.record(options.context, {
          action: 'reservation.ses_sent',
          entityType: 'reservation',
          entityId: a.reservation.id,
          establishmentId: establishment.id,
          details: { submissionId: id, environment, guests: a.communication!.guests.length },
        });
      await deps.recordAnswer(id, () => client.alta(target, 'RH', xml), 'sending');
      requests += 1;
    }

    for (const a of assessed.filter((x) => wanted(x, 'cancel') && x.decision.code)) {
      const code = a.decision.code!;
      await deps.countCall(establishment.id);
      const id = uuidv7();
      const written = await reports.insertReports(
        {
          id,
          establishmentId: establishment.id,
          kind: 'RH',
          authority: 'ses',
          environment,
          operation: 'B',
          state: 'sending',
          communications: 1,
          sentBy: options.actorId,
          createdAt: now(),
        },
        [
          {
            reservationId: a.reservation.id,
            orden: 1,
            fingerprint: '',
            guestsSent: 0,
            cancels: code,
          },
        ],
        stillAsDecided(new Set([a.reservation.id])),
      );
      if (!written) continue;
      await audit.record(options.context, {
        action: 'reservation.ses_cancel_sent',
        entityType: 'reservation',
        entityId: a.reservation.id,
        establishmentId: establishment.id,
        details: {
          submissionId: id,
          code,
          why: a.reservation.status === 'cancelled' ? 'cancel' : 'correct',
        },
      });
      await deps.recordAnswer(id, () => client.anular(target, 'RH', [code]), 'a cancellation');
      requests += 1;
    }
    return requests;
  }

  async function reachable(actor: Actor, reservationId: string) {
    const found = isUuid(reservationId)
      ? await reports.reservationInScope(reservationId, scopeOf(actor))
      : null;
    if (!found) throw new AppError('RESERVATION_NOT_FOUND');
    return found;
  }

  async function reportOfOne(reservation: ReservationRow, establishment: EstablishmentRow) {
    const connection = await connectionOf(establishment.id);
    const [a] = await assess(
      [reservation],
      establishment,
      connection?.environment ?? establishment.sesEnvironment,
    );
    return view(a!, connection !== null);
  }

  return {
    /** GET /api/reservations/{id}/ses-report. */
    async reservationReport(actor: Actor, reservationId: string): Promise<ReservationReport> {
      const { reservation, establishment } = await reachable(actor, reservationId);
      return reportOfOne(reservation, establishment);
    },

    /** GET /api/establishments/{id}/reservation-reports: those of its list (still running from `from`). */
    async reservationReports(
      actor: Actor,
      establishmentId: string,
      from: string | undefined,
    ): Promise<ReservationReport[]> {
      await deps.reachableEstablishment(actor, establishmentId);
      const establishment = await reports.establishment(establishmentId);
      if (!establishment) throw new AppError('ESTABLISHMENT_NOT_FOUND');
      const connection = await connectionOf(establishment.id);
      const rows = await reports.reservationsOf(establishment.id, { from, limit: 500 });
      const assessed = await assess(
        rows,
        establishment,
        connection?.environment ?? establishment.sesEnvironment,
      );
      return assessed.map((a) => view(a, connection !== null));
    },

    /**
     * POST /api/reservations/{id}/ses-report/send: sends what its RH calls for now (the alta, a
     * correction's or a booking's cancellation, an unanswered alta again), whatever the send mode.
     */
    async sendReservationReport(
      actor: Actor,
      reservationId: string,
      context: AuditContext,
    ): Promise<ReservationReport> {
      const { reservation, establishment } = await reachable(actor, reservationId);
      const connection = await connectionOf(establishment.id);
      if (!connection) throw new AppError('SES_NOT_CONNECTED');
      const [a] = await assess([reservation], establishment, connection.environment);
      if (
        a!.decision.state === 'unreportable' ||
        (a!.decision.action === 'alta' && !a!.communication)
      )
        throw new AppError('RESERVATION_UNREPORTABLE', {
          details: a!.problems.map((p) => ({
            field: p,
            message: '',
            code: `reservationReport.${p}`,
          })),
        });
      if (!a!.decision.action) throw new AppError('RESERVATION_REPORT_NOTHING_TO_SEND');
      await sendFor([a!], establishment, connection, {
        actorId: actor.id,
        context,
        automaticOnly: false,
      });
      return reportOfOne(reservation, establishment);
    },

    /**
     * The send modes' round (decision 044's modes for RH): in each connected establishment whose
     * reservas go by themselves, the reservations booked since the mode was switched on, still to
     * come, get what their RH calls for: at once (`on_registration`), or at the day's hour
     * (`daily`: what changed before the last occurrence). Answers how many requests left.
     */
    async round(): Promise<number> {
      const at = now();
      let sent = 0;
      for (const row of await reports.automaticEstablishments()) {
        const establishment = row.establishment;
        try {
          const connection = await connectionOf(establishment.id);
          if (!connection) continue;
          const timeZone = establishmentTimeZone(establishment);
          const cutoff =
            row.mode === 'daily' && row.atTime ? lastOccurrence(row.atTime, timeZone, at) : at;
          const rows = (
            await reports.reservationsOf(establishment.id, {
              from: todayIso(at, timeZone),
              createdSince: row.enabledAt ?? at,
              limit: 500,
            })
          ).filter((r) => r.updatedAt.getTime() <= cutoff.getTime());
          if (rows.length === 0) continue;
          const assessed = await assess(rows, establishment, connection.environment);
          sent += await sendFor(assessed, establishment, connection, {
            actorId: null,
            context: NO_CONTEXT,
            automaticOnly: true,
          });
        } catch (err) {
          log.warn(
            { err, establishmentId: establishment.id },
            'SES: reservation reports round failed',
          );
        }
      }
      return sent;
    },

    /**
     * A cancellation's lote was looked at: when it cancelled a reservation's RH for a correction,
     * the new one goes at once (whatever the send mode: the owner or the mode asked for the
     * correction), as decision 048's corrections do.
     */
    async cancellationSettled(submissionId: string): Promise<void> {
      const rows = await reports.reservationsOfSubmission(submissionId);
      for (const { reservation, establishment } of rows) {
        if (reservation.status === 'cancelled') continue;
        const connection = await connectionOf(establishment.id);
        if (!connection) continue;
        try {
          const assessed = await assess([reservation], establishment, connection.environment);
          await sendFor(assessed, establishment, connection, {
            actorId: null,
            context: NO_CONTEXT,
            automaticOnly: true,
          });
        } catch (err) {
          log.warn(
            { err, reservationId: reservation.id },
            'SES: a corrected reservation report did not go',
          );
        }
      }
    },
  };
}
export type ReservationReports = ReturnType<typeof createReservationReports>;
