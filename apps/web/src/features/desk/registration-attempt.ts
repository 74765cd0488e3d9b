import type { CreateTravelerInput, Traveler, UpdateTravelerInput } from '@hospes/shared/travelers';
import { normaliseSearchText } from '@hospes/shared/search';
import { compactId } from '@hospes/shared/spanish-ids';
import { isApiError } from '@/lib/api-client';
import { newRegistrationKey } from '@/features/traveler/api/create-traveler';
import { toUpdateInput } from '@/features/traveler/form-model';

/**
 * One new registration at the desk, from the first "Save" until one is answered with the traveler
 * (decision 020, later changes of 2026-11-23). Its `Idempotency-Key` stays the same whatever is
 * edited in between: after a send whose answer was lost the traveler may well be registered, and
 * a new key would register them a second time, with a second report number.
 */
export interface RegistrationAttempt {
  readonly key: string;
  /**
   * What was sent with the key without an answer (no connection, a timeout, a 5xx): the server
   * may have registered one of these. A 4xx answer says nothing was written.
   */
  unanswered: { input: CreateTravelerInput; json: string }[];
  /** The traveler the key registered, once an answer named it, and the data they now have. */
  registered: { pilgrim: Traveler; input: CreateTravelerInput } | null;
}

export function newRegistrationAttempt(): RegistrationAttempt {
  return { key: newRegistrationKey(), unanswered: [], registered: null };
}

/**
 * Whether two sends are about the same traveler, one perhaps corrected: the same document number,
 * or the same name, first surname and date of birth (a corrected document number; twins differ in
 * their names).
 */
export function samePerson(a: CreateTravelerInput, b: CreateTravelerInput): boolean {
  const documentA = compactId(a.passportNumber ?? '');
  if (documentA && documentA === compactId(b.passportNumber ?? '')) return true;
  const same = (x: string, y: string) => normaliseSearchText(x) === normaliseSearchText(y);
  return (
    !!a.dateOfBirth &&
    a.dateOfBirth === b.dateOfBirth &&
    same(a.firstName, b.firstName) &&
    same(a.lastName, b.lastName)
  );
}

/**
 * The attempt to send `input` with: the current one while it is about the same traveler, a new one
 * (a new key) for someone else (the first traveler left, the form was filled in again for the
 * next one): correcting a phone number updates the traveler an earlier send registered, typing
 * another person in registers them.
 */
export function attemptFor(
  current: RegistrationAttempt | null,
  input: CreateTravelerInput,
): RegistrationAttempt {
  if (!current) return newRegistrationAttempt();
  const sent = [
    ...current.unanswered.map((earlier) => earlier.input),
    ...(current.registered ? [current.registered.input] : []),
  ];
  if (sent.length > 0 && !sent.some((earlier) => samePerson(earlier, input))) {
    return newRegistrationAttempt();
  }
  return current;
}

export interface RegistrationCalls {
  create: (input: CreateTravelerInput, key: string) => Promise<Traveler>;
  update: (id: string, input: UpdateTravelerInput) => Promise<Traveler>;
}

/** Whether a failed send may have been written: no answer, or one that is not a refusal (4xx). */
function outcomeUnknown(error: unknown): boolean {
  return !isApiError(error) || error.status < 400 || error.status >= 500;
}

const keyReused = (error: unknown) => isApiError(error) && error.code === 'IDEMPOTENCY_KEY_REUSED';

/**
 * Sends a registration with the attempt's key. The server answers a key it has already registered
 * with other data by 422 IDEMPOTENCY_KEY_REUSED: the traveler was saved by an earlier send whose
 * answer was lost, and the user has edited the form since. That send is then repeated as it was
 * (the server answers its traveler, writing nothing) and the traveler is updated with what the
 * form holds now: one traveler, one report number, with the data last saved.
 */
export async function saveRegistration(
  attempt: RegistrationAttempt,
  input: CreateTravelerInput,
  calls: RegistrationCalls,
): Promise<Traveler> {
  if (attempt.registered) return updateRegistered(attempt, attempt.registered, input, calls);
  try {
    const pilgrim = await calls.create(input, attempt.key);
    attempt.registered = { pilgrim, input };
    return pilgrim;
  } catch (error) {
    if (outcomeUnknown(error)) remember(attempt, input);
    if (!keyReused(error)) throw error;
    const registered = await findRegistered(attempt, calls);
    if (!registered) throw error;
    attempt.registered = registered;
    return updateRegistered(attempt, registered, input, calls);
  }
}

function remember(attempt: RegistrationAttempt, input: CreateTravelerInput): void {
  const json = JSON.stringify(input);
  if (!attempt.unanswered.some((sent) => sent.json === json)) {
    attempt.unanswered.push({ input, json });
  }
}

/**
 * The traveler an earlier send registered with the key: each unanswered send is repeated, oldest
 * (most likely the one that arrived) first, until the server answers one with its traveler. A send
 * that gets no answer again stops the search (the next "Save" takes it up).
 */
async function findRegistered(
  attempt: RegistrationAttempt,
  calls: RegistrationCalls,
): Promise<RegistrationAttempt['registered']> {
  for (const sent of [...attempt.unanswered]) {
    try {
      const pilgrim = await calls.create(sent.input, attempt.key);
      return { pilgrim, input: sent.input };
    } catch (error) {
      if (keyReused(error)) {
        attempt.unanswered = attempt.unanswered.filter((other) => other !== sent);
        continue;
      }
      throw error;
    }
  }
  return null;
}

/** Updates the registered traveler with the form's data; photos it already has are not sent again. */
async function updateRegistered(
  attempt: RegistrationAttempt,
  registered: NonNullable<RegistrationAttempt['registered']>,
  input: CreateTravelerInput,
  calls: RegistrationCalls,
): Promise<Traveler> {
  const update = toUpdateInput(input);
  for (const image of ['frontDocImage', 'backDocImage', 'signatureImage'] as const) {
    if (update[image] && update[image] === registered.input[image]) delete update[image];
  }
  const pilgrim = await calls.update(registered.pilgrim.id, update);
  attempt.registered = { pilgrim, input };
  return pilgrim;
}
