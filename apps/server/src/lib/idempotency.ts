/**
 * A registration sent with an `Idempotency-Key` registers once (decision 020): the staff form's
 * POST /api/pilgrims and the public check-in share this.
 */

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
