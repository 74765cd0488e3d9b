/**
 * Rate limits every server process shares (decision 046): counted by rate-limiter-flexible in
 * PostgreSQL (the `rate_limits` table, through the app's Drizzle connection) or, when `REDIS_URL`
 * is set, in Redis. PGlite serves one process: its limits stay in memory (lib/rate-limiter.ts).
 *
 * A key is stored as the limit's name and a SHA-256 digest of what it counts, so the store holds
 * no e-mail or client address. Windows are fixed, as in memory: they start at a key's first event
 * and last the limit's whole seconds.
 */
import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database, Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { delayLimiterOptions, libraryDelay } from './progressive-delay';
import {
  limitMax,
  memoryLimiterStore,
  type LimiterStore,
  type RateLimit,
  type RateLimitOptions,
} from './rate-limiter';

/** How often a process deletes the PostgreSQL counters whose window ended over an hour ago. */
const CLEANUP_INTERVAL_MS = 5 * 60_000;
const CLEANUP_AFTER_MS = 60 * 60_000;

/**
 * A RateLimit over the library's limiters (points: the limit's max, in whole seconds). A limit the
 * administrator changes (decision 062) gets one library limiter per max it has had, all counting
 * the same keys in the store under the same prefix: a change keeps the counts made.
 */
function sharedLimit(
  limiterOf: (points: number) => RateLimiterAbstract,
  options: RateLimitOptions,
): RateLimit {
  const maxOf = limitMax(options.max);
  const limiters = new Map<number, RateLimiterAbstract>();
  const current = async () => {
    const max = await maxOf();
    let limiter = limiters.get(max);
    if (!limiter) {
      limiter = limiterOf(max);
      limiters.set(max, limiter);
    }
    return { limiter, max };
  };
  const keyOf = options.keyOf ?? ((key: string) => key);
  const digest = (key: string) => createHash('sha256').update(keyOf(key)).digest('base64url');
  const seconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    async retryAfter(key) {
      const { limiter, max } = await current();
      const res = await limiter.get(digest(key));
      return res && res.consumedPoints >= max ? seconds(res) : 0;
    },
    async hit(key) {
      const { limiter } = await current();
      await limiter.penalty(digest(key), 1);
    },
    async take(key) {
      const { limiter } = await current();
      try {
        await limiter.consume(digest(key), 1);
        return 0;
      } catch (err) {
        // The library answers "over the limit" by rejecting with the counter's state.
        if (err instanceof RateLimiterRes) return seconds(err);
        throw err;
      }
    },
    async reset(key) {
      const { limiter } = await current();
      await limiter.delete(digest(key));
    },
  };
}

/** The library's options of a limit: its whole seconds, its name as the key's prefix. */
function baseOptions(options: RateLimitOptions, points: number) {
  return {
    points,
    duration: Math.max(1, Math.ceil(options.windowMs / 1000)),
    keyPrefix: `hospes:${options.name}`,
  };
}

/** Limits counted in PostgreSQL, in the `rate_limits` table (migration 0014). */
export function postgresLimiterStore(db: Db, log?: FastifyBaseLogger): LimiterStore {
  // One cleanup for every limit of the process (the library would run one per limit).
  const cleanup = setInterval(() => {
    db.delete(rateLimits)
      .where(lt(rateLimits.expire, new Date(Date.now() - CLEANUP_AFTER_MS)))
      .catch((err: unknown) => log?.warn({ err }, 'could not delete expired rate-limit counters'));
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  return {
    kind: 'postgres',
    create: (options) =>
      sharedLimit(
        (points) =>
          new RateLimiterDrizzle({
            ...baseOptions(options, points),
            storeClient: db,
            schema: rateLimits,
            clearExpiredByTimeout: false,
          }),
        options,
      ),
    delay(options) {
      const { counter, blocker } = delayLimiterOptions(options);
      const drizzle = (base: typeof counter) =>
        new RateLimiterDrizzle({
          ...base,
          storeClient: db,
          schema: rateLimits,
          clearExpiredByTimeout: false,
        });
      return libraryDelay(drizzle(counter), drizzle(blocker), options);
    },
    close: async () => clearInterval(cleanup),
  };
}

/**
 * Limits counted in Redis. While Redis cannot be reached, each process counts in its own memory
 * instead (the library's insurance limiter), so a call is neither refused nor left unlimited
 * because of it; the loss and the return of the connection are logged.
 */
export function redisLimiterStore(url: string, log?: FastifyBaseLogger): LimiterStore {
  const redis = new Redis(url, {
    // Fail at once while disconnected (the memory limit answers), rather than queue and wait.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: 'hospes-rate-limits',
  });
  let reachable = true;
  redis.on('error', (err: Error) => {
    if (!reachable) return;
    reachable = false;
    log?.warn({ err }, 'Redis (REDIS_URL) cannot be reached: rate limits are counted per process');
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log?.info('Redis (REDIS_URL) is reachable again: rate limits are shared');
  });
  return {
    kind: 'redis',
    create: (options) =>
      sharedLimit(
        (points) =>
          new RateLimiterRedis({
            ...baseOptions(options, points),
            storeClient: redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(baseOptions(options, points)),
          }),
        options,
      ),
    delay(options) {
      const { counter, blocker } = delayLimiterOptions(options);
      const onRedis = (base: typeof counter) =>
        new RateLimiterRedis({
          ...base,
          storeClient: redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(base),
        });
      return libraryDelay(onRedis(counter), onRedis(blocker), options);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The app's store: Redis when `REDIS_URL` is set, else PostgreSQL when the database is one, else
 * memory (PGlite: one process).
 */
export function createLimiterStore(options: {
  database: Pick<Database, 'db' | 'kind'>;
  redisUrl?: string;
  log?: FastifyBaseLogger;
}): LimiterStore {
  if (options.redisUrl) return redisLimiterStore(options.redisUrl, options.log);
  if (options.database.kind === 'postgres')
    return postgresLimiterStore(options.database.db, options.log);
  return memoryLimiterStore();
}
