/**
 * The retention purge (decisions 021, 022): what goes (stays that ended 3 years ago or more, with
 * their images and self-registration; expired sessions and tokens; old audit entries, contact
 * messages and outbox files), what stays, the audit, batches, one purge at a time, the schedule,
 * and the app running it at start.
 *
 * One test file over 500 lines on purpose: the cases share one test app and its seeded tenants, set up
 * once per file (a PGlite restored from the snapshot); split, each file would set them up again.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '@hospes/shared/dates';
import { buildApp } from '../../app';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { createPgBossQueue } from '../../lib/jobs/pg-boss-queue';
import { outboxDir } from '../../lib/mail/mailer';
import {
  auditLog,
  contactMessages,
  oneTimeTokens,
  travelerDocuments,
  pilgrims,
  reservations,
  selfRegistrations,
  sesSubmissionItems,
  sesSubmissions,
  sessions,
} from '../../db/schema';
import { dataUrl, jpegBytes, travelerBody } from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { createAuditRepository } from '../audit/audit.repository';
import {
  createRetentionService,
  purgeOutbox,
  RETENTION_PURGE_JOB,
  retentionCutoff,
  scheduleRetention,
  type PurgeResult,
} from './retention.service';

/** A run that deleted nothing. */
const NOTHING = {
  travelers: 0,
  sessions: 0,
  tokens: 0,
  auditEntries: 0,
  contactMessages: 0,
  sesSubmissions: 0,
  authorityUploads: 0,
  reservations: 0,
  outboxFiles: 0,
};

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
// One clock for the test's dates and the service's, so that midnight cannot fall between them.
const now = new Date();
const cutoff = retentionCutoff(now);

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

/** Makes a record look entered 3 years and a day ago, as the purge requires. */
async function enteredLongAgo(id: string) {
  await ctx.database.db
    .update(pilgrims)
    .set({ createdAt: sql`now() - interval '3 years 1 day'` })
    .where(eq(pilgrims.id, id));
}

/**
 * A traveler of the owner's establishment with these stay dates, entered 3 years and a day ago
 * unless `justEntered`; its id.
 */
async function traveler(
  entryDate: string,
  checkOutDate: string | null,
  extra: object = {},
  justEntered = false,
) {
  const res = await call(
    'POST',
    '/api/pilgrims',
    owner.token,
    travelerBody(owner.establishmentId, {
      entryDate,
      checkOutDate,
      documentExpeditionDate: '2015-01-01',
      ...extra,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  if (!justEntered) await enteredLongAgo(id);
  return id;
}

const existing = async (ids: string[]) =>
  (
    await ctx.database.db
      .select({ id: pilgrims.id })
      .from(pilgrims)
      .where(inArray(pilgrims.id, ids))
  )
    .map((r) => r.id)
    .sort();

const service = (options: { batchSize?: number; changed?: () => void } = {}) =>
  createRetentionService({
    db: ctx.database.db,
    audit: createAuditRepository(ctx.database.db),
    counts: options.changed ? { changed: options.changed } : undefined,
    batchSize: options.batchSize,
    now: () => now,
  });

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await registerVerifiedOwner(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

describe('retentionCutoff', () => {
  it('is the day 3 years before today in Spain', () => {
    expect(retentionCutoff(new Date('2026-11-22T12:00:00Z'))).toBe('2023-11-22');
    expect(retentionCutoff(new Date('2026-11-22T22:59:00Z'))).toBe('2023-11-22');
    // 23:30 UTC is already the next day in Madrid.
    expect(retentionCutoff(new Date('2026-11-22T23:30:00Z'))).toBe('2023-11-23');
    expect(retentionCutoff(new Date('2028-02-29T12:00:00Z'))).toBe('2025-02-28');
  });
});

describe('the purge', () => {
  it('deletes the stays that ended more than 3 years ago, with their images, and audits each', async () => {
    const expired = [
      // Ended 3 years and a day ago: its 3 years ended last night.
      await traveler(addDays(cutoff, -3), addDays(cutoff, -1), {
        frontDocImage: dataUrl(jpegBytes(), 'image/jpeg'),
      }),
      await traveler(addDays(cutoff, -5), addDays(cutoff, -4)),
      // No check-out date: the stay counts from its entry.
      await traveler(addDays(cutoff, -10), null),
    ];
    const kept = [
      // Ended 3 years ago today: kept to the end of the day ("de fecha a fecha").
      await traveler(addDays(cutoff, -2), cutoff),
      await traveler(cutoff, null),
      await traveler(addDays(cutoff, -1), addDays(cutoff, 1)),
      await traveler(addDays(cutoff, 1), null),
      // Came long ago but left recently: kept from the day it left.
      await traveler(addDays(cutoff, -30), todayIso()),
      await traveler(todayIso(), null),
    ];
    const documentsBefore = await ctx.database.db
      .select({ id: travelerDocuments.id })
      .from(travelerDocuments)
      .where(eq(travelerDocuments.pilgrimId, expired[0]!));
    expect(documentsBefore).toHaveLength(2);

    const changed = vi.fn();
    // Batches of two: the three expired stays take two transactions.
    const result = await service({ batchSize: 2, changed }).purge();
    expect(result).toMatchObject({ travelers: 3, skipped: false });
    expect(changed).toHaveBeenCalled();
    expect(await existing([...expired, ...kept])).toEqual([...kept].sort());
    expect(
      await ctx.database.db
        .select()
        .from(travelerDocuments)
        .where(inArray(travelerDocuments.pilgrimId, expired)),
    ).toEqual([]);

    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.entityId, expired), eq(auditLog.action, 'pilgrim.deleted')));
    expect(new Set(entries.map((e) => e.entityId))).toEqual(new Set(expired));
    expect(entries).toHaveLength(3);
    for (const entry of entries)
      expect(entry).toMatchObject({
        actorUserId: null,
        ip: null,
        establishmentId: owner.establishmentId,
        details: { reason: 'retentionExpired' },
      });

    // The owner's list shows what is left, and nothing runs twice.
    const list = await call(
      'GET',
      `/api/pilgrims?establishmentId=${owner.establishmentId}&limit=100`,
      owner.token,
    );
    expect(
      list
        .json()
        .data.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([...kept].sort());
    const again = vi.fn();
    expect(await service({ changed: again }).purge()).toMatchObject({ travelers: 0 });
    expect(again).not.toHaveBeenCalled();
  });

  it('keeps a record entered less than 3 years ago, whatever its dates', async () => {
    // A year typed wrong today, or old books imported: not deleted the next night.
    const id = await traveler('2016-05-01', null, {}, true);
    expect(await service().purge()).toMatchObject({ travelers: 0 });
    expect(await existing([id])).toEqual([id]);
    await enteredLongAgo(id);
    expect(await service().purge()).toMatchObject({ travelers: 1 });
    expect(await existing([id])).toEqual([]);
  });

  it('takes a self-registration with its traveler', async () => {
    const link = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/checkin-link`,
      owner.token,
    );
    const token = link.json().data.token as string;
    const res = await call(
      'POST',
      `/api/public/checkin/${token}`,
      undefined,
      travelerBody(null, {
        entryDate: addDays(cutoff, -3),
        checkOutDate: addDays(cutoff, -1),
        documentExpeditionDate: '2015-01-01',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db
      .select({ id: selfRegistrations.pilgrimId })
      .from(selfRegistrations)
      .where(eq(selfRegistrations.confirmationCode, res.json().data.confirmationCode));
    expect(row).toBeDefined();
    await enteredLongAgo(row!.id);
    expect(await service().purge()).toMatchObject({ travelers: 1 });
    expect(
      await ctx.database.db
        .select()
        .from(selfRegistrations)
        .where(eq(selfRegistrations.pilgrimId, row!.id)),
    ).toEqual([]);
  });

  it('deletes expired sessions and one-time tokens, and keeps live ones', async () => {
    const hash = () => createHash('sha256').update(randomBytes(16)).digest('hex');
    const past = new Date(Date.now() - 60_000);
    const [oldSession] = await ctx.database.db
      .insert(sessions)
      .values({ userId: owner.userId, tokenHash: hash(), expiresAt: past })
      .returning({ id: sessions.id });
    const [oldToken] = await ctx.database.db
      .insert(oneTimeTokens)
      .values({
        userId: owner.userId,
        purpose: 'reset_password',
        tokenHash: hash(),
        expiresAt: past,
      })
      .returning({ id: oneTimeTokens.id });
    const liveSessions = async () =>
      (
        await ctx.database.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(sql`${sessions.expiresAt} > now()`)
      ).length;
    const live = await liveSessions();
    expect(live).toBeGreaterThan(0);

    const result = await service().purge();
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(result.tokens).toBeGreaterThanOrEqual(1);
    expect(
      await ctx.database.db.select().from(sessions).where(eq(sessions.id, oldSession!.id)),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.id, oldToken!.id)),
    ).toEqual([]);
    expect(await liveSessions()).toBe(live);
    expect((await call('GET', '/api/establishments/user', owner.token)).statusCode).toBe(200);
  });

  it('deletes audit entries older than 3 years, but never those of a traveler still kept', async () => {
    const kept = await traveler(todayIso(), null, {}, true);
    const old = sql`now() - interval '3 years 1 day'`;
    const entry = (entityType: string, entityId: string, at = old) => ({
      action: entityType === 'pilgrim' ? 'pilgrim.document_viewed' : 'user.role_changed',
      entityType,
      entityId,
      at,
      ip: '192.0.2.1',
      details: entityType === 'pilgrim' ? { kind: 'signature', size: 'full' } : null,
      establishmentId: owner.establishmentId,
    });
    const sesFile = (pilgrimIds: unknown) => ({
      ...entry('establishment', owner.establishmentId),
      action: 'establishment.ses_file_generated',
      details: { kind: 'PV', format: 'xml', pilgrimIds },
    });
    const rows = await ctx.database.db
      .insert(auditLog)
      .values([
        entry('pilgrim', kept),
        entry('pilgrim', randomUUID()),
        entry('user', owner.userId),
        entry('pilgrim', randomUUID(), sql`now() - interval '3 years' + interval '1 day'`),
        // The report of a traveler still kept stays with it; one of travelers gone goes.
        sesFile([randomUUID(), kept]),
        sesFile([randomUUID()]),
        sesFile('not a list'),
      ])
      .returning({ id: auditLog.id });
    const ids = rows.map((r) => r.id);
    const left = async () =>
      (
        await ctx.database.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(inArray(auditLog.id, ids))
      ).map((r) => r.id);

    // One entry per statement: the batches go on past the entries kept, in time order.
    const result = await createRetentionService({
      db: ctx.database.db,
      audit: createAuditRepository(ctx.database.db),
      auditBatchSize: 1,
      now: () => now,
    }).purge();
    expect(result.auditEntries).toBeGreaterThanOrEqual(4);
    expect((await left()).sort()).toEqual([ids[0]!, ids[3]!, ids[4]!].sort());
    // The traveler's own history is whole while the record is kept.
    const history = await call('GET', `/api/pilgrims/${kept}/history`, owner.token);
    expect(history.statusCode).toBe(200);
    expect(history.json().pagination.total).toBe(2);
  });

  it('deletes reservations on the travelers’ terms: departed and entered more than 3 years ago', async () => {
    const reservation = async (arrival: string, departure: string, longAgo: boolean) => {
      const res = await call(
        'POST',
        `/api/establishments/${owner.establishmentId}/reservations`,
        owner.token,
        {
          holderName: 'Anna Schmidt',
          holderEmail: 'anna@example.de',
          arrival,
          departure,
          guests: 1,
        },
      );
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id as string;
      if (longAgo)
        await ctx.database.db
          .update(reservations)
          .set({ createdAt: sql`now() - interval '3 years 1 day'` })
          .where(eq(reservations.id, id));
      return id;
    };
    const expired = await reservation(addDays(cutoff, -3), addDays(cutoff, -1), true);
    const endsOnCutoff = await reservation(addDays(cutoff, -3), cutoff, true);
    const justEntered = await reservation(addDays(cutoff, -3), addDays(cutoff, -1), false);
    const result = await service().purge();
    expect(result.reservations).toBe(1);
    const left = await ctx.database.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(inArray(reservations.id, [expired, endsOnCutoff, justEntered]));
    expect(left.map((r) => r.id).sort()).toEqual([endsOnCutoff, justEntered].sort());
  });

  it('deletes contact messages after a year', async () => {
    const message = (days: number) => ({
      name: 'Ana',
      email: 'ana@example.com',
      type: 'support' as const,
      message: 'Hello',
      createdAt: new Date(now.getTime() - days * 86_400_000),
    });
    const [old, recent] = await ctx.database.db
      .insert(contactMessages)
      .values([message(366), message(364)])
      .returning({ id: contactMessages.id });
    const result = await service().purge();
    expect(result.contactMessages).toBeGreaterThanOrEqual(1);
    const left = await ctx.database.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(inArray(contactMessages.id, [old!.id, recent!.id]));
    expect(left).toEqual([{ id: recent!.id }]);
  });

  it('deletes a request sent to SES after 3 years once none of its travelers is kept', async () => {
    const kept = await traveler(todayIso(now), null, {}, true);
    const request = (id: string, years: number) => ({
      id,
      establishmentId: owner.establishmentId,
      kind: 'PV' as const,
      environment: 'test' as const,
      state: 'processed' as const,
      communications: 1,
      createdAt: new Date(now.getTime() - years * 366 * 86_400_000),
    });
    const [emptied, holding, recent] = [randomUUID(), randomUUID(), randomUUID()];
    await ctx.database.db
      .insert(sesSubmissions)
      .values([request(emptied, 3), request(holding, 3), request(recent, 1)]);
    await ctx.database.db
      .insert(sesSubmissionItems)
      .values({ submissionId: holding, pilgrimId: kept, orden: 1 });
    const result = await service().purge();
    expect(result.sesSubmissions).toBeGreaterThanOrEqual(1);
    const left = await ctx.database.db
      .select({ id: sesSubmissions.id })
      .from(sesSubmissions)
      .where(inArray(sesSubmissions.id, [emptied, holding, recent]));
    expect(left.map((r) => r.id).sort()).toEqual([holding, recent].sort());
  });

  it('stops before the next batch once aborted (a shutdown)', async () => {
    const ids = [
      await traveler(addDays(cutoff, -3), addDays(cutoff, -2)),
      await traveler(addDays(cutoff, -3), addDays(cutoff, -2)),
    ];
    const stopping = new AbortController();
    stopping.abort();
    expect(await service({ batchSize: 1 }).purge({ signal: stopping.signal })).toEqual({
      ...NOTHING,
      skipped: true,
    });
    expect(await existing(ids)).toEqual([...ids].sort());
    expect(await service({ batchSize: 1 }).purge()).toMatchObject({ travelers: 2 });
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'does nothing in the database while another process purges, but empties its own outbox',
    async () => {
      const id = await traveler(addDays(cutoff, -3), addDays(cutoff, -2));
      const outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-outbox-'));
      const eml = path.join(outbox, 'old.eml');
      await fs.writeFile(eml, 'Subject: old\n\nbody');
      const old = new Date(now.getTime() - 8 * 86_400_000);
      await fs.utimes(eml, old, old);
      // This transaction stands for the other process: it holds the purge's lock.
      try {
        await ctx.database.db.transaction(async (tx) => {
          const other = createRetentionService({
            db: ctx.database.db,
            audit: createAuditRepository(ctx.database.db),
            outbox,
            now: () => now,
          });
          await tx.execute(sql`select pg_advisory_xact_lock(7304512033::bigint)`);
          expect(await other.purge()).toEqual({ ...NOTHING, outboxFiles: 1, skipped: true });
        });
      } finally {
        await fs.rm(outbox, { recursive: true, force: true });
      }
      expect(await existing([id])).toEqual([id]);
      expect(await service().purge()).toMatchObject({ travelers: 1, skipped: false });
    },
  );
});

describe('the outbox', () => {
  it('loses its .eml files after a week, and nothing else', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-outbox-'));
    try {
      const dir = path.join(root, 'outbox');
      await fs.mkdir(dir);
      const week = 7 * 86_400_000;
      const at = (file: string, ms: number) => fs.utimes(file, new Date(ms), new Date(ms));
      const write = async (name: string, ms: number) => {
        const file = path.join(dir, name);
        await fs.writeFile(file, 'Subject: x\n\nbody');
        await at(file, ms);
        return file;
      };
      await write('old.eml', now.getTime() - week - 60_000);
      await write('recent.eml', now.getTime() - week + 60_000);
      await write('old.txt', now.getTime() - week - 60_000);
      await fs.mkdir(path.join(dir, 'folder.eml'));
      const outside = path.join(root, 'elsewhere.eml');
      await fs.writeFile(outside, 'not in the outbox');
      await at(outside, now.getTime() - week - 60_000);
      await fs.symlink(outside, path.join(dir, 'link.eml'));

      expect(await purgeOutbox(dir, now.getTime() - week)).toBe(1);
      expect((await fs.readdir(dir)).sort()).toEqual(
        ['folder.eml', 'link.eml', 'old.txt', 'recent.eml'].sort(),
      );
      expect(await fs.readFile(outside, 'utf8')).toBe('not in the outbox');
      expect(await purgeOutbox(path.join(root, 'none'), now.getTime())).toBe(0);

      const result = await createRetentionService({
        db: ctx.database.db,
        audit: createAuditRepository(ctx.database.db),
        outbox: dir,
        now: () => new Date(now.getTime() + 2 * 60_000),
      }).purge();
      expect(result.outboxFiles).toBe(1);
      expect(await fs.readdir(dir)).not.toContain('recent.eml');
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});

describe('the schedule', () => {
  const log = () => ({ info: vi.fn(), error: vi.fn() });
  const queueLog = () => ({ debug: vi.fn(), warn: vi.fn(), error: vi.fn() });

  /** A job queue on the test's database, its retention jobs removed afterwards. */
  async function withQueue(
    test: (queue: JobQueue, logger: ReturnType<typeof queueLog>) => Promise<void>,
  ) {
    const logger = queueLog();
    const queue = createPgBossQueue({ sql: ctx.database.sql, log: logger });
    try {
      await test(queue, logger);
    } finally {
      await queue.stop();
      await ctx.database.sql(`delete from pgboss.job where name = $1`, [RETENTION_PURGE_JOB]);
    }
  }

  it('runs when first scheduled and then at each interval; a failed run is logged and the next one runs', async () => {
    await withQueue(async (queue, queueLogger) => {
      let calls = 0;
      const purge = vi.fn(async () => {
        calls++;
        if (calls === 2) throw new Error('database away');
        return { ...NOTHING, travelers: calls === 1 ? 4 : 0, skipped: false };
      });
      const logger = log();
      await scheduleRetention(queue, { purge }, 1, logger);
      await queue.start();
      await queue.start();
      await vi.waitFor(() => expect(purge.mock.calls.length).toBeGreaterThanOrEqual(3), {
        timeout: 20_000,
        interval: 100,
      });
      await queue.stop();
      const after = purge.mock.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(purge.mock.calls.length).toBe(after);
      expect(logger.info).toHaveBeenCalledTimes(1);
      expect(logger.info.mock.calls[0]![0]).toMatchObject({ travelers: 4 });
      // The failure is logged by the queue, which retries it later.
      expect(queueLogger.warn).toHaveBeenCalledTimes(1);
      expect(queueLogger.warn.mock.calls[0]![0]).toMatchObject({ job: RETENTION_PURGE_JOB });
    });
  });

  it('waits for a run under way when stopped, its signal aborted', async () => {
    await withQueue(async (queue) => {
      let finish!: () => void;
      let done = false;
      const purge = vi.fn(
        (_options?: { signal?: AbortSignal }) =>
          new Promise<PurgeResult>((resolve) => {
            finish = () => {
              done = true;
              resolve({ ...NOTHING, skipped: false });
            };
          }),
      );
      await scheduleRetention(queue, { purge }, 60, log());
      await queue.start();
      await vi.waitFor(() => expect(purge).toHaveBeenCalledTimes(1), {
        timeout: 10_000,
        interval: 50,
      });
      const stopped = queue.stop();
      setTimeout(() => finish(), 20);
      await stopped;
      expect(done).toBe(true);
      expect(purge).toHaveBeenCalledTimes(1);
      expect(purge.mock.calls[0]![0]!.signal!.aborted).toBe(true);
      // Cut short, it is not done: retried, not put off for a whole period.
      const { rows } = await ctx.database.sql(`select state from pgboss.job where name = $1`, [
        RETENTION_PURGE_JOB,
      ]);
      expect(rows.map((row) => row.state)).toContain('retry');
      expect(rows.map((row) => row.state)).not.toContain('completed');
    });
  });
});

describe('the server', () => {
  it('purges when it starts, with RETENTION_PURGE_HOURS set, its outbox too', async () => {
    const id = await traveler(addDays(cutoff, -4), addDays(cutoff, -3));
    const keep = await traveler(todayIso(), null, {}, true);
    // A message the mailer wrote to its outbox 8 days ago.
    const outbox = outboxDir(ctx.config.dataDir);
    await fs.mkdir(outbox, { recursive: true });
    const eml = path.join(outbox, 'old-message.eml');
    await fs.writeFile(eml, 'Subject: old\n\nbody');
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await fs.utimes(eml, eightDaysAgo, eightDaysAgo);
    const app = await buildApp({
      config: { ...ctx.config, retentionPurgeHours: 24 },
      database: ctx.database,
    });
    try {
      await app.ready();
      await vi.waitFor(async () => expect(await existing([id, keep])).toEqual([keep]), {
        timeout: 5000,
        interval: 50,
      });
      await vi.waitFor(
        async () => expect(await fs.readdir(outbox)).not.toContain('old-message.eml'),
        {
          timeout: 5000,
          interval: 50,
        },
      );
    } finally {
      await app.close();
    }
  });

  it('does not purge with RETENTION_PURGE_HOURS=0', async () => {
    const id = await traveler(addDays(cutoff, -4), addDays(cutoff, -3));
    const app = await buildApp({
      config: { ...ctx.config, retentionPurgeHours: 0 },
      database: ctx.database,
    });
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await app.close();
    expect(await existing([id])).toEqual([id]);
    await service().purge();
  });
});
