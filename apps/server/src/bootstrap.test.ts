/**
 * The bootstrap admin when several servers start at the same moment on one database (decision
 * 046): each finds no admin, each inserts one; only one row may result, and no start may fail.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ensureBootstrapAdmin } from './bootstrap';
import { testConfig } from './config/env';
import type { Database } from './db/client';
import { users } from './db/schema';
import { verifyPassword } from './lib/crypto';
import { openTestDatabase } from '../test/db';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let database: Database;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await database.close();
});

describe('two servers starting at once', () => {
  it('create the configured admin once, and both start', async () => {
    const config = testConfig({
      adminEmail: 'boss@example.com',
      adminPassword: 'camino-boss-2026',
    });
    await Promise.all([
      ensureBootstrapAdmin(config, database, log),
      ensureBootstrapAdmin(config, database, log),
    ]);
    const rows = await database.db.select().from(users);
    expect(rows.map((row) => [row.email, row.role])).toEqual([['boss@example.com', 'admin']]);
  });

  it('create admin@localhost once, and only its password is printed', async () => {
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    await Promise.all([
      ensureBootstrapAdmin(testConfig(), database, log),
      ensureBootstrapAdmin(testConfig(), database, log),
    ]);
    vi.restoreAllMocks();
    const rows = await database.db.select().from(users);
    expect(rows.map((row) => [row.email, row.role])).toEqual([['admin@localhost', 'admin']]);
    const notices = printed.filter((text) => text.includes('Bootstrap admin created'));
    expect(notices).toHaveLength(1);
    const password = /admin@localhost \/ (\S+)/.exec(notices[0]!)![1]!;
    expect(await verifyPassword(rows[0]!.passwordHash, password)).toBe(true);
  });
});
