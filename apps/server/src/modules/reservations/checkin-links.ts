/**
 * The check-in link of a reservation (decision 066): a secret per reservation that opens the
 * public self check-in on that booking; e-mailed to its holder by the owner, and once more, by
 * itself, a few days before the arrival while guests are missing (the reminder, a job).
 */
import { randomBytes } from 'node:crypto';
import { addDays, todayIso } from '@hospes/shared/dates';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@hospes/shared/languages';
import { RESERVATION_REMINDER_DAYS_MAX } from '@hospes/shared/establishments';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import type { ReservationCheckinLink } from '@hospes/shared/reservations';
import type { Db } from '../../db/client';
import type { ReservationRow } from '../../db/schema';
import { isUuid, scopeOf } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Mailer } from '../../lib/mail/mailer';
import { checkinCompleteMail, reservationCheckinMail } from '../../lib/mail/templates';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import type { ReservationsRepository } from './reservations.repository';

export const RESERVATION_REMINDERS_JOB = 'reservation-reminders';
export const RESERVATION_REMINDER_MAIL_JOB = 'reservation-reminder-mail';
export const RESERVATION_ARRIVALS_JOB = 'reservation-arrivals';
export const RESERVATION_ARRIVAL_MAIL_JOB = 'reservation-arrival-mail';

/** The public self check-in page opened on a link token (the web's /registro-viajero?t=). */
export function checkinPageUrl(appUrl: string, token: string) {
  return `${appUrl.replace(/\/+$/, '')}/registro-viajero?t=${encodeURIComponent(token)}`;
}

export function createReservationCheckinService(deps: {
  db: Db;
  reservations: ReservationsRepository;
  audit: AuditRepository;
  mailer: Mailer;
  appUrl: string;
  jobs: Pick<JobQueue, 'send'>;
  now?: () => Date;
}) {
  const { reservations, audit, mailer, appUrl, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  async function reservationOf(actor: Actor, id: string) {
    const row = isUuid(id) ? await reservations.find(id, scopeOf(actor)) : null;
    if (!row) throw new AppError('RESERVATION_NOT_FOUND');
    return row;
  }

  async function linkOf(row: ReservationRow): Promise<ReservationCheckinLink> {
    const token =
      row.checkinToken ??
      (await reservations.ensureCheckinToken(row.id, randomBytes(24).toString('base64url')));
    const counts = await reservations.registeredCounts([row.id]);
    return {
      url: checkinPageUrl(appUrl, token),
      guests: row.guests,
      registeredGuests: counts.get(row.id) ?? 0,
    };
  }

  /** The holder's e-mail: the link, the nights, the guests still to register. */
  async function mailHolder(
    row: ReservationRow,
    establishment: string,
    lng: Language,
    kind: 'link' | 'reminder',
  ) {
    const link = await linkOf(row);
    await mailer.send(
      reservationCheckinMail(lng, kind, row.holderEmail!, {
        name: row.holderName,
        establishment,
        arrival: row.arrival,
        departure: row.departure,
        guests: link.guests,
        registered: link.registeredGuests,
        url: link.url,
      }),
    );
    return link;
  }

  return {
    /** GET /api/reservations/{id}/checkin-link: made on first use. */
    async link(actor: Actor, id: string) {
      const row = await reservationOf(actor, id);
      if (row.status === 'cancelled') throw new AppError('CHECKIN_LINK_INVALID');
      return linkOf(row);
    },

    /**
     * GET /api/reservations/{id}/guest-links: one check-in link per guest (decision 071), made on
     * first use; each registers its guest once, the holder's (1) opens with the booking's name.
     */
    async guestLinks(actor: Actor, id: string) {
      const row = await reservationOf(actor, id);
      if (row.status === 'cancelled') throw new AppError('CHECKIN_LINK_INVALID');
      const links = await reservations.ensureGuestLinks(row.id, row.guests, () =>
        randomBytes(24).toString('base64url'),
      );
      return links.map((l) => ({
        slot: l.slot,
        url: checkinPageUrl(appUrl, l.token),
        registered: l.pilgrimId !== null,
      }));
    },

    /** POST /api/reservations/{id}/checkin-link/send: the link to the holder, in `language`. */
    async send(actor: Actor, id: string, language: Language | undefined, context: AuditContext) {
      const row = await reservationOf(actor, id);
      if (row.status === 'cancelled') throw new AppError('CHECKIN_LINK_INVALID');
      if (!row.holderEmail)
        throw new AppError('EMAIL_REQUIRED', {
          details: [{ field: 'holderEmail', code: 'validation.required', message: '' }],
        });
      const lng =
        language ?? (isLanguage(row.holderLanguage) ? row.holderLanguage : DEFAULT_LANGUAGE);
      const found = await reservations.withEstablishment(row.id);
      try {
        await mailHolder(row, found!.establishment.name, lng, 'link');
      } catch {
        throw new AppError('MAIL_NOT_SENT');
      }
      await reservations.update(row.id, { holderLanguage: lng });
      await audit.record(context, {
        action: 'reservation.checkin_link_sent',
        entityType: 'reservation',
        entityId: row.id,
        establishmentId: row.establishmentId,
      });
      return linkOf(row);
    },

    /**
     * The reminders' round: each confirmed reservation with guests still to register, arriving
     * within its establishment's reminder days (by its clock, from today on), is stamped (once,
     * whatever the number of processes) and its e-mail sent as a job (retried on its own).
     */
    async runReminders() {
      const today = todayIso(now());
      // Clocks differ by an hour at most (the Canary Islands): a day each side, checked below.
      const candidates = await reservations.reminderCandidates(
        addDays(today, -1),
        addDays(today, RESERVATION_REMINDER_DAYS_MAX + 1),
      );
      const due = candidates.filter(({ reservation, establishment }) => {
        const day = todayIso(now(), establishmentTimeZone(establishment));
        return (
          reservation.arrival >= day &&
          reservation.arrival <= addDays(day, establishment.reminderDays)
        );
      });
      const counts = await reservations.registeredCounts(due.map((d) => d.reservation.id));
      let sent = 0;
      for (const { reservation } of due) {
        if ((counts.get(reservation.id) ?? 0) >= reservation.guests) continue;
        if (!(await reservations.claimReminder(reservation.id, now()))) continue;
        await jobs.send(RESERVATION_REMINDER_MAIL_JOB, { reservationId: reservation.id });
        sent++;
      }
      return sent;
    },

    /** The reminder job: the e-mail, unless the reservation changed meanwhile (cancelled, complete). */
    async sendReminder(reservationId: string) {
      const found = await reservations.withEstablishment(reservationId);
      if (!found) return;
      const { reservation, establishment } = found;
      if (reservation.status !== 'confirmed' || !reservation.holderEmail) return;
      const counts = await reservations.registeredCounts([reservation.id]);
      if ((counts.get(reservation.id) ?? 0) >= reservation.guests) return;
      const lng = isLanguage(reservation.holderLanguage)
        ? reservation.holderLanguage
        : DEFAULT_LANGUAGE;
      await mailHolder(reservation, establishment.name, lng, 'reminder');
      await audit.record(
        { actorId: null, requestId: null, ip: null },
        {
          action: 'reservation.checkin_reminder_sent',
          entityType: 'reservation',
          entityId: reservation.id,
          establishmentId: reservation.establishmentId,
        },
      );
    },
  };
}

export type ReservationCheckinService = ReturnType<typeof createReservationCheckinService>;

/** The reminders' round every `everySeconds`, and the e-mail job (retried 5 times from a minute). */
export async function scheduleReservationReminders(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  service: Pick<ReservationCheckinService, 'runReminders' | 'sendReminder'>,
  everySeconds: number,
) {
  await jobs.work<{ reservationId: string }>(
    RESERVATION_REMINDER_MAIL_JOB,
    async ({ reservationId }) => service.sendReminder(reservationId),
    { retryLimit: 5, retryDelaySeconds: 60 },
  );
  if (everySeconds <= 0) return;
  await jobs.work(
    RESERVATION_REMINDERS_JOB,
    async () => {
      await service.runReminders();
    },
    { retryLimit: 1, retryDelaySeconds: 60 },
  );
  await jobs.schedule(RESERVATION_REMINDERS_JOB, { everySeconds, atStart: true });
}

/** A reservation confirmed by itself (decision 066), as the owners' summary e-mail needs it. */
export interface ArrivalSummary {
  establishmentId: string;
  establishmentName: string;
  reservationId: string;
  holderName: string;
  arrival: string;
  departure: string;
  travelers: number;
}

/**
 * The apartment without a desk (decision 066): every `everySeconds`, the complete reservations
 * arriving today are confirmed by themselves (CheckinService.confirmCompleteArrivals), and each
 * one's owners get a summary, as a job (retried 5 times from a minute; never sent twice, since a
 * reservation is confirmed once).
 */
export async function scheduleReservationArrivals(
  jobs: Pick<JobQueue, 'work' | 'schedule' | 'send'>,
  deps: {
    confirmCompleteArrivals: () => Promise<ArrivalSummary[]>;
    ownersOf: (
      establishmentId: string,
    ) => Promise<{ email: string; name: string; language: string | null }[]>;
    mailer: Mailer;
  },
  everySeconds: number,
) {
  await jobs.work<ArrivalSummary>(
    RESERVATION_ARRIVAL_MAIL_JOB,
    async (summary) => {
      for (const owner of await deps.ownersOf(summary.establishmentId)) {
        const lng = isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE;
        await deps.mailer.send(
          checkinCompleteMail(lng, owner.email, {
            name: owner.name,
            establishment: summary.establishmentName,
            holder: summary.holderName,
            arrival: summary.arrival,
            departure: summary.departure,
            travelers: summary.travelers,
          }),
        );
      }
    },
    { retryLimit: 5, retryDelaySeconds: 60 },
  );
  if (everySeconds <= 0) return;
  await jobs.work(
    RESERVATION_ARRIVALS_JOB,
    async () => {
      for (const summary of await deps.confirmCompleteArrivals())
        await jobs.send(RESERVATION_ARRIVAL_MAIL_JOB, summary);
    },
    { retryLimit: 1, retryDelaySeconds: 60 },
  );
  await jobs.schedule(RESERVATION_ARRIVALS_JOB, { everySeconds, atStart: true });
}
