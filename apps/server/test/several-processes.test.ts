/**
 * Two real server processes (src/server.ts, as `npm run dev` starts it) on one PostgreSQL, with
 * requests alternating between them as a proxy without sticky sessions would send them (decision
 * 046): failed logins count across both (in PostgreSQL, and in Redis when REDIS_URL is set), and a
 * session ended on one is refused by the other within SESSION_CACHE_SECONDS. That a scheduled job
 * runs once is proven by src/lib/jobs/jobs.process.test.ts; both servers starting at once is by
 * src/bootstrap.test.ts and by the starts here.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from './db';
import { startServer, type ServerProcess } from './server-process';

const onPostgres = process.env.TEST_DB === 'postgres';
const REDIS_URL = 'redis://127.0.0.1:6379';
const ADMIN = { email: 'admin@hospes.test', password: 'camino-admin-2026' };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function redisListens(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}
const redisReachable = onPostgres && (await redisListens());

interface Pair {
  servers: [ServerProcess, ServerProcess];
  urls: [string, string];
  databaseUrl: string;
}

/** Two servers on a new database, started at the same moment (one data dir: one document key). */
async function twoServers(env: Record<string, string> = {}): Promise<Pair> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-processes-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const database = await createPostgresTestDatabase();
  cleanups.push(() => database.drop());
  const settings = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SESSION_CACHE_SECONDS: '1',
    RETENTION_PURGE_HOURS: '0',
    SES_CHECK_SECONDS: '0',
    LOGIN_LOCK_FAILURES: '5',
    ...env,
  };
  const started = await Promise.allSettled([startServer(settings), startServer(settings)]);
  for (const result of started)
    if (result.status === 'fulfilled') cleanups.push(() => result.value.stop('SIGKILL'));
  const servers = started.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  }) as [ServerProcess, ServerProcess];
  const urls = servers.map((server) => {
    const line = server.lines.find((l) => typeof l.msg === 'string' && /listening at/i.test(l.msg));
    const address = /(https?:\/\/\S+)/.exec(line!.msg!)![1]!;
    return address.replace(/\/$/, '');
  }) as [string, string];
  return { servers, urls, databaseUrl: database.url };
}

async function login(url: string, password: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password }),
  });
  return { status: res.status, body: (await res.json()) as { token?: string; code?: string } };
}

/**
 * Wrong passwords sent to the two servers in turn (decision 049): the wait the 4th sets holds on
 * both, and the 5th reaches the account's ceiling (LOGIN_LOCK_FAILURES=5), which locks it on both.
 */
async function lockedAcrossBoth(urls: [string, string]) {
  for (let i = 0; i < 4; i++) {
    const { status } = await login(urls[i % 2]!, `wrong-password-${i}`);
    expect(status).toBe(401);
  }
  for (const url of urls) {
    const { status, body } = await login(url, ADMIN.password);
    expect(status).toBe(429);
    expect(body.code).toBe('TOO_MANY_REQUESTS');
  }
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect((await login(urls[1], 'wrong-password-4')).status).toBe(401);
  for (const url of urls) {
    const { status, body } = await login(url, ADMIN.password);
    expect(status).toBe(429);
    expect(body.code).toBe('LOGIN_LOCKED');
  }
}

async function query(databaseUrl: string, text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

describe.runIf(onPostgres)('two server processes on one PostgreSQL', () => {
  it(
    'share the login limits and end a session on both within SESSION_CACHE_SECONDS',
    { timeout: 150_000 },
    async () => {
      const { urls, databaseUrl } = await twoServers();

      // A session opened on the first, used on the second (which now keeps it a second).
      const opened = await login(urls[0], ADMIN.password);
      expect(opened.status).toBe(200);
      const auth = { authorization: `Bearer ${opened.body.token}` };
      expect((await fetch(`${urls[1]}/api/auth/me`, { headers: auth })).status).toBe(200);
      const out = await fetch(`${urls[0]}/api/auth/logout`, { method: 'POST', headers: auth });
      expect(out.status).toBeLessThan(300);
      const loggedOutAt = Date.now();
      expect((await fetch(`${urls[0]}/api/auth/me`, { headers: auth })).status).toBe(401);
      // Refused by the second within SESSION_CACHE_SECONDS (1 s), and from then on.
      let status = 200;
      while (status === 200 && Date.now() - loggedOutAt < 5_000) {
        status = (await fetch(`${urls[1]}/api/auth/me`, { headers: auth })).status;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(401);
      expect(Date.now() - loggedOutAt).toBeLessThan(1_000 + 500);

      await lockedAcrossBoth(urls);
      // Counted in PostgreSQL.
      const rows = await query(
        databaseUrl,
        "select key, points from rate_limits where key like 'hospes:login-account-day:%'",
      );
      expect(rows).toEqual([{ key: expect.any(String), points: 5 }]);
    },
  );

  it.runIf(redisReachable)(
    'share the login limits in Redis when REDIS_URL is set',
    { timeout: 150_000 },
    async () => {
      // A database of Redis's own (of its 16), emptied, so that no other run's keys are counted.
      const redisUrl = `${REDIS_URL}/7`;
      const redis = new Redis(redisUrl);
      cleanups.push(() => redis.quit());
      const prefix = `hospes:login-account-day:`;
      // Every limit's keys of an earlier run go (the waits per address last a day).
      await redis.flushdb();
      cleanups.push(() => redis.flushdb().then(() => undefined));

      const { urls, databaseUrl } = await twoServers({ REDIS_URL: redisUrl });
      await lockedAcrossBoth(urls);
      // Counted in Redis, not in PostgreSQL.
      const keys = await redis.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      expect(await redis.get(keys[0]!)).toBe('5');
      expect(await query(databaseUrl, 'select key from rate_limits')).toEqual([]);
      await redis.del(...keys);
    },
  );
});
