/**
 * A small bounded pool: at most `size` resources, created on first demand; at most `maxQueue`
 * jobs waiting, beyond which `run` refuses at once; a time limit per job that covers the wait
 * and the work. A job that overruns is answered at its deadline; if it has still not finished a
 * grace period later, its resource is destroyed (a stuck OCR worker) and replaced on demand. A
 * resource left idle for `idleMs` is destroyed too (its memory returned), and made again on demand.
 */
export class PoolFullError extends Error {
  constructor() {
    super('pool queue is full');
    this.name = 'PoolFullError';
  }
}
export class PoolTimeoutError extends Error {
  constructor() {
    super('pool job timed out');
    this.name = 'PoolTimeoutError';
  }
}
export class PoolClosedError extends Error {
  constructor() {
    super('pool is closed');
    this.name = 'PoolClosedError';
  }
}

export interface PoolOptions<R> {
  size: number;
  maxQueue: number;
  create: () => Promise<R>;
  destroy: (resource: R) => Promise<void>;
  /** Whether a resource that finished a job can be reused (e.g. its worker thread is alive). */
  healthy?: (resource: R) => boolean;
  /** How long past the deadline a job may keep its resource before the resource is destroyed. */
  graceMs?: number;
  /** How long a resource may stay idle before it is destroyed; unset: kept until the pool closes. */
  idleMs?: number;
}

export interface PoolStats {
  size: number;
  created: number;
  idle: number;
  busy: number;
  waiting: number;
}

export interface Pool<R> {
  /** Runs `job` with a resource. `signal` aborts when the time limit passes or the pool closes. */
  run<T>(job: (resource: R, signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T>;
  stats(): PoolStats;
  close(): Promise<void>;
}

interface Waiter<R> {
  resolve: (resource: R) => void;
  reject: (error: Error) => void;
}

export function createPool<R>(options: PoolOptions<R>): Pool<R> {
  const { size, maxQueue, create, destroy, healthy = () => true, graceMs = 10_000 } = options;
  const idle: R[] = [];
  const busy = new Set<R>();
  const waiting: Waiter<R>[] = [];
  const running = new Set<AbortController>();
  let count = 0; // created or being created
  let closed = false;

  /** The timers that end idle resources (idleMs). */
  const idleTimers = new Map<R, ReturnType<typeof setTimeout>>();

  function takeIdle(): R | undefined {
    const resource = idle.pop();
    if (resource !== undefined) {
      clearTimeout(idleTimers.get(resource));
      idleTimers.delete(resource);
    }
    return resource;
  }

  function putIdle(resource: R) {
    idle.push(resource);
    if (options.idleMs === undefined) return;
    const timer = setTimeout(() => {
      idleTimers.delete(resource);
      const at = idle.indexOf(resource);
      if (at < 0) return;
      idle.splice(at, 1);
      count--;
      void destroy(resource).catch(() => {});
    }, options.idleMs);
    timer.unref();
    idleTimers.set(resource, timer);
  }

  function discard(resource: R) {
    if (!busy.delete(resource)) return; // already gone (pool closed, or discarded after its grace)
    count--;
    void destroy(resource).catch(() => {});
    // Someone may be waiting for a resource that can now be created.
    const next = closed ? undefined : waiting.shift();
    if (next) void grow().then(next.resolve, next.reject);
  }

  async function grow(): Promise<R> {
    count++;
    try {
      const resource = await create();
      if (closed) {
        count--;
        await destroy(resource).catch(() => {});
        throw new PoolClosedError();
      }
      busy.add(resource);
      return resource;
    } catch (error) {
      if (!(error instanceof PoolClosedError)) count--;
      throw error;
    }
  }

  function acquire(signal: AbortSignal): Promise<R> {
    if (closed) return Promise.reject(new PoolClosedError());
    const ready = takeIdle();
    if (ready !== undefined) {
      busy.add(ready);
      return Promise.resolve(ready);
    }
    if (count < size) return grow();
    if (waiting.length >= maxQueue) return Promise.reject(new PoolFullError());
    return new Promise<R>((resolve, reject) => {
      const waiter: Waiter<R> = {
        resolve: (resource) => {
          signal.removeEventListener('abort', onAbort);
          resolve(resource);
        },
        reject: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      const onAbort = () => {
        const at = waiting.indexOf(waiter);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal.reason instanceof Error ? signal.reason : new PoolTimeoutError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.push(waiter);
    });
  }

  function release(resource: R) {
    if (closed || !healthy(resource)) return discard(resource);
    const next = waiting.shift();
    if (next) return next.resolve(resource);
    busy.delete(resource);
    putIdle(resource);
  }

  return {
    async run(job, timeoutMs) {
      const controller = new AbortController();
      running.add(controller);
      const timer = setTimeout(() => controller.abort(new PoolTimeoutError()), timeoutMs);
      try {
        const resource = await acquire(controller.signal);
        const work = job(resource, controller.signal);
        let settled = false;
        void work.then(
          () => {
            settled = true;
            release(resource);
          },
          () => {
            settled = true;
            release(resource);
          },
        );
        const aborted = new Promise<never>((_, reject) => {
          const onAbort = () => {
            reject(
              controller.signal.reason instanceof Error
                ? controller.signal.reason
                : new PoolTimeoutError(),
            );
            // Still busy long after its deadline: the worker is stuck; replace it.
            const grace = setTimeout(() => {
              if (!settled && busy.has(resource)) discard(resource);
            }, graceMs);
            grace.unref();
          };
          if (controller.signal.aborted) onAbort();
          else controller.signal.addEventListener('abort', onAbort, { once: true });
        });
        aborted.catch(() => {});
        return await Promise.race([work, aborted]);
      } finally {
        clearTimeout(timer);
        running.delete(controller);
      }
    },
    stats() {
      return { size, created: count, idle: idle.length, busy: busy.size, waiting: waiting.length };
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const waiter of waiting.splice(0)) waiter.reject(new PoolClosedError());
      for (const controller of running) controller.abort(new PoolClosedError());
      for (const timer of idleTimers.values()) clearTimeout(timer);
      idleTimers.clear();
      const all = [...idle.splice(0), ...busy];
      busy.clear();
      count = 0;
      await Promise.all(all.map((r) => destroy(r).catch(() => {})));
    },
  };
}
