import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import type { CreateTravelerInput, Traveler } from '@hospes/shared/travelers';
import { ApiError } from '@/lib/api-client';
import { emptyTravelerValues } from '@/features/traveler/form-model';
import { newRegistrationAttempt, type RegistrationCalls } from './registration-attempt';
import { createSendQueuePersistence } from './send-queue-persistence';
import { createDeskSendQueue } from './send-queue-store';
import { ESTABLISHMENT_ID, sampleTraveler } from './test/fixtures';

/**
 * The desk's send queue kept in IndexedDB (fake-indexeddb), as a tablet reloads: one store writes,
 * a second one (the page after the reload) reads the same database.
 */

const FRONT = `data:image/jpeg;base64,${'Rk9UTy1ERUwtRE9DVU1FTlRP'.repeat(40)}`;
const SIGNATURE = `data:image/png;base64,${'RklSTUEtREVMLVZJQUpFUk8'.repeat(40)}`;

let databases = 0;
const newDatabase = () => `hospes-desk-test-${++databases}`;

function page(
  database: string,
  options: { user?: string | null; online?: boolean; calls?: RegistrationCalls } = {},
) {
  let user = options.user === undefined ? 'user-1' : options.user;
  let online = options.online ?? true;
  const onlineListeners = new Set<() => void>();
  const userListeners = new Set<() => void>();
  const calls = options.calls ?? server().calls;
  const queue = createDeskSendQueue({
    session: {
      userId: () => user,
      hasSession: () => user !== null,
      renewing: () => false,
      endedForRenewal: () => false,
      onUserChange(listener) {
        userListeners.add(listener);
        return () => userListeners.delete(listener);
      },
      onRenewalChange: () => () => {},
    },
    onOnline(listener) {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    online: () => online,
    persistence: { store: createSendQueuePersistence({ name: database }), calls: () => calls },
  });
  return {
    queue,
    calls,
    backOnline() {
      online = true;
      for (const listener of onlineListeners) listener();
    },
    signIn(id: string) {
      user = id;
      for (const listener of userListeners) listener();
    },
  };
}

/** POST /api/pilgrims as the server answers it: one traveler per Idempotency-Key. */
function server(refuse: (body: CreateTravelerInput) => ApiError | null = () => null) {
  const registered = new Map<string, Traveler>();
  const sent: { key: string; firstName: string }[] = [];
  const create = vi.fn(async (body: CreateTravelerInput, key: string) => {
    sent.push({ key, firstName: body.firstName });
    const refusal = refuse(body);
    if (refusal) throw refusal;
    const pilgrim =
      registered.get(key) ??
      sampleTraveler({ id: `id-${registered.size + 1}`, firstName: body.firstName });
    registered.set(key, pilgrim);
    return pilgrim;
  });
  return { registered, sent, calls: { create, update: vi.fn() } };
}

function traveler(firstName: string) {
  const input = {
    firstName,
    lastName: 'Peregrina',
    passportNumber: `X${firstName.length}${firstName}`,
    frontDocImage: FRONT,
    signatureImage: SIGNATURE,
  } as CreateTravelerInput;
  return {
    name: `${firstName} Peregrina`,
    establishmentId: ESTABLISHMENT_ID,
    values: {
      ...emptyTravelerValues(ESTABLISHMENT_ID),
      firstName,
      frontDocImage: FRONT,
      signatureImage: SIGNATURE,
    },
    input,
    attempt: newRegistrationAttempt(),
  };
}

async function rawRecords(database: string) {
  const db = await openDB(database);
  const entries = (await db.getAll('entries')) as {
    iv: Uint8Array<ArrayBuffer>;
    data: ArrayBuffer;
  }[];
  const keys = (await db.getAll('keys')) as CryptoKey[];
  db.close();
  return { entries, keys };
}

/** Lets the sends' promises settle. */
async function flush(queue: { settled: () => Promise<void> }) {
  for (let i = 0; i < 5; i++) {
    await queue.settled();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

describe('the desk send queue in IndexedDB', () => {
  it('keeps what waits offline encrypted with a key that cannot be read back', async () => {
    const database = newDatabase();
    const first = page(database, { online: false });
    const ana = traveler('Ana');
    first.queue.enqueue({ ...ana, calls: first.calls });
    first.queue.enqueue({ ...traveler('Bruno'), calls: first.calls });
    await flush(first.queue);

    expect(first.calls.create).not.toHaveBeenCalled();
    expect(first.queue.kept()).toBe(true);
    const { entries, keys } = await rawRecords(database);
    expect(entries).toHaveLength(2);
    for (const record of entries) {
      const bytes = new TextDecoder('latin1').decode(record.data);
      for (const secret of ['Ana', 'Bruno', 'Peregrina', ana.attempt.key, 'Rk9UTy1ERUwt']) {
        expect(bytes).not.toContain(secret);
      }
    }
    expect(keys).toHaveLength(1);
    const key = keys[0]!;
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    // The key deciphers the record: it holds the registration, images and key included.
    const plain = JSON.parse(
      new TextDecoder().decode(
        await crypto.subtle.decrypt({ name: 'AES-GCM', iv: entries[0]!.iv }, key, entries[0]!.data),
      ),
    ) as { owner: string; entry: { input: CreateTravelerInput; attempt: { key: string } } };
    expect(plain.owner).toBe('user-1');
    expect([plain.entry.input.firstName]).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(Ana|Bruno)$/)]),
    );
    expect(plain.entry.input.frontDocImage).toBe(FRONT);
    expect(plain.entry.input.signatureImage).toBe(SIGNATURE);
  });

  it('after a reload sends them in order, each once with the key it was made with, and deletes them', async () => {
    const database = newDatabase();
    const before = page(database, { online: false });
    const made = ['Ana', 'Bruno', 'Carla'].map(traveler);
    for (const item of made) before.queue.enqueue({ ...item, calls: before.calls });
    // The desk's own save, offline: it waits in its turn instead of failing.
    const desk = before.queue.sendInTurn({ ...traveler('Diego'), calls: before.calls });
    before.queue.letGo(desk.id);
    await flush(before.queue);
    expect(before.calls.create).not.toHaveBeenCalled();
    expect((await rawRecords(database)).entries).toHaveLength(4);

    const wire = server();
    const after = page(database, { online: false, calls: wire.calls });
    await flush(after.queue);
    expect(after.queue.shown().map((entry) => [entry.name, entry.status])).toEqual([
      ['Ana Peregrina', 'waiting'],
      ['Bruno Peregrina', 'waiting'],
      ['Carla Peregrina', 'waiting'],
      ['Diego Peregrina', 'waiting'],
    ]);
    expect(after.queue.shown()[0]?.input.frontDocImage).toBe(FRONT);
    expect(after.queue.shown()[0]?.values.signatureImage).toBe(SIGNATURE);
    expect(wire.sent).toEqual([]);

    after.backOnline();
    await flush(after.queue);
    expect(wire.sent).toEqual([
      ...made.map((item) => ({ key: item.attempt.key, firstName: item.input.firstName })),
      { key: expect.any(String), firstName: 'Diego' },
    ]);
    expect(wire.registered.size).toBe(4);
    expect(after.queue.shown().every((entry) => entry.status === 'saved')).toBe(true);
    expect((await rawRecords(database)).entries).toHaveLength(0);
  });

  it('brings a refusal back with its reason after a reload', async () => {
    const database = newDatabase();
    const refusal = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'El número de documento no es válido',
      details: [{ field: 'passportNumber', message: 'validation:document.invalid' }],
    });
    const wire = server((body) => (body.firstName === 'Bruno' ? refusal : null));
    const first = page(database, { calls: wire.calls });
    first.queue.enqueue({ ...traveler('Bruno'), calls: wire.calls });
    await flush(first.queue);
    expect(first.queue.shown()[0]?.status).toBe('attention');

    const second = page(database, { calls: wire.calls });
    await flush(second.queue);
    const [entry] = second.queue.shown();
    expect(entry?.status).toBe('attention');
    expect(entry?.error).toBeInstanceOf(ApiError);
    expect(entry?.error).toMatchObject({
      status: 400,
      message: 'El número de documento no es válido',
      details: refusal.details,
    });
    // Not sent again by itself: it waits for the hospitalero.
    expect(wire.sent).toHaveLength(1);
    second.queue.discard(entry!.id);
    await flush(second.queue);
    expect((await rawRecords(database)).entries).toHaveLength(0);
  });

  it("keeps another user's registrations from the one signed in, and restores them for their owner", async () => {
    const database = newDatabase();
    const theirs = page(database, { online: false });
    theirs.queue.enqueue({ ...traveler('Ana'), calls: theirs.calls });
    await flush(theirs.queue);

    const other = page(database, { user: 'user-2', online: false });
    await flush(other.queue);
    expect(other.queue.shown()).toEqual([]);
    expect((await rawRecords(database)).entries).toHaveLength(1);

    const later = page(database, { user: null, online: false });
    await flush(later.queue);
    expect(later.queue.shown()).toEqual([]);
    later.signIn('user-1');
    await flush(later.queue);
    expect(later.queue.shown().map((entry) => entry.name)).toEqual(['Ana Peregrina']);
    // Rewritten under the new page's id, the old record dropped: still one.
    expect((await rawRecords(database)).entries).toHaveLength(1);
  });

  it('deletes what it kept when the user signs out', async () => {
    const database = newDatabase();
    const desk = page(database, { online: false });
    desk.queue.enqueue({ ...traveler('Ana'), calls: desk.calls });
    await flush(desk.queue);
    expect((await rawRecords(database)).entries).toHaveLength(1);
    desk.queue.clear();
    await flush(desk.queue);
    expect((await rawRecords(database)).entries).toHaveLength(0);
    expect(desk.queue.kept()).toBe(true);
  });
});
