/**
 * Channels' calendars (decision 060): the feeds an owner pasted, fetched on a schedule (a job of
 * the queue, decision 041) or on demand. A successful read brings the feed's unit in step with
 * the calendar by UID, in one transaction: a new event creates a reservation, a moved one moves
 * it, a cancelled one (STATUS:CANCELLED, or gone from the calendar while still to come) cancels
 * it. A failed fetch or an unreadable calendar changes no reservation; its error is kept with the
 * feed and shown to the owner.
 */
import type { CreateFeedInput, Feed } from '@hospes/shared/reservations';
import { todayIso } from '@hospes/shared/dates';
import type { Db } from '../../db/client';
import type { AuditContext, AuditEntry, AuditRepository } from '../audit';
import type { ReservationFeedRow } from '../../db/schema';
import { isUuid, scopeOf, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { InvalidCalendar, readCalendar, type CalendarStay } from '../../lib/ical/calendar';
import { fetchCalendar, type FetchCalendarOptions } from '../../lib/ical/fetch-calendar';
import { uuidv7 } from '../../lib/ids';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Actor } from '../../plugins/auth';
import type { ReservationsRepository } from './reservations.repository';

export const RESERVATION_FEEDS_JOB = 'reservation-feeds';

export interface FeedSettings {
  timeoutMs: number;
  maxBytes: number;
  allowPrivateHosts: boolean;
}

export interface FeedsServiceDeps {
  db: Db;
  reservations: ReservationsRepository;
  settings: FeedSettings;
  log: { warn(obj: unknown, msg: string): void };
  now?: () => Date;
  /** Each reservation a calendar creates, moves or cancels is audited, by its feed (decision 066). */
  audit?: Pick<AuditRepository, 'record'>;
}

/** The audit context of a calendar's reading: no user, the feed names itself in the details. */
const BY_FEED: AuditContext = { actorId: null, requestId: null, ip: null };

export function toFeedDto(row: ReservationFeedRow): Feed {
  return {
    id: row.id,
    establishmentId: row.establishmentId,
    unit: row.unit,
    channel: row.channel,
    url: row.url,
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
    lastResult: row.lastResult,
    lastError: (row.lastError as Feed['lastError']) ?? null,
    lastErrorStatus: row.lastErrorStatus,
    lastChanges: row.lastChanges ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** How many feeds are fetched at once by the scheduled run. */
const PARALLEL_FETCHES = 4;

export function createFeedsService({
  db,
  reservations,
  settings,
  log,
  now = () => new Date(),
  audit,
}: FeedsServiceDeps) {
  async function feedOf(scope: Scope, id: string) {
    const feed = isUuid(id) ? await reservations.findFeed(id, scope) : null;
    if (!feed) throw new AppError('RESERVATION_FEED_NOT_FOUND');
    return feed;
  }

  /** Brings the feed's reservations in step with the calendar's stays (one transaction). */
  async function apply(feed: ReservationFeedRow, stays: CalendarStay[], tx: Db) {
    const today = todayIso(now());
    const existing = new Map(
      (await reservations.ofFeed(feed.id, tx)).map((r) => [r.externalUid, r]),
    );
    const changes = { created: 0, updated: 0, cancelled: 0 };
    const entries: AuditEntry[] = [];
    const entry = (
      action: 'reservation.created' | 'reservation.updated' | 'reservation.cancelled',
      id: string,
      details: Record<string, unknown> = {},
    ) =>
      entries.push({
        action,
        entityType: 'reservation',
        entityId: id,
        establishmentId: feed.establishmentId,
        details: { feedId: feed.id, ...details },
      });
    const seen = new Set<string>();
    for (const stay of stays) {
      seen.add(stay.uid);
      const current = existing.get(stay.uid);
      if (stay.cancelled) {
        if (current && current.status === 'confirmed') {
          await reservations.update(current.id, { status: 'cancelled' }, tx);
          changes.cancelled++;
          entry('reservation.cancelled', current.id);
        }
        continue;
      }
      if (!current) {
        const inserted = await reservations.insert(
          {
            id: uuidv7(),
            establishmentId: feed.establishmentId,
            holderName: (stay.summary ?? feed.channel).slice(0, 200),
            arrival: stay.arrival,
            departure: stay.departure,
            guests: 1,
            unit: feed.unit,
            channel: feed.channel,
            source: 'ical',
            feedId: feed.id,
            externalUid: stay.uid,
          },
          tx,
        );
        if (inserted) {
          changes.created++;
          entry('reservation.created', inserted.id, {
            arrival: inserted.arrival,
            departure: inserted.departure,
          });
        }
        continue;
      }
      const moved =
        current.arrival !== stay.arrival ||
        current.departure !== stay.departure ||
        current.unit !== feed.unit;
      const reinstated = current.status === 'cancelled';
      if (moved || reinstated) {
        await reservations.update(
          current.id,
          {
            arrival: stay.arrival,
            departure: stay.departure,
            unit: feed.unit,
            ...(reinstated ? { status: 'confirmed' as const } : {}),
          },
          tx,
        );
        changes.updated++;
        entry('reservation.updated', current.id, {
          ...(moved
            ? {
                fromArrival: current.arrival,
                fromDeparture: current.departure,
                arrival: stay.arrival,
                departure: stay.departure,
              }
            : {}),
          ...(reinstated ? { status: 'confirmed', fromStatus: 'cancelled' } : {}),
        });
      }
    }
    // Gone from the calendar: cancelled while still to come (channels drop past stays from their
    // calendars, which cancels nothing); a guest already checked in stays so.
    for (const [uid, current] of existing) {
      if (uid === null || seen.has(uid)) continue;
      if (current.status === 'confirmed' && current.departure > today) {
        await reservations.update(current.id, { status: 'cancelled' }, tx);
        changes.cancelled++;
        entry('reservation.cancelled', current.id, { reason: 'goneFromCalendar' });
      }
    }
    await audit?.record(BY_FEED, entries, tx);
    return changes;
  }

  /** Fetches one feed and records the outcome; answers the feed as stored after it. */
  async function sync(feed: ReservationFeedRow, signal?: AbortSignal): Promise<ReservationFeedRow> {
    const options: FetchCalendarOptions = {
      ...settings,
      etag: feed.etag,
      lastModified: feed.lastModified,
      signal,
    };
    const outcome = await fetchCalendar(feed.url, options);
    const fetchedAt = now();
    if (outcome.kind === 'not_modified')
      return (await reservations.updateFeed(feed.id, {
        lastFetchedAt: fetchedAt,
        lastResult: 'not_modified',
        lastError: null,
        lastErrorStatus: null,
      }))!;
    if (outcome.kind === 'error')
      return (await reservations.updateFeed(feed.id, {
        lastFetchedAt: fetchedAt,
        lastResult: 'error',
        lastError: outcome.error,
        lastErrorStatus: outcome.status ?? null,
      }))!;
    let stays: CalendarStay[];
    try {
      stays = readCalendar(outcome.body);
    } catch (err) {
      if (!(err instanceof InvalidCalendar)) throw err;
      // The validators are not kept: the next fetch reads the calendar again in full.
      return (await reservations.updateFeed(feed.id, {
        lastFetchedAt: fetchedAt,
        lastResult: 'error',
        lastError: 'invalid_calendar',
        lastErrorStatus: null,
      }))!;
    }
    return db.transaction(async (tx) => {
      const changes = await apply(feed, stays, tx);
      return (await reservations.updateFeed(
        feed.id,
        {
          etag: outcome.etag,
          lastModified: outcome.lastModified,
          lastFetchedAt: fetchedAt,
          lastResult: 'ok',
          lastError: null,
          lastErrorStatus: null,
          lastChanges: changes,
        },
        tx,
      ))!;
    });
  }

  return {
    async list(actor: Actor, establishmentId: string) {
      const scope = scopeOf(actor);
      const establishment = isUuid(establishmentId)
        ? await reservations.establishmentInScope(establishmentId, scope)
        : null;
      if (!establishment) throw new AppError('ESTABLISHMENT_NOT_FOUND');
      return (await reservations.feeds(establishmentId, scope)).map(toFeedDto);
    },

    /** Adds a feed and reads it at once (its outcome, good or bad, is in the answer). */
    async create(actor: Actor, establishmentId: string, input: CreateFeedInput) {
      const scope = scopeOf(actor);
      const establishment = isUuid(establishmentId)
        ? await reservations.establishmentInScope(establishmentId, scope)
        : null;
      if (!establishment) throw new AppError('ESTABLISHMENT_NOT_FOUND');
      const feed = await reservations.insertFeed({ id: uuidv7(), establishmentId, ...input });
      return toFeedDto(await sync(feed));
    },

    /** Reads a feed now, whatever the schedule. */
    async fetchNow(actor: Actor, id: string) {
      return toFeedDto(await sync(await feedOf(scopeOf(actor), id)));
    },

    /** Removes a feed; its reservations stay (no longer followed). */
    async remove(actor: Actor, id: string) {
      const feed = await feedOf(scopeOf(actor), id);
      await reservations.deleteFeed(feed.id);
    },

    /** The scheduled run: every feed, a few at a time; one feed's failure stops no other. */
    async syncAll(signal?: AbortSignal) {
      const queue = await reservations.allFeeds();
      const worker = async () => {
        for (let feed = queue.shift(); feed; feed = queue.shift()) {
          if (signal?.aborted) return;
          try {
            await sync(feed, signal);
          } catch (err) {
            if (signal?.aborted) return;
            log.warn({ err, feedId: feed.id }, 'calendar feed: the reading failed');
          }
        }
      };
      await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
    },
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;

/** The feeds are read every `everySeconds` (ICAL_FETCH_MINUTES), the first run at once. */
export async function scheduleFeedSync(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  feeds: Pick<FeedsService, 'syncAll'>,
  everySeconds: number,
) {
  await jobs.work(
    RESERVATION_FEEDS_JOB,
    async (_data, { signal }) => {
      await feeds.syncAll(signal);
      signal.throwIfAborted();
    },
    { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 15 * 60 },
  );
  await jobs.schedule(RESERVATION_FEEDS_JOB, { everySeconds, atStart: true });
}
