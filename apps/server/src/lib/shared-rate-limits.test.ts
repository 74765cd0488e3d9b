/**
 * The shared stores of the rate limits (decision 046): two stores on one database (or one Redis)
 * stand for two server processes. The PostgreSQL store runs on the test database (PGlite here,
 * PostgreSQL in the server-postgres run); the Redis one when Redis answers at 127.0.0.1:6379.
 */
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { openTestDatabase } from '../../test/db';
import { clientKey, type LimiterStore } from './rate-limiter';
import { createLimiterStore, postgresLimiterStore, redisLimiterStore } from './shared-rate-limits';

const REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether something listens at Redis's address (the test of the Redis store needs it). */
async function redisListens(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const stores: LimiterStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});
function keep(store: LimiterStore) {
  stores.push(store);
  return store;
}

/** What every store must do; `twoProcesses` gives two stores on one backing store. */
function behavesAsOneLimit(twoProcesses: () => Promise<[LimiterStore, LimiterStore]>) {
  it('counts the hits of both processes against one limit, with the window left', async () => {
    const [a, b] = await twoProcesses();
    const name = `test-${randomUUID()}`;
    const limitA = a.create({ name, max: 3, windowMs: 60_000 });
    const limitB = b.create({ name, max: 3, windowMs: 60_000 });
    await limitA.hit('guest@example.com');
    await limitB.hit('guest@example.com');
    expect(await limitA.retryAfter('guest@example.com')).toBe(0);
    await limitA.hit('guest@example.com');
    expect(await limitB.retryAfter('guest@example.com')).toBeGreaterThanOrEqual(59);
    expect(await limitB.retryAfter('guest@example.com')).toBeLessThanOrEqual(60);
    expect(await limitB.retryAfter('other@example.com')).toBe(0);
    // Another limit of the same key counts on its own.
    expect(
      await b
        .create({ name: `${name}-b`, max: 1, windowMs: 60_000 })
        .retryAfter('guest@example.com'),
    ).toBe(0);
    await limitB.reset('guest@example.com');
    expect(await limitA.retryAfter('guest@example.com')).toBe(0);
  });

  it('lets no more than the limit through calls taken at once by both processes', async () => {
    const [a, b] = await twoProcesses();
    const name = `test-${randomUUID()}`;
    const limits = [a, b].map((store) => store.create({ name, max: 5, windowMs: 60_000 }));
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => limits[i % 2]!.take('198.18.0.1')),
    );
    expect(answers.filter((wait) => wait === 0)).toHaveLength(5);
    for (const wait of answers.filter((w) => w > 0)) expect(wait).toBeGreaterThanOrEqual(59);
  });

  it('shares a progressive wait (decision 049): failures of both processes count, the wait doubles', async () => {
    const [a, b] = await twoProcesses();
    const options = {
      name: `test-${randomUUID()}`,
      free: 2,
      firstWaitSeconds: 1,
      maxWaitSeconds: 4,
      windowMs: 60_000,
    };
    const delayA = a.delay(options);
    const delayB = b.delay(options);
    expect(await delayA.fail('owner@example.com')).toEqual({ failures: 1, wait: 0 });
    expect(await delayB.fail('owner@example.com')).toEqual({ failures: 2, wait: 0 });
    expect(await delayA.wait('owner@example.com')).toBe(0);
    expect(await delayB.fail('owner@example.com')).toEqual({ failures: 3, wait: 1 });
    expect(await delayA.wait('owner@example.com')).toBe(1);
    expect(await delayA.fail('owner@example.com')).toEqual({ failures: 4, wait: 2 });
    expect(await delayB.wait('owner@example.com')).toBe(2);
    // Capped.
    await delayA.fail('owner@example.com');
    expect(await delayB.fail('owner@example.com')).toEqual({ failures: 6, wait: 4 });
    expect(await delayB.failures('owner@example.com')).toBe(6);
    expect(await delayB.wait('other@example.com')).toBe(0);
    // A success in one process clears the key for both.
    await delayB.reset('owner@example.com');
    expect(await delayA.wait('owner@example.com')).toBe(0);
    expect(await delayA.failures('owner@example.com')).toBe(0);
  });

  it('keys a limit per client address by its /64, as in memory', async () => {
    const [a, b] = await twoProcesses();
    const name = `test-${randomUUID()}`;
    const limitA = a.create({ name, max: 1, windowMs: 60_000, keyOf: clientKey });
    const limitB = b.create({ name, max: 1, windowMs: 60_000, keyOf: clientKey });
    expect(await limitA.take('2001:db8:1:2::1')).toBe(0);
    expect(await limitB.take('2001:db8:1:2:ffff::9')).toBeGreaterThan(0);
    expect(await limitB.take('2001:db8:1:3::1')).toBe(0);
  });

  it('starts a new window once the last one ends', async () => {
    const [a, b] = await twoProcesses();
    const name = `test-${randomUUID()}`;
    const limitA = a.create({ name, max: 1, windowMs: 1_000 });
    const limitB = b.create({ name, max: 1, windowMs: 1_000 });
    expect(await limitA.take('k')).toBe(0);
    expect(await limitB.take('k')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limitB.retryAfter('k')).toBe(0);
    expect(await limitB.take('k')).toBe(0);
  });
}

describe('limits in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  behavesAsOneLimit(async () => [
    keep(postgresLimiterStore(database.db)),
    keep(postgresLimiterStore(database.db)),
  ]);

  it('stores a digest of the key, never the e-mail or address counted', async () => {
    const store = keep(postgresLimiterStore(database.db));
    const name = `test-${randomUUID()}`;
    await store.create({ name, max: 5, windowMs: 60_000 }).hit('secret.guest@example.com');
    const rows = await database.db.select().from(rateLimits);
    const row = rows.find((r) => r.key.startsWith(`hospes:${name}:`));
    expect(row).toMatchObject({ points: 1 });
    expect(row!.key).toMatch(new RegExp(`^hospes:${name}:[A-Za-z0-9_-]{43}$`));
    expect(JSON.stringify(rows)).not.toContain('secret.guest');
  });

  it('is the store of an app on PostgreSQL; memory on PGlite; Redis when REDIS_URL is set', async () => {
    const chosen = keep(createLimiterStore({ database }));
    expect(chosen.kind).toBe(database.kind === 'postgres' ? 'postgres' : 'memory');
    const redis = keep(createLimiterStore({ database, redisUrl: 'redis://127.0.0.1:1' }));
    expect(redis.kind).toBe('redis');
  });
});

const redisReachable = await redisListens();

describe('limits in Redis', () => {
  describe.runIf(redisReachable)('when Redis answers', () => {
    behavesAsOneLimit(async () => {
      const stores = [keep(redisLimiterStore(REDIS_URL)), keep(redisLimiterStore(REDIS_URL))];
      // The first calls of a store wait for its connection rather than fall back to memory.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return stores as [LimiterStore, LimiterStore];
    });
  });

  it('counts in memory, per process, while Redis cannot be reached', async () => {
    // Nothing listens on port 1.
    const store = keep(redisLimiterStore('redis://127.0.0.1:1'));
    const limit = store.create({ name: `test-${randomUUID()}`, max: 2, windowMs: 60_000 });
    expect(await limit.take('k')).toBe(0);
    expect(await limit.take('k')).toBe(0);
    expect(await limit.take('k')).toBeGreaterThanOrEqual(59);
    expect(await limit.retryAfter('k')).toBeGreaterThanOrEqual(59);
    await limit.reset('k');
    expect(await limit.retryAfter('k')).toBe(0);
  });
});
