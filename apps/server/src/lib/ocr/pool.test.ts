import { describe, expect, it, vi } from 'vitest';
import { createPool, PoolClosedError, PoolFullError, PoolTimeoutError } from './pool';

interface Fake {
  id: number;
  alive: boolean;
  destroyed: boolean;
}

function fakePool(
  options: {
    size?: number;
    maxQueue?: number;
    graceMs?: number;
    idleMs?: number;
    failCreate?: () => boolean;
  } = {},
) {
  const made: Fake[] = [];
  const pool = createPool<Fake>({
    size: options.size ?? 2,
    maxQueue: options.maxQueue ?? 2,
    graceMs: options.graceMs ?? 50,
    create: async () => {
      if (options.failCreate?.()) throw new Error('cannot start');
      const fake = { id: made.length + 1, alive: true, destroyed: false };
      made.push(fake);
      return fake;
    },
    destroy: async (fake) => {
      fake.destroyed = true;
    },
    healthy: (fake) => fake.alive,
    idleMs: options.idleMs,
  });
  return { pool, made };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A job that resolves when told to. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, job: async (fake: Fake) => (await opened, fake.id) };
}

describe('createPool', () => {
  it('creates nothing until the first job, then at most `size` resources, reused', async () => {
    const { pool, made } = fakePool({ size: 2, maxQueue: 5 });
    expect(pool.stats().created).toBe(0);
    const g = gate();
    const runs = [1, 2, 3, 4].map(() => pool.run(g.job, 1000));
    await sleep(10);
    expect(made).toHaveLength(2);
    expect(pool.stats()).toMatchObject({ busy: 2, waiting: 2 });
    g.open();
    expect((await Promise.all(runs)).sort()).toEqual([1, 1, 2, 2]);
    expect(pool.stats()).toMatchObject({ created: 2, idle: 2, busy: 0, waiting: 0 });
    await pool.close();
  });

  it('refuses at once when the queue is full', async () => {
    const { pool } = fakePool({ size: 1, maxQueue: 1 });
    const g = gate();
    const first = pool.run(g.job, 1000);
    const second = pool.run(g.job, 1000);
    await sleep(5);
    await expect(pool.run(g.job, 1000)).rejects.toBeInstanceOf(PoolFullError);
    g.open();
    await Promise.all([first, second]);
    await pool.close();
  });

  it('times out a job that waits too long, and leaves the queue', async () => {
    const { pool } = fakePool({ size: 1, maxQueue: 3 });
    const g = gate();
    const first = pool.run(g.job, 1000);
    await expect(pool.run(g.job, 30)).rejects.toBeInstanceOf(PoolTimeoutError);
    expect(pool.stats().waiting).toBe(0);
    g.open();
    await first;
    await pool.close();
  });

  it('answers a running job at its deadline, tells it to stop, and replaces a resource stuck past the grace', async () => {
    const { pool, made } = fakePool({ size: 1, maxQueue: 3, graceMs: 30 });
    let seenAbort = false;
    const started = Date.now();
    await expect(
      pool.run(async (_fake, signal) => {
        signal.addEventListener('abort', () => (seenAbort = true));
        await new Promise(() => {}); // stuck forever
      }, 40),
    ).rejects.toBeInstanceOf(PoolTimeoutError);
    expect(Date.now() - started).toBeLessThan(500);
    expect(seenAbort).toBe(true);
    await sleep(60);
    expect(made[0]!.destroyed).toBe(true);
    expect(pool.stats().created).toBe(0);
    expect(await pool.run(async (fake) => fake.id, 1000)).toBe(2);
    await pool.close();
  });

  it('discards a resource that is no longer healthy and starts a new one', async () => {
    const { pool, made } = fakePool({ size: 1 });
    await pool.run(async (fake) => {
      fake.alive = false;
    }, 1000);
    expect(made[0]!.destroyed).toBe(true);
    expect(await pool.run(async (fake) => fake.id, 1000)).toBe(2);
    await pool.close();
  });

  it('passes a failed start to the job and tries again next time', async () => {
    let fail = true;
    const { pool } = fakePool({ size: 1, failCreate: () => fail });
    await expect(pool.run(async () => 1, 1000)).rejects.toThrow('cannot start');
    fail = false;
    expect(await pool.run(async (fake) => fake.id, 1000)).toBe(1);
    await pool.close();
  });

  it('on close, rejects waiting and running jobs and destroys every resource', async () => {
    const { pool, made } = fakePool({ size: 1, maxQueue: 2 });
    const g = gate();
    const running = pool.run(g.job, 5000);
    const waiting = pool.run(g.job, 5000);
    await sleep(5);
    await pool.close();
    await expect(running).rejects.toBeInstanceOf(PoolClosedError);
    await expect(waiting).rejects.toBeInstanceOf(PoolClosedError);
    expect(made.every((f) => f.destroyed)).toBe(true);
    await expect(pool.run(g.job, 1000)).rejects.toBeInstanceOf(PoolClosedError);
  });

  it('ends a resource left idle for idleMs, and makes a new one on the next demand', async () => {
    vi.useFakeTimers();
    try {
      const { pool, made } = fakePool({ idleMs: 60_000 });
      expect(await pool.run(async (fake) => fake.id, 1000)).toBe(1);
      vi.advanceTimersByTime(59_000);
      // Used again before its idle time ends: the same resource, its idle time counted anew.
      expect(await pool.run(async (fake) => fake.id, 1000)).toBe(1);
      vi.advanceTimersByTime(59_000);
      expect(made[0]!.destroyed).toBe(false);
      vi.advanceTimersByTime(2_000);
      expect(made[0]!.destroyed).toBe(true);
      expect(pool.stats()).toMatchObject({ created: 0, idle: 0, busy: 0 });
      expect(await pool.run(async (fake) => fake.id, 1000)).toBe(2);
      await pool.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps idle resources without idleMs', async () => {
    const { pool, made } = fakePool();
    await pool.run(async (fake) => fake.id, 1000);
    await sleep(100);
    expect(made[0]!.destroyed).toBe(false);
    expect(pool.stats()).toMatchObject({ created: 1, idle: 1 });
    await pool.close();
  });
});
