import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ApiError, isApiError } from '@/lib/api-client';
import type { QueuedRegistration } from './send-queue-store';

/**
 * The desk's send queue kept in the browser's IndexedDB (decision 059), so that registrations
 * typed without a connection survive a reload, a closed tab and a restart of the tablet, and are
 * sent when the connection returns.
 *
 * - One record per registration not yet on the server, deleted as soon as it is stored (or
 *   discarded, or the user signs out). Saved ones are never written.
 * - Each record is encrypted with AES-GCM (a fresh 96-bit IV per write) under one key made here
 *   with `extractable: false` and kept in the same database: the CryptoKey object is
 *   structured-cloned into IndexedDB, its bytes can never be read back by a script, and what the
 *   files on the tablet's disk hold is ciphertext. The registration's data, its document images
 *   and signature (data URLs inside the form's values and input), its Idempotency-Key and what was
 *   sent without an answer are all inside the ciphertext; only the order and the id are not.
 * - The record's `owner` (the user id) is inside the ciphertext too: another user signing in on
 *   the tablet gets nothing of it (the queue deletes them).
 */

export const DATABASE_NAME = 'hospes-desk';
const VERSION = 1;

/** What is kept of a registration: its state, without what cannot outlive the page. */
export interface PersistedRegistration {
  readonly owner: string | null;
  readonly entry: Omit<QueuedRegistration, 'error' | 'foreground'> & {
    /** A refusal, as the API client had it: the reason shown when its form is opened. */
    readonly error: {
      status: number;
      code: string;
      message: string;
      details: ApiError['details'];
    } | null;
  };
}

interface Sealed {
  readonly id: string;
  /** The registration's place in the queue (the order they were typed). */
  readonly seq: number;
  readonly iv: Uint8Array<ArrayBuffer>;
  readonly data: ArrayBuffer;
}

interface DeskDb extends DBSchema {
  entries: { key: string; value: Sealed; indexes: { seq: number } };
  keys: { key: string; value: CryptoKey };
}

/** The queue's store in IndexedDB, as the send queue uses it. */
export interface SendQueuePersistence {
  /**
   * The registrations kept, in their order, with their record ids (undecipherable ones are
   * deleted). They are not the queue's until it writes them again (`sync`, dropping these ids).
   */
  load(): Promise<{ id: string; value: PersistedRegistration }[]>;
  /**
   * Makes IndexedDB hold exactly the registrations given (by id), of `owner`: new and changed ones
   * written (an entry is immutable: the same object is not written again), the others deleted.
   * Calls are applied one after another, in the order made. The records `drop` names (restored
   * ones, now written under the queue's own ids) are deleted in the same transaction. Records
   * this page never wrote (another user's) are left alone.
   */
  sync(
    owner: string | null,
    entries: readonly QueuedRegistration[],
    drop?: readonly string[],
  ): Promise<void>;
}

const KEY_NAME = 'send-queue';

/** The queue's record of a registration: what survives a reload. */
export function toPersisted(
  owner: string | null,
  entry: QueuedRegistration,
): PersistedRegistration {
  const { error, foreground: _foreground, ...rest } = entry;
  return {
    owner,
    entry: {
      ...rest,
      // What was on the wire when the page went away may have arrived: sent again with its key.
      status: rest.status === 'sending' ? 'waiting' : rest.status,
      error: isApiError(error)
        ? { status: error.status, code: error.code, message: error.message, details: error.details }
        : null,
    },
  };
}

/** A registration back from IndexedDB, as the queue holds it. */
export function fromPersisted(record: PersistedRegistration): QueuedRegistration {
  const { error, ...entry } = record.entry;
  return {
    ...entry,
    attempt: {
      key: entry.attempt.key,
      unanswered: entry.attempt.unanswered.map((sent) => ({ ...sent })),
      registered: entry.attempt.registered,
    },
    error: error ? new ApiError(error) : null,
    foreground: false,
  };
}

async function keyOf(db: IDBPDatabase<DeskDb>): Promise<CryptoKey> {
  const stored = await db.get('keys', KEY_NAME);
  if (stored) return stored;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  // Two tabs racing: the first key written wins, and both use it.
  const tx = db.transaction('keys', 'readwrite');
  const again = await tx.store.get(KEY_NAME);
  if (again) {
    await tx.done;
    return again;
  }
  await tx.store.put(key, KEY_NAME);
  await tx.done;
  return key;
}

export function createSendQueuePersistence(
  options: { name?: string; indexedDB?: IDBFactory } = {},
): SendQueuePersistence {
  const name = options.name ?? DATABASE_NAME;
  let opened: Promise<{ db: IDBPDatabase<DeskDb>; key: CryptoKey }> | null = null;
  const open = () =>
    (opened ??= openDB<DeskDb>(name, VERSION, {
      upgrade(db) {
        db.createObjectStore('entries', { keyPath: 'id' }).createIndex('seq', 'seq');
        db.createObjectStore('keys');
      },
    }).then(async (db) => ({ db, key: await keyOf(db) })));

  /** What was last written of each registration (the same object: not written again). */
  const written = new Map<
    string,
    { entry: QueuedRegistration; owner: string | null; seq: number }
  >();
  let nextSeq = 0;
  let chain: Promise<void> = Promise.resolve();
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  async function seal(
    key: CryptoKey,
    value: PersistedRegistration,
  ): Promise<Omit<Sealed, 'id' | 'seq'>> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const plain = new TextEncoder().encode(JSON.stringify(value));
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
    return { iv, data };
  }

  async function unseal(key: CryptoKey, sealed: Sealed): Promise<PersistedRegistration | null> {
    try {
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: sealed.iv },
        key,
        sealed.data,
      );
      return JSON.parse(new TextDecoder().decode(plain)) as PersistedRegistration;
    } catch {
      return null;
    }
  }

  return {
    load: () =>
      queued(async () => {
        const { db, key } = await open();
        const records = await db.getAllFromIndex('entries', 'seq');
        const out: { id: string; value: PersistedRegistration }[] = [];
        for (const sealed of records) {
          nextSeq = Math.max(nextSeq, sealed.seq + 1);
          const value = await unseal(key, sealed);
          if (value) {
            out.push({ id: sealed.id, value });
          } else {
            // Sealed with a key that is gone (site data partly cleared): it cannot be read again.
            await db.delete('entries', sealed.id);
          }
        }
        return out;
      }),

    sync: (owner, entries, drop = []) =>
      queued(async () => {
        const { db, key } = await open();
        const keep = new Set(entries.map((entry) => entry.id));
        const puts: Sealed[] = [];
        for (const entry of entries) {
          const before = written.get(entry.id);
          if (before?.entry === entry && before.owner === owner) continue;
          const seq = before?.seq ?? nextSeq++;
          puts.push({ id: entry.id, seq, ...(await seal(key, toPersisted(owner, entry))) });
          written.set(entry.id, { entry, owner, seq });
        }
        const deletes = [...written.keys()].filter((id) => !keep.has(id));
        for (const id of drop) if (!keep.has(id)) deletes.push(id);
        if (puts.length === 0 && deletes.length === 0) return;
        const tx = db.transaction('entries', 'readwrite');
        for (const id of deletes) {
          written.delete(id);
          void tx.store.delete(id);
        }
        for (const sealed of puts) void tx.store.put(sealed);
        await tx.done;
      }),
  };
}
