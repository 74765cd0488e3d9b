/**
 * A registration sent with an `Idempotency-Key` registers once (decision 020): the staff form's
 * POST /api/pilgrims and the public check-in share this.
 */
import { createHash, type Hash } from 'node:crypto';
import { AppError } from './app-error';

/**
 * The fingerprint of a request's data, recorded with its key: SHA-256 (hex) of the validated body,
 * each value written with its type and each string with its length, so that two different bodies
 * never write the same bytes. Properties go in the order of their names, whatever order the client
 * sent them in, and a property that is null, empty or left out is the same (each means "not
 * given" in a registration: see @hospes/shared/fields), so the same data always gives the same
 * fingerprint. Strings are hashed as they are: a body with a 200 KB image takes about 0.25 ms
 * (JSON.stringify first took 1.3).
 */
export function fingerprintOf(input: unknown): string {
  const hash = createHash('sha256');
  write(hash, input);
  return hash.digest('hex');
}

const notGiven = (value: unknown) => value === undefined || value === null || value === '';

function write(hash: Hash, value: unknown): void {
  if (typeof value === 'string') {
    hash.update(`s${value.length}:`);
    hash.update(value);
  } else if (Array.isArray(value)) {
    hash.update('[');
    for (const item of value) write(hash, item);
    hash.update(']');
  } else if (value instanceof Date) {
    hash.update(`d${value.toISOString()};`);
  } else if (value !== null && typeof value === 'object') {
    hash.update('{');
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record).sort()) {
      if (notGiven(record[key])) continue;
      write(hash, key);
      write(hash, record[key]);
    }
    hash.update('}');
  } else {
    hash.update(`${typeof value}${String(value)};`);
  }
}

/**
 * A key that comes back with other data than it was recorded with is refused (422
 * IDEMPOTENCY_KEY_REUSED) rather than answered with the first registration: that answer would
 * acknowledge data that was never stored. A key recorded before fingerprints were (null) is
 * answered as before.
 */
export function assertSameRequest(recorded: string | null, fingerprint: string): void {
  if (recorded !== null && recorded !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
}

/** Thrown by a registration whose key another request recorded first, in its own transaction. */
export class KeyTaken extends Error {}

/**
 * What `earlier` finds for the key, or else what `register` registers. `register` records the key
 * in its transaction and throws KeyTaken when the key is taken: the request that took it committed
 * while this one waited, and `earlier` answers it on the next round. Twice at most: a key whose
 * registration was deleted in between is free again.
 */
export async function registerOnce<T>(
  earlier: () => Promise<T | null>,
  register: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const replay = await earlier();
    if (replay) return replay;
    try {
      return await register();
    } catch (err) {
      if (!(err instanceof KeyTaken) || attempt >= 2) throw err;
    }
  }
}
