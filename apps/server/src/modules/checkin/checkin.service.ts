import { randomBytes } from 'node:crypto';
import {
  CONFIRMATION_ALPHABET,
  CONFIRMATION_CODE_LENGTH,
  confirmationArrivalDay,
  normaliseConfirmationCode,
  type CheckinLink,
  type ConfirmTravelerInput,
  type PublicCheckinInfo,
  type PublicCheckinInput,
} from '@hospes/shared/checkin';
import type { PaymentType } from '@hospes/shared/codes';
import { addDays, todayIso } from '@hospes/shared/dates';
import {
  defaultedFields,
  reportDefaultsOf,
  withReportDefaults,
} from '@hospes/shared/report-defaults';
import { travelerRecordIssues } from '@hospes/shared/travelers';
import type { Db } from '../../db/client';
import type { ReservationRow, TravelerDbRow } from '../../db/schema';
import type { ArrivalSummary } from '../reservations';
import { AppError } from '../../lib/app-error';
import { assertSameRequest, fingerprintOf, KeyTaken, registerOnce } from '../../lib/idempotency';
import {
  clientKey,
  memoryLimiterStore,
  type LimiterStore,
  type RateLimit,
} from '../../lib/rate-limiter';
import type { ScanResult } from '@hospes/shared/mrz';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import { isUuid, scopeOf, type Scope } from '../../db/scope';
import type { OcrService } from '../ocr';
import {
  formatReportNumber,
  recordFromRow,
  type TravelerNumbering,
  reportYearOf,
  type TravelersService,
  type TravelerCounts,
} from '../travelers';
import type { CheckinLinkRow, CheckinRepository } from './checkin.repository';

export interface CheckinLimits {
  /** Self-registrations per client address and hour. */
  perIpPerHour: number;
  /** Self-registrations per link and day. */
  perTokenPerDay: number;
  /** Public document scans per client address and hour. */
  ocrPerIpPerHour: number;
  /**
   * Public document scans per establishment and minute, from every address together
   * (CHECKIN_SCANS_PER_MINUTE): one link cannot keep the server's OCR workers to itself.
   */
  ocrPerEstablishmentPerMinute: number;
  /** The most pixels a photo sent to the public scan may have (CHECKIN_SCAN_MAX_MEGAPIXELS). */
  scanMaxPixels: number;
}

export const DEFAULT_CHECKIN_LIMITS: CheckinLimits = {
  perIpPerHour: 10,
  perTokenPerDay: 200,
  ocrPerIpPerHour: 30,
  ocrPerEstablishmentPerMinute: 10,
  scanMaxPixels: 12_000_000,
};

const HOUR = 60 * 60 * 1000;

/** 24 random bytes, URL-safe base64 (192 bits). */
export const newLinkToken = () => randomBytes(24).toString('base64url');

/** 8 characters of Crockford base32 (40 bits), e.g. `7K2M9QXA`. */
export function newConfirmationCode(): string {
  const bytes = randomBytes(CONFIRMATION_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += CONFIRMATION_ALPHABET[byte % 32];
  return code;
}

function linkDto(row: CheckinLinkRow): CheckinLink {
  const active = row.revokedAt === null;
  return {
    establishmentId: row.establishmentId,
    token: active ? row.token : null,
    active,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * The day of arrival a confirmation sets (decision 031): the day staff chose, or else the day of
 * the stay's check-in time when staff recorded one, else the establishment's today
 * (confirmationArrivalDay). A chosen day that is not the stay's check-in day is refused: SES reads
 * the check-in time first, so the confirmation would not set the arrival it shows.
 */
function arrivalOf(row: TravelerDbRow, chosen: string | undefined, today: string): string {
  const stay = { entryDateTime: row.entryDateTime };
  if (chosen && stay.entryDateTime && chosen !== confirmationArrivalDay({ stay }, today)) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ field: 'entryDate', message: '', code: 'validation.entryDateNotStayDay' }],
    });
  }
  return chosen ?? confirmationArrivalDay({ stay }, today);
}

/**
 * What a registration through a reservation's link knows from the booking (decision 066): the
 * nights (entry and check-out days) and the contract of the stay, whose reference is the
 * reservation's id, so that its guests go in one communication (decision 048's stays).
 */
/** The holder's name split at its first space, and their contact, for their slot's form. */
export function holderPrefill(reservation: ReservationRow) {
  const words = reservation.holderName.replace(/\s+/g, ' ').trim().split(' ');
  return {
    firstName: words[0] ?? '',
    lastName: words.slice(1).join(' '),
    email: reservation.holderEmail,
    phone: reservation.holderPhone,
  };
}

export function bookedStay(reservation: ReservationRow, timeZone: string) {
  return {
    entryDate: reservation.arrival,
    checkOutDate: reservation.departure,
    stay: {
      contractReference: reservation.id,
      contractDate: todayIso(reservation.createdAt, timeZone),
      numberOfPersons: reservation.guests,
      paymentType: (reservation.paymentType as PaymentType | null) ?? null,
      internetBooking: reservation.source === 'ical' ? true : null,
    },
  };
}

export function createCheckinService(deps: {
  db: Db;
  /** The plan's count of registrations (decision 070), in a confirmation's transaction. */
  plan?: { countRegistration: (establishmentId: string, tx: Db) => Promise<void> };
  checkin: CheckinRepository;
  pilgrims: TravelersService;
  /** Report numbers: a confirmation that moves the entry to another year takes one of its series. */
  reportNumbers: Pick<TravelerNumbering, 'allocateReportNumbers'>;
  audit: AuditRepository;
  ocr: OcrService;
  limits?: Partial<CheckinLimits>;
  now?: () => Date;
  /** The kept list totals (modules/travelers/traveler-counts): a confirmation changes them. */
  counts?: Pick<TravelerCounts, 'changed'>;
  /** Where a reservation that could not be confirmed by itself is told (decision 066). */
  log?: { warn(obj: unknown, msg: string): void };
  /** Where the limits are counted (shared by every process: decision 046); memory when absent. */
  limiters?: LimiterStore;
}) {
  const { db, checkin, pilgrims, audit, ocr, reportNumbers } = deps;
  const now = deps.now ?? (() => new Date());
  const limits = { ...DEFAULT_CHECKIN_LIMITS, ...deps.limits };
  const limiters = deps.limiters ?? memoryLimiterStore();
  const perIp = limiters.create({
    name: 'checkin-address',
    max: limits.perIpPerHour,
    windowMs: HOUR,
    keyOf: clientKey,
  });
  const perToken = limiters.create({
    name: 'checkin-link',
    max: limits.perTokenPerDay,
    windowMs: 24 * HOUR,
  });
  const ocrPerIp = limiters.create({
    name: 'checkin-scan-address',
    max: limits.ocrPerIpPerHour,
    windowMs: HOUR,
    keyOf: clientKey,
  });
  const ocrPerEstablishment = limiters.create({
    name: 'checkin-scan-establishment',
    max: limits.ocrPerEstablishmentPerMinute,
    windowMs: 60_000,
  });

  async function take(limiter: RateLimit, key: string) {
    const retryAfter = await limiter.take(key);
    if (retryAfter > 0) throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter } });
  }

  async function establishmentFor(actor: Actor, id: string) {
    const found = isUuid(id) ? await checkin.establishmentInScope(id, scopeOf(actor)) : null;
    if (!found) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    return found;
  }

  /**
   * What a link token opens: the establishment's link, or a reservation's (decision 066) while the
   * reservation is live (not cancelled, not past its departure day by the establishment's clock).
   */
  async function liveLink(token: string) {
    const found = token ? await checkin.establishmentOfToken(token) : null;
    if (found) {
      if (found.status === 'inactive') throw new AppError('CHECKIN_LINK_INVALID');
      return { establishment: found, reservation: null, guest: null };
    }
    const guestLink = token && !found ? await checkin.guestLinkOfToken(token) : null;
    const booked = guestLink ?? (token ? await checkin.reservationOfToken(token) : null);
    if (
      !booked ||
      booked.establishment.status === 'inactive' ||
      booked.reservation.status === 'cancelled' ||
      booked.reservation.departure < todayIso(now(), establishmentTimeZone(booked.establishment))
    )
      throw new AppError('CHECKIN_LINK_INVALID');
    return {
      establishment: booked.establishment,
      reservation: booked.reservation,
      // One guest's link (decision 071): the slot it is for, and whether it was used.
      guest: guestLink ? { slot: guestLink.slot, registered: guestLink.pilgrimId !== null } : null,
    };
  }

  async function liveEstablishment(token: string) {
    return (await liveLink(token)).establishment;
  }

  /**
   * Confirms one pending self-registration in `tx` (decision 031): the arrival day, the report
   * number of its year, the report defaults, the audit entry. By a user (`confirmedBy`), or by the
   * arrivals round of a complete reservation (null, decision 066). A confirmed one changes nothing.
   */
  async function confirmOne(
    pilgrimId: string,
    scope: Scope,
    confirmedBy: string | null,
    chosenEntryDate: string | undefined,
    context: AuditContext,
    tx: Db,
  ) {
    const found = await checkin.lockForConfirmation(pilgrimId, scope, tx);
    if (!found) throw new AppError('PILGRIM_NOT_FOUND');
    if (found.status === 'confirmed') return;
    const row = found.pilgrim;
    // A confirmed self check-in is a registration of the plan's month (decision 070).
    await deps.plan?.countRegistration(row.establishmentId, tx);
    // The establishment's day, by its clock (decision 028).
    const day = todayIso(now(), establishmentTimeZone(found));
    const entryDate = arrivalOf(row, chosenEntryDate, day);
    const moved = entryDate !== row.entryDate;
    if (moved) {
      // An update's rules on the whole record (the address as stored, as when it is not sent).
      const issues = travelerRecordIssues({ ...recordFromRow(row), entryDate }, day, {
        complete: true,
        municipalityCodes: false,
      });
      if (issues.length) {
        throw new AppError('VALIDATION_FAILED', {
          details: issues.map((issue) => ({
            field: issue.path.join('.'),
            message: '',
            code: issue.message,
          })),
        });
      }
    }
    // Numbered in the series of the year the form was sent (or of a date staff set since):
    // the arrival's year is the series' (decision 013), as for a traveler who registers at
    // the desk. Without a number yet, the first PDF or SES file gives one of that year.
    const year = reportYearOf(entryDate);
    const renumber = row.reportSeq !== null && row.reportYear !== year;
    const reportSeq = renumber
      ? await reportNumbers.allocateReportNumbers(row.establishmentId, year, 1, tx)
      : null;
    // The arrival confirmed, what the traveler left empty takes the establishment's report
    // defaults (decision 042): the check-out from the day of arrival, the payment type.
    const given = {
      entryDate,
      checkOutDate: row.checkOutDate,
      stay: {
        exitDateTime: row.exitDateTime,
        paymentType: row.paymentType as PaymentType | null,
      },
    };
    const completed = withReportDefaults(given, reportDefaultsOf(found));
    const defaulted = defaultedFields(given, completed);
    if (moved || reportSeq !== null || defaulted.length) {
      await checkin.setEntryDate(
        pilgrimId,
        {
          entryDate,
          ...(reportSeq !== null ? { reportYear: year, reportSeq } : {}),
          ...(defaulted.length
            ? {
                checkOutDate: completed.checkOutDate,
                paymentType: completed.stay.paymentType,
              }
            : {}),
        },
        tx,
      );
    }
    await checkin.markConfirmed(pilgrimId, confirmedBy, now(), tx);
    // The entry date it set and the number it gave, when they changed.
    const details = {
      ...(moved ? { fields: ['entryDate'], entryDate, fromEntryDate: row.entryDate } : {}),
      ...(defaulted.length ? { defaulted } : {}),
      ...(reportSeq !== null
        ? {
            reportNumber: formatReportNumber(year, reportSeq),
            fromReportNumber: formatReportNumber(row.reportYear, row.reportSeq),
          }
        : {}),
    };
    await audit.record(
      context,
      {
        action: 'pilgrim.self_registration_confirmed',
        entityType: 'pilgrim',
        entityId: pilgrimId,
        establishmentId: row.establishmentId,
        ...(Object.keys(details).length ? { details } : {}),
      },
      tx,
    );
  }

  return {
    /** GET /api/establishments/{id}/checkin-link: the link, created on first use. */
    async getLink(actor: Actor, establishmentId: string, context: AuditContext) {
      const establishment = await establishmentFor(actor, establishmentId);
      const existing = await checkin.findLink(establishment.id);
      if (existing) return linkDto(existing);
      return db.transaction(async (tx) => {
        const row = await checkin.ensureLink(establishment.id, newLinkToken(), tx);
        await audit.record(
          context,
          {
            action: 'establishment.checkin_link_created',
            entityType: 'establishment',
            entityId: establishment.id,
            establishmentId: establishment.id,
          },
          tx,
        );
        return linkDto(row);
      });
    },

    /** A new token: the old link stops working (also brings a revoked link back). */
    async renewLink(actor: Actor, establishmentId: string, context: AuditContext) {
      const establishment = await establishmentFor(actor, establishmentId);
      return db.transaction(async (tx) => {
        const row = await checkin.putLink(establishment.id, newLinkToken(), tx);
        await audit.record(
          context,
          {
            action: 'establishment.checkin_link_renewed',
            entityType: 'establishment',
            entityId: establishment.id,
            establishmentId: establishment.id,
          },
          tx,
        );
        return linkDto(row);
      });
    },

    async revokeLink(actor: Actor, establishmentId: string, context: AuditContext) {
      const establishment = await establishmentFor(actor, establishmentId);
      return db.transaction(async (tx) => {
        const revoked = await checkin.revokeLink(establishment.id, now(), tx);
        if (revoked) {
          await audit.record(
            context,
            {
              action: 'establishment.checkin_link_revoked',
              entityType: 'establishment',
              entityId: establishment.id,
              establishmentId: establishment.id,
            },
            tx,
          );
          return linkDto(revoked);
        }
        const row = await checkin.findLink(establishment.id, tx);
        if (!row) throw new AppError('CHECKIN_LINK_INVALID');
        return linkDto(row);
      });
    },

    /**
     * The apartment without a desk (decision 066): in establishments that say so, each confirmed
     * reservation arriving today (its establishment's clock) whose guests all registered through
     * its link has their registrations confirmed, as the desk would (arrival = the booking's), and
     * is checked in; one transaction per reservation. The send modes (decision 044) then take the
     * travelers as any confirmed self check-in. Answers what was confirmed, for the owners' summary.
     */
    async confirmCompleteArrivals() {
      const today = todayIso(now());
      const candidates = await checkin.completeArrivalCandidates(
        addDays(today, -1),
        addDays(today, 1),
      );
      const done: ArrivalSummary[] = [];
      const system: AuditContext = { actorId: null, requestId: null, ip: null };
      for (const { reservation, establishment, pending, registered } of candidates) {
        if (reservation.arrival !== todayIso(now(), establishmentTimeZone(establishment))) continue;
        if (registered < reservation.guests) continue;
        // One reservation that cannot be confirmed (a rule of the record refuses the arrival day)
        // waits for the desk, as any self check-in; it stops no other.
        const confirmed = await db
          .transaction(async (tx) => {
            if (!(await checkin.markCheckedIn(reservation.id, tx))) return false;
            for (const pilgrimId of pending)
              await confirmOne(pilgrimId, { admin: true }, null, reservation.arrival, system, tx);
            await audit.record(
              system,
              {
                action: 'reservation.updated',
                entityType: 'reservation',
                entityId: reservation.id,
                establishmentId: reservation.establishmentId,
                details: {
                  fields: ['status'],
                  status: 'checked_in',
                  fromStatus: 'confirmed',
                  reason: 'checkinComplete',
                  travelers: pending,
                },
              },
              tx,
            );
            return true;
          })
          .catch((error: unknown) => {
            deps.log?.warn(
              { err: error, reservationId: reservation.id },
              'a complete reservation could not be confirmed by itself: it waits for the desk',
            );
            return false;
          });
        if (!confirmed) continue;
        done.push({
          establishmentId: establishment.id,
          establishmentName: establishment.name,
          reservationId: reservation.id,
          holderName: reservation.holderName,
          arrival: reservation.arrival,
          departure: reservation.departure,
          travelers: registered,
        });
      }
      if (done.length > 0) deps.counts?.changed();
      return done;
    },

    /** GET /api/public/checkin/{token}. */
    async publicInfo(token: string): Promise<PublicCheckinInfo> {
      const { establishment: found, reservation, guest } = await liveLink(token);
      return {
        establishment: {
          name: found.name,
          city: found.city,
          type: found.type,
          keepDocumentImages: found.keepDocumentImages,
          timeZone: establishmentTimeZone(found),
        },
        reservation: reservation && {
          arrival: reservation.arrival,
          departure: reservation.departure,
          guests: reservation.guests,
          registeredGuests: await checkin.registeredForReservation(reservation.id),
          // Only on a guest's own link (decision 071).
          ...(guest && {
            guest: {
              ...guest,
              // The holder's slot opens with the booking's name and contact: theirs to correct.
              ...(guest.slot === 1 ? holderPrefill(reservation) : {}),
            },
          }),
        },
      };
    },

    /** Counts an attempt to self-register (before the body is even read): 429 over the limits. */
    async limitRegistration(ip: string, token: string) {
      await take(perIp, ip);
      await take(perToken, token);
    },

    /**
     * Counts a public scan (before the photo is read): per address, then, for a live link, against
     * its establishment's budget (every address together). 429 over either; 404 for a dead link.
     */
    async limitScan(ip: string, token: string) {
      await take(ocrPerIp, ip);
      const establishment = await liveEstablishment(token);
      await take(ocrPerEstablishment, establishment.id);
    },

    /**
     * POST /api/public/checkin/{token}: the traveler, pending review; answers the code. With a key
     * (the `Idempotency-Key` header), a registration already sent to this establishment with it
     * answers its code instead (`replayed`), as POST /api/pilgrims does (decision 020).
     */
    async register(
      token: string,
      input: PublicCheckinInput,
      context: AuditContext,
      requestKey?: string,
    ): Promise<{ confirmationCode: string; replayed: boolean }> {
      const { establishment, reservation, guest } = await liveLink(token);
      // A guest's link registers its guest once (decision 071).
      if (guest?.registered) throw new AppError('CHECKIN_GUEST_REGISTERED');
      const booked = reservation && bookedStay(reservation, establishmentTimeZone(establishment));
      // What the check-in registers: the link's establishment, and no stay (createSelfRegistered).
      const fingerprint = requestKey
        ? fingerprintOf({ ...input, establishmentId: null, stay: null })
        : null;
      const earlier = async () => {
        const recorded = requestKey
          ? await checkin.codeForRequestKey(establishment.id, requestKey)
          : null;
        if (!recorded) return null;
        assertSameRequest(recorded.requestHash, fingerprint!);
        return { confirmationCode: recorded.code, replayed: true };
      };
      return registerOnce(earlier, async () => {
        const confirmationCode = newConfirmationCode();
        await pilgrims.createSelfRegistered(
          {
            id: establishment.id,
            name: establishment.name,
            keepDocumentImages: establishment.keepDocumentImages,
            province: establishment.province,
            postalCode: establishment.postalCode,
          },
          booked
            ? { ...input, entryDate: booked.entryDate, checkOutDate: booked.checkOutDate }
            : input,
          { ...context, actorId: null },
          async (tx, pilgrimId) => {
            if (reservation) {
              // One registration at a time per reservation: never more than its guests.
              await checkin.lockReservation(reservation.id, tx);
              const registered = await checkin.registeredForReservation(reservation.id, tx);
              if (registered >= reservation.guests)
                throw new AppError('RESERVATION_CHECKIN_COMPLETE');
            }
            const recorded = await checkin.insertSelfRegistration(
              {
                pilgrimId,
                establishmentId: establishment.id,
                confirmationCode,
                requestKey: requestKey ?? null,
                requestHash: fingerprint,
                reservationId: reservation?.id ?? null,
              },
              tx,
            );
            if (!recorded) throw new KeyTaken();
            if (guest && !(await checkin.fillGuestSlot(token, pilgrimId, tx)))
              throw new AppError('CHECKIN_GUEST_REGISTERED');
          },
          booked?.stay ?? null,
        );
        return { confirmationCode, replayed: false };
      });
    },

    /** POST /api/public/checkin/{token}/ocr: a scan for a live link only. */
    async publicScan(token: string, image: Buffer): Promise<ScanResult> {
      await liveEstablishment(token);
      return ocr.processDocument(image, { maxPixels: limits.scanMaxPixels });
    },

    /** GET /api/pilgrims/by-code/{code}: the pre-registered traveler, in the caller's tenancy. */
    async byCode(actor: Actor, rawCode: string) {
      const code = normaliseConfirmationCode(rawCode);
      const pilgrimId = code ? await checkin.travelerIdByCode(code, scopeOf(actor)) : null;
      if (!pilgrimId) throw new AppError('PILGRIM_NOT_FOUND');
      return pilgrims.get(actor, pilgrimId);
    },

    /**
     * POST /api/pilgrims/{id}/confirm: staff checked the record against the document, and the
     * traveler is here, so the confirmation is the arrival (decision 031). A pending
     * registration's entry date becomes the day of arrival (arrivalOf), checked by the rules of an
     * update, and a report number of another year than that day's is replaced by one of its year's
     * series. A confirmed registration changes nothing, whatever is sent.
     */
    async confirm(
      actor: Actor,
      pilgrimId: string,
      input: ConfirmTravelerInput,
      context: AuditContext,
    ) {
      if (!isUuid(pilgrimId)) throw new AppError('PILGRIM_NOT_FOUND');
      await db.transaction((tx) =>
        confirmOne(pilgrimId, scopeOf(actor), actor.id, input?.entryDate, context, tx),
      );
      deps.counts?.changed();
      return pilgrims.get(actor, pilgrimId);
    },
  };
}
export type CheckinService = ReturnType<typeof createCheckinService>;
