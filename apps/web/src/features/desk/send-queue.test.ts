import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateTravelerInput, Traveler } from '@hospes/shared/travelers';
import { ApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { markSessionEnded } from '@/lib/session-presence';
import { sessionRenewal } from '@/lib/session-renewal';
import { sampleUser } from '@/test/utils';
import { newRegistrationAttempt, type RegistrationCalls } from './registration-attempt';
import {
  clearSendQueue,
  enqueue,
  FIRST_RETRY_PAUSE_MS,
  discardQueued,
  formTurns,
  letGo,
  LONGEST_RETRY_PAUSE_MS,
  retryNow,
  SAVED_NOTICE_MS,
  sendInTurn,
  SERVER_ERROR_ATTEMPTS,
  sendQueue,
  unsavedRegistrations,
} from './send-queue';
import { ESTABLISHMENT_ID, sampleTraveler } from './test/fixtures';
import { emptyTravelerValues } from '@/features/traveler/form-model';

const noAnswer = () =>
  new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'No response from the server' });

function input(firstName: string, passportNumber: string): CreateTravelerInput {
  return { firstName, lastName: 'Test', passportNumber } as CreateTravelerInput;
}

/**
 * POST /api/pilgrims as decision 020 has the server answer it: a key registers once, the same key
 * with the same body answers that traveler again. `outcomes` decide each call in turn: answered,
 * registered with the answer lost on the way back, or refused.
 */
function server(outcomes: ('ok' | 'lost' | 'unreached' | ApiError)[] = []) {
  const sent: { key: string; firstName: string }[] = [];
  const registered = new Map<string, Traveler>();
  const waiting: (() => void)[] = [];
  let held = false;
  const create = vi.fn(async (body: CreateTravelerInput, key: string): Promise<Traveler> => {
    sent.push({ key, firstName: body.firstName });
    if (held) await new Promise<void>((resolve) => waiting.push(resolve));
    const outcome = outcomes.shift() ?? 'ok';
    if (outcome instanceof ApiError) throw outcome;
    if (outcome === 'unreached') throw noAnswer();
    const pilgrim =
      registered.get(key) ??
      sampleTraveler({
        id: `id-${registered.size + 1}`,
        firstName: body.firstName,
        reportNumber: `2026/00001${registered.size}`,
      });
    registered.set(key, pilgrim);
    if (outcome === 'lost') throw noAnswer();
    return pilgrim;
  });
  return {
    sent,
    registered,
    calls: { create, update: vi.fn() },
    /** Holds every answer until `release` (a slow connection). */
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

function queue(name: string, calls: RegistrationCalls, passport = name) {
  const attempt = newRegistrationAttempt();
  const data = input(name, passport);
  return {
    attempt,
    id: enqueue({
      name,
      establishmentId: ESTABLISHMENT_ID,
      values: emptyTravelerValues(ESTABLISHMENT_ID),
      input: data,
      attempt,
      calls,
    }),
  };
}

/** A save at the desk's form: sent in its turn, answered to the form unless let go. */
function desk(name: string, calls: RegistrationCalls, passport = name) {
  const attempt = newRegistrationAttempt();
  const { id, saving } = sendInTurn({
    name,
    establishmentId: ESTABLISHMENT_ID,
    values: emptyTravelerValues(ESTABLISHMENT_ID),
    input: input(name, passport),
    attempt,
    calls,
  });
  let outcome: unknown = 'pending';
  let pilgrim: Traveler | null = null;
  saving.then(
    (saved) => {
      pilgrim = saved;
      outcome = 'saved';
    },
    (error: unknown) => (outcome = error),
  );
  return { id, attempt, outcome: () => outcome, pilgrim: () => pilgrim };
}

/** Lets the promises of a send settle without moving the clock (vi.waitFor would move it). */
async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const statuses = () => sendQueue.getState().map((entry) => `${entry.name}:${entry.status}`);

describe('the desk’s send queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    authStore.setSession(sampleUser, { remember: true });
  });
  afterEach(() => {
    sessionRenewal.reset();
    clearSendQueue();
    vi.useRealTimers();
  });

  it('sends one registration at a time, in order, each with its own key; the desk’s save let go on the wire is awaited, not repeated', async () => {
    const api = server();
    api.hold();
    // The desk's slow save, already on the wire when the hospitalero moved on.
    const first = desk('Lucía', api.calls);
    expect(api.sent).toHaveLength(1);
    // While the form waits for it, the header shows nothing.
    expect(statuses()).toEqual([]);
    expect(letGo(first.id)).toBe(true);
    const second = queue('Hans', api.calls);
    const third = queue('Erika', api.calls);
    expect(statuses()).toEqual(['Lucía:sending', 'Hans:waiting', 'Erika:waiting']);
    expect(unsavedRegistrations()).toBe(3);
    // Nothing else is sent while the first is on the wire.
    expect(api.sent).toHaveLength(1);

    api.release();
    await vi.waitFor(() =>
      expect(statuses()).toEqual(['Lucía:saved', 'Hans:saved', 'Erika:saved']),
    );
    expect(api.sent).toEqual([
      { key: first.attempt.key, firstName: 'Lucía' },
      { key: second.attempt.key, firstName: 'Hans' },
      { key: third.attempt.key, firstName: 'Erika' },
    ]);
    expect(new Set([first.attempt.key, second.attempt.key, third.attempt.key]).size).toBe(3);
    expect(unsavedRegistrations()).toBe(0);
    expect(sendQueue.getState()[0]?.pilgrim?.reportNumber).toBe('2026/000010');
    // The form let go of it: its promise is not answered.
    expect(first.outcome()).toBe('pending');

    // A saved one is told for a while, then leaves the indicator.
    await vi.advanceTimersByTimeAsync(SAVED_NOTICE_MS);
    expect(statuses()).toEqual([]);
  });

  it('the desk’s save waits for the queue’s send on the wire, is answered to the form and never shown', async () => {
    const api = server();
    api.hold();
    queue('Lucía', api.calls);
    const mine = desk('Hans', api.calls);
    // One upload at a time: the form's save waits for Lucía's.
    expect(api.sent.map((call) => call.firstName)).toEqual(['Lucía']);
    expect(statuses()).toEqual(['Lucía:sending']);
    expect(unsavedRegistrations()).toBe(1);
    api.release();
    await vi.waitFor(() => expect(mine.outcome()).toBe('saved'));
    expect(api.sent.map((call) => call.firstName)).toEqual(['Lucía', 'Hans']);
    // Report numbers in the order of the saves.
    expect(mine.pilgrim()?.reportNumber).toBe('2026/000011');
    expect(statuses()).toEqual(['Lucía:saved']);
    // Answered: too late to let go, the form shows it.
    expect(letGo(mine.id)).toBe(false);
  });

  it('the desk’s save that fails goes back to its form, once, and the queue forgets it', async () => {
    const refusal = new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid' });
    const api = server([refusal, 'unreached']);
    const refused = desk('Lucía', api.calls);
    await vi.waitFor(() => expect(refused.outcome()).toBe(refusal));
    const unanswered = desk('Hans', api.calls);
    await vi.waitFor(() => expect(unanswered.outcome()).toMatchObject({ status: 0 }));
    await vi.advanceTimersByTimeAsync(10 * FIRST_RETRY_PAUSE_MS);
    expect(api.sent).toHaveLength(2);
    expect(statuses()).toEqual([]);
    expect(unsavedRegistrations()).toBe(0);
  });

  it('a save let go before its turn keeps its place, and the queue does not wait on itself', async () => {
    const api = server();
    api.hold();
    queue('Lucía', api.calls);
    const mine = desk('Hans', api.calls);
    // Three seconds later the hospitalero goes on: Hans is not on the wire yet.
    expect(letGo(mine.id)).toBe(true);
    queue('Erika', api.calls);
    expect(statuses()).toEqual(['Lucía:sending', 'Hans:waiting', 'Erika:waiting']);
    api.release();
    await vi.waitFor(() =>
      expect(statuses()).toEqual(['Lucía:saved', 'Hans:saved', 'Erika:saved']),
    );
    expect(api.sent.map((call) => call.firstName)).toEqual(['Lucía', 'Hans', 'Erika']);
    expect(mine.outcome()).toBe('pending');
  });

  it('a save at the desk goes past a registration that waits for a pause, which keeps its own', async () => {
    const api = server(['unreached', 'ok', 'ok']);
    queue('Lucía', api.calls);
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:paused']));
    const mine = desk('Hans', api.calls);
    await vi.waitFor(() => expect(mine.outcome()).toBe('saved'));
    expect(api.sent.map((call) => call.firstName)).toEqual(['Lucía', 'Hans']);
    expect(statuses()).toEqual(['Lucía:paused']);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_PAUSE_MS);
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:saved']));
    expect(api.sent.map((call) => call.firstName)).toEqual(['Lucía', 'Hans', 'Lucía']);
  });

  it('a registration the server keeps answering with an error needs attention; one without an answer is tried on', async () => {
    const failing = new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'Server error' });
    const api = server(Array<ApiError>(SERVER_ERROR_ATTEMPTS).fill(failing));
    queue('Lucía', api.calls);
    await vi.advanceTimersByTimeAsync(10 * LONGEST_RETRY_PAUSE_MS);
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:attention']));
    expect(sendQueue.getState()[0]?.error).toBe(failing);
    expect(api.sent).toHaveLength(SERVER_ERROR_ATTEMPTS);

    clearSendQueue();
    const offline = server(Array<'unreached'>(50).fill('unreached'));
    queue('Hans', offline.calls);
    await vi.advanceTimersByTimeAsync(10 * LONGEST_RETRY_PAUSE_MS);
    expect(offline.sent.length).toBeGreaterThan(SERVER_ERROR_ATTEMPTS + 2);
    expect(statuses()).toEqual(['Hans:paused']);
  });

  it('the desk’s save waits while the login dialog asks for the password, then goes, its answer to the form', async () => {
    const api = server();
    sessionRenewal.request({ email: sampleUser.email, onRenewed: () => {}, onCancel: () => {} });
    const mine = desk('Hans', api.calls);
    await settle();
    expect(api.sent).toHaveLength(0);
    // As the dialog does it: the new session is stored, then the dialog closes.
    authStore.setSession(sampleUser, { remember: true });
    await settle();
    expect(api.sent).toHaveLength(0);
    sessionRenewal.renewed(sampleUser);
    await vi.waitFor(() => expect(mine.outcome()).toBe('saved'));
    expect(api.sent.map((call) => call.firstName)).toEqual(['Hans']);
  });

  it('a form that goes away lets go of its save: sent as the queue’s, and shown', async () => {
    const api = server();
    api.hold();
    queue('Lucía', api.calls);
    const turns = formTurns();
    const mine = desk('Hans', api.calls);
    turns.track(mine.id);
    expect(statuses()).toEqual(['Lucía:sending']);
    turns.release();
    expect(statuses()).toEqual(['Lucía:sending', 'Hans:waiting']);
    api.release();
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:saved', 'Hans:saved']));
    expect(mine.outcome()).toBe('pending');
  });

  it('discarding a registration that needs attention takes its waiting save from the fix form with it', async () => {
    const refusal = new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid' });
    const api = server([refusal]);
    const { id, attempt } = queue('Lucía', api.calls);
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:attention']));
    api.hold();
    queue('Hans', api.calls);
    // Saved again from its form while Hans is on the wire: it waits for its turn.
    const { saving } = sendInTurn({
      name: 'Lucía',
      establishmentId: ESTABLISHMENT_ID,
      values: emptyTravelerValues(ESTABLISHMENT_ID),
      input: input('Lucía', 'Lucía2'),
      attempt,
      calls: api.calls,
    });
    const outcome = saving.then(
      () => 'saved',
      (error: unknown) => error,
    );
    discardQueued(id);
    expect(await outcome).toBeInstanceOf(Error);
    api.release();
    await vi.waitFor(() => expect(statuses()).toEqual(['Hans:saved']));
    expect(api.sent.map((call) => call.firstName)).toEqual(['Lucía', 'Hans']);
  });

  it('signing out answers a waiting form with an error: nothing of it is sent', async () => {
    const api = server();
    api.hold();
    queue('Lucía', api.calls);
    const mine = desk('Hans', api.calls);
    authStore.clear();
    await vi.waitFor(() => expect(mine.outcome()).toBeInstanceOf(Error));
    api.release();
    await settle();
    expect(api.sent.map((call) => call.firstName)).toEqual(['Lucía']);
  });

  it('sends again after a lost answer, with the same key and a growing pause: the server answers the traveler it registered', async () => {
    // Registered, answer lost; then no connection at all; then the replay is answered.
    const api = server(['lost', 'unreached', 'ok']);
    const { attempt } = queue('Lucía', api.calls);
    const later = queue('Hans', api.calls);
    await settle();
    expect(statuses()).toEqual(['Lucía:paused', 'Hans:waiting']);
    expect(api.sent).toHaveLength(1);
    expect(attempt.unanswered).toHaveLength(1);

    // The one ahead keeps its place: nothing is sent during its pause.
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_PAUSE_MS - 1);
    expect(api.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(api.sent).toHaveLength(2);
    expect(statuses()[0]).toBe('Lucía:paused');
    // The second pause is longer than the first.
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_PAUSE_MS);
    expect(api.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_PAUSE_MS);
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:saved', 'Hans:saved']));

    expect(api.sent.map((call) => call.key)).toEqual([
      attempt.key,
      attempt.key,
      attempt.key,
      later.attempt.key,
    ]);
    // One traveler for Lucía, whatever the number of sends.
    expect(api.registered.size).toBe(2);
  });

  it('"Retry now" sends a paused registration at once', async () => {
    const api = server(['unreached', 'ok']);
    const { id } = queue('Lucía', api.calls);
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:paused']));
    retryNow(id);
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:saved']));
    expect(api.sent).toHaveLength(2);
  });

  it('a refusal (4xx) waits for the desk and the next registration goes on; a server error is retried', async () => {
    const refusal = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      details: [{ field: 'passportNumber', message: 'Invalid document number' }],
    });
    const busy = new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Busy' });
    const api = server([refusal, busy]);
    queue('Lucía', api.calls);
    queue('Hans', api.calls);
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:attention', 'Hans:paused']));
    expect(sendQueue.getState()[0]?.error).toBe(refusal);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_PAUSE_MS);
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:attention', 'Hans:saved']));
    // The refused one is not sent again by itself; it still counts as unsaved.
    await vi.advanceTimersByTimeAsync(10 * FIRST_RETRY_PAUSE_MS);
    expect(api.sent.map((call) => call.firstName)).toEqual(['Lucía', 'Hans', 'Hans']);
    expect(unsavedRegistrations()).toBe(1);
  });

  it('waits while the session is renewed, and forgets everything once the user signs out', async () => {
    const api = server(['unreached', 'ok']);
    queue('Lucía', api.calls);
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:paused']));
    // The session ended (a 401 told the API client): nothing is sent without one.
    markSessionEnded();
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_PAUSE_MS);
    expect(api.sent).toHaveLength(1);
    // Logged in again as the same user: the queue goes on.
    authStore.setSession(sampleUser, { remember: true });
    await vi.waitFor(() => expect(statuses()).toEqual(['Lucía:saved']));

    // Refused because the session ended meanwhile: it waits for the login dialog, in its place.
    const ended = new ApiError({ status: 401, code: 'SESSION_EXPIRED', message: 'Expired' });
    const renewing = server([ended, 'ok']);
    const create = renewing.calls.create;
    let first = true;
    const calls = {
      ...renewing.calls,
      create: (body: CreateTravelerInput, key: string) => {
        if (first) {
          // What the API client does on such an answer: the session ends, the dialog opens.
          first = false;
          markSessionEnded();
          sessionRenewal.request({
            email: sampleUser.email,
            onRenewed: () => {},
            onCancel: () => {},
          });
        }
        return create(body, key);
      },
    };
    queue('Erika', calls);
    await settle();
    expect(statuses()).toEqual(['Lucía:saved', 'Erika:waiting']);
    expect(renewing.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10 * FIRST_RETRY_PAUSE_MS);
    expect(renewing.sent).toHaveLength(1);
    sessionRenewal.renewed(sampleUser);
    authStore.setSession(sampleUser, { remember: true });
    // (Lucía's saved notice has left the indicator meanwhile.)
    await vi.waitFor(() => expect(statuses()).toEqual(['Erika:saved']));
    expect(renewing.sent.map((call) => call.key)).toEqual([
      renewing.sent[0]?.key,
      renewing.sent[0]?.key,
    ]);

    queue('Hans', { create: vi.fn(() => new Promise<Traveler>(() => {})), update: vi.fn() });
    expect(unsavedRegistrations()).toBe(1);
    authStore.clear();
    expect(sendQueue.getState()).toEqual([]);
  });
});
