import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateTravelerInput, Traveler } from '@hospes/shared/travelers';
import { ApiError } from '@/lib/api-client';
import { newRegistrationAttempt, type RegistrationCalls } from './registration-attempt';
import {
  createDeskSendQueue,
  FIRST_RETRY_PAUSE_MS,
  SAVED_NOTICE_MS,
  type DeskSendQueue,
  type QueuedInput,
} from './send-queue-store';
import { ESTABLISHMENT_ID, sampleTraveler } from './test/fixtures';
import { emptyTravelerValues } from '@/features/traveler/form-model';

/**
 * The store on its own, with a session and a connection of the test's making (send-queue.test.ts
 * tests the app's instance, wired to the real session).
 */
function world() {
  let user: string | null = 'user-1';
  let renewing = false;
  const userListeners = new Set<() => void>();
  const renewalListeners = new Set<() => void>();
  const onlineListeners = new Set<() => void>();
  const listen = (set: Set<() => void>) => (listener: () => void) => {
    set.add(listener);
    return () => set.delete(listener);
  };
  const tell = (set: Set<() => void>) => {
    for (const listener of set) listener();
  };
  const queue = createDeskSendQueue({
    session: {
      userId: () => user,
      hasSession: () => user !== null,
      renewing: () => renewing,
      endedForRenewal: () => false,
      onUserChange: listen(userListeners),
      onRenewalChange: listen(renewalListeners),
    },
    onOnline: listen(onlineListeners),
  });
  return {
    queue,
    signIn(id: string | null) {
      user = id;
      tell(userListeners);
    },
    renewal(open: boolean) {
      renewing = open;
      tell(renewalListeners);
    },
    backOnline: () => tell(onlineListeners),
    listening: () => userListeners.size + renewalListeners.size + onlineListeners.size,
  };
}

/** The server's end of the wire: each send waits until the test answers or fails it. */
function wire() {
  const sends: {
    name: string;
    key: string;
    answer: () => void;
    fail: (error: unknown) => void;
  }[] = [];
  const calls: RegistrationCalls = {
    create: (input, key) =>
      new Promise<Traveler>((resolve, reject) =>
        sends.push({
          name: input.firstName,
          key,
          answer: () =>
            resolve(
              sampleTraveler({
                id: `id-${input.firstName}`,
                firstName: input.firstName,
                reportNumber: `2026/00000${sends.length}`,
              }),
            ),
          fail: reject,
        }),
      ),
    update: () => Promise.reject(new Error('not expected')),
  };
  const last = () => {
    const send = sends.at(-1);
    if (!send) throw new Error('nothing was sent');
    return send;
  };
  return { sends, calls, last, names: () => sends.map((send) => send.name) };
}

function registration(name: string, calls: RegistrationCalls): QueuedInput {
  return {
    name,
    establishmentId: ESTABLISHMENT_ID,
    values: emptyTravelerValues(ESTABLISHMENT_ID),
    input: { firstName: name, lastName: 'Test', passportNumber: name } as CreateTravelerInput,
    attempt: newRegistrationAttempt(),
    calls,
  };
}

const noAnswer = () =>
  new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'No response from the server' });

/** Lets the promises of a send settle without moving the clock. */
async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const statuses = (queue: DeskSendQueue) =>
  queue.shown().map((entry) => `${entry.name}:${entry.status}`);

describe('the desk’s send queue as a store', () => {
  let made: ReturnType<typeof world>;
  beforeEach(() => {
    vi.useFakeTimers();
    made = world();
  });
  afterEach(() => {
    made.queue.dispose();
    vi.useRealTimers();
  });

  it('has one state: every change is a new snapshot, and what it shows is derived from it', async () => {
    const { queue } = made;
    const api = wire();
    let told = 0;
    const stop = queue.subscribe(() => told++);
    const empty = queue.getSnapshot();

    queue.enqueue(registration('Lucía', api.calls));
    const { id: mine } = queue.sendInTurn(registration('Hans', api.calls));
    const snapshot = queue.getSnapshot();
    expect(snapshot).not.toBe(empty);
    expect(empty.entries).toEqual([]);
    // The desk's own save is in the state, behind Lucía, but not shown.
    expect(snapshot.entries.map((entry) => `${entry.name}:${entry.status}`)).toEqual([
      'Lucía:sending',
      'Hans:waiting',
    ]);
    expect(snapshot.owner).toBe('user-1');
    expect(statuses(queue)).toEqual(['Lucía:sending']);
    expect(queue.waitingForTurn(mine)).toBe(true);
    expect(told).toBeGreaterThan(0);

    // A change of the desk's save alone leaves what is shown as it was: the same array.
    const shown = queue.shown();
    told = 0;
    api.last().answer();
    await settle();
    expect(api.names()).toEqual(['Lucía', 'Hans']);
    expect(queue.waitingForTurn(mine)).toBe(false);
    expect(told).toBeGreaterThan(0);
    expect(statuses(queue)).toEqual(['Lucía:saved']);
    const saved = queue.shown();
    expect(saved).not.toBe(shown);
    queue.getSnapshot();
    expect(queue.shown()).toBe(saved);
    api.last().answer();
    await settle();
    expect(queue.getSnapshot().entries).toHaveLength(1);
    expect(queue.shown()).toBe(saved);

    // Unsubscribed, a listener is told nothing more.
    stop();
    told = 0;
    queue.clear();
    expect(told).toBe(0);
    expect(queue.getSnapshot()).toEqual({ entries: [], owner: null });
  });

  it('keeps a saved notice while the indicator is held open, and lets it go a while after', async () => {
    const { queue } = made;
    const api = wire();
    queue.enqueue(registration('Lucía', api.calls));
    queue.holdSavedNotices(true);
    api.last().answer();
    await settle();
    expect(statuses(queue)).toEqual(['Lucía:saved']);
    await vi.advanceTimersByTimeAsync(2 * SAVED_NOTICE_MS);
    expect(statuses(queue)).toEqual(['Lucía:saved']);

    queue.holdSavedNotices(false);
    await vi.advanceTimersByTimeAsync(SAVED_NOTICE_MS - 1);
    expect(statuses(queue)).toEqual(['Lucía:saved']);
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses(queue)).toEqual([]);
  });

  it('only a saved registration is dismissed', async () => {
    const { queue } = made;
    const api = wire();
    const id = queue.enqueue(registration('Lucía', api.calls));
    queue.dismiss(id);
    expect(statuses(queue)).toEqual(['Lucía:sending']);
    api.last().answer();
    await settle();
    queue.dismiss(id);
    expect(statuses(queue)).toEqual([]);
  });

  it('back online, the registration that waits for a pause is sent at once', async () => {
    const { queue } = made;
    const api = wire();
    queue.enqueue(registration('Lucía', api.calls));
    api.last().fail(noAnswer());
    await settle();
    expect(statuses(queue)).toEqual(['Lucía:paused']);
    expect(queue.shown()[0]?.retryAt).toBe(Date.now() + FIRST_RETRY_PAUSE_MS);

    made.backOnline();
    expect(statuses(queue)).toEqual(['Lucía:sending']);
    expect(api.names()).toEqual(['Lucía', 'Lucía']);
    expect(api.sends[1]?.key).toBe(api.sends[0]?.key);
    // Its pause is over: the clock sends nothing more.
    api.last().answer();
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_PAUSE_MS);
    expect(api.names()).toEqual(['Lucía', 'Lucía']);
    expect(statuses(queue)).toEqual(['Lucía:saved']);
  });

  it('"Retry now" on a later paused registration sends the first one first: the order of the report numbers holds', async () => {
    const { queue } = made;
    const api = wire();
    queue.enqueue(registration('Lucía', api.calls));
    api.last().fail(noAnswer());
    await settle();
    // The desk's save goes past Lucía's pause; let go on the wire, it gets no answer either.
    const { id } = queue.sendInTurn(registration('Hans', api.calls));
    expect(queue.letGo(id)).toBe(true);
    api.last().fail(noAnswer());
    await settle();
    expect(statuses(queue)).toEqual(['Lucía:paused', 'Hans:paused']);

    queue.retryNow(id);
    expect(statuses(queue)).toEqual(['Lucía:sending', 'Hans:waiting']);
    api.last().answer();
    await settle();
    expect(statuses(queue)).toEqual(['Lucía:saved', 'Hans:sending']);
    expect(api.names()).toEqual(['Lucía', 'Hans', 'Lucía', 'Hans']);
  });

  it('another user signing in empties the queue and answers a waiting form; the same user goes on', async () => {
    const { queue } = made;
    const api = wire();
    queue.enqueue(registration('Lucía', api.calls));
    api.last().fail(noAnswer());
    await settle();
    // The same user logs in again (the login dialog after a session ended): nothing is lost.
    made.signIn('user-1');
    expect(statuses(queue)).toEqual(['Lucía:paused']);

    const { saving } = queue.sendInTurn(registration('Hans', api.calls));
    const outcome = saving.then(
      () => 'saved',
      (error: unknown) => error,
    );
    api.last().answer();
    await settle();
    expect(await outcome).toBe('saved');

    queue.enqueue(registration('Erika', api.calls));
    const waiting = queue.sendInTurn(registration('Jan', api.calls)).saving.then(
      () => 'saved',
      (error: unknown) => error,
    );
    made.signIn('user-2');
    expect(queue.getSnapshot()).toEqual({ entries: [], owner: null });
    expect(await waiting).toBeInstanceOf(Error);
    // Jan's send on the wire cannot be called back, but its answer changes nothing.
    api.last().answer();
    await settle();
    expect(statuses(queue)).toEqual([]);

    // What the next user queues is theirs.
    queue.enqueue(registration('Olga', api.calls));
    expect(queue.getSnapshot().owner).toBe('user-2');
    expect(api.names().at(-1)).toBe('Olga');
  });

  it('the desk’s save waits while the login dialog asks for the password, then goes', async () => {
    const { queue } = made;
    const api = wire();
    made.renewal(true);
    const { id, saving } = queue.sendInTurn(registration('Hans', api.calls));
    expect(api.sends).toHaveLength(0);
    expect(queue.waitingForTurn(id)).toBe(true);
    made.renewal(false);
    expect(api.names()).toEqual(['Hans']);
    expect(queue.waitingForTurn(id)).toBe(false);
    api.last().answer();
    await expect(saving).resolves.toMatchObject({ firstName: 'Hans' });
  });

  it('discarding a registration whose fix is on the wire lets that send go: it is shown and saved', async () => {
    const { queue } = made;
    const api = wire();
    const item = registration('Lucía', api.calls);
    const refused = queue.enqueue(item);
    api.last().fail(new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid' }));
    await settle();
    expect(statuses(queue)).toEqual(['Lucía:attention']);

    // Saved again from its form, on the wire, when the hospitalero discards it after all.
    const { saving } = queue.sendInTurn({ ...item, attempt: item.attempt });
    let answered = false;
    void saving.then(() => (answered = true));
    queue.discard(refused);
    expect(statuses(queue)).toEqual(['Lucía:sending']);
    api.last().answer();
    await settle();
    expect(statuses(queue)).toEqual(['Lucía:saved']);
    expect(answered).toBe(false);
  });

  it('disposed, it listens to the session and the connection no more', () => {
    expect(made.listening()).toBe(3);
    made.queue.dispose();
    expect(made.listening()).toBe(0);
  });
});
