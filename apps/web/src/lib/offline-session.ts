import type { User } from '@hospes/shared/auth';
import type { Membership } from '@hospes/shared/team';
import { STORAGE_KEYS } from '@/config/constants';
import { local } from './storage';

/**
 * What this device keeps of the signed-in user so that the desk opens without a connection
 * (decision 073): the user and their memberships as the server last gave them, and copies of the
 * few answers the desk needs to show its form (the establishments it registers at). Written after
 * every answer of the server that carries them; removed at sign-out, when the server says the
 * session has ended, and when another user signs in (the record is one user's, whole).
 *
 * It is not a session: nothing is sent on its strength. The app shows the user from it only when
 * the server cannot be reached, and asks the server again as soon as the connection returns.
 * The registrations themselves are kept encrypted by the send queue (decision 059).
 */
export interface OfflineSession {
  readonly user: User;
  readonly memberships: Membership[];
  /** Copies of answers the desk needs offline, by name (see keepForOffline). */
  readonly kept: Readonly<Record<string, unknown>>;
}

function read(): OfflineSession | null {
  const raw = local.get(STORAGE_KEYS.offlineSession);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<OfflineSession> | null;
    if (!parsed?.user || typeof parsed.user.id !== 'string') return null;
    return {
      user: parsed.user,
      memberships: Array.isArray(parsed.memberships) ? parsed.memberships : [],
      kept: parsed.kept && typeof parsed.kept === 'object' ? parsed.kept : {},
    };
  } catch {
    return null;
  }
}

function write(session: OfflineSession): void {
  local.set(STORAGE_KEYS.offlineSession, JSON.stringify(session));
}

/** The user this device last saw signed in, or null. */
export function offlineSession(): OfflineSession | null {
  return read();
}

/** The server has just said who is signed in: kept (another user's record is replaced whole). */
export function rememberOfflineSession(user: User, memberships?: Membership[]): void {
  const before = read();
  const same = before?.user.id === user.id;
  write({
    user,
    memberships: memberships ?? (same ? before.memberships : []),
    kept: same ? before.kept : {},
  });
}

/** Signed out, or the session ended: nothing of the user stays on the device. */
export function forgetOfflineSession(): void {
  local.remove(STORAGE_KEYS.offlineSession);
}

/** Keeps a copy of an answer the desk needs offline, for the user `userId` (else nothing). */
export function keepForOffline(userId: string | undefined, name: string, value: unknown): void {
  const session = read();
  if (!session || !userId || session.user.id !== userId) return;
  write({ ...session, kept: { ...session.kept, [name]: value } });
}

/** The copy kept for `userId` under `name`, or undefined. */
export function keptForOffline<T>(userId: string | undefined, name: string): T | undefined {
  const session = read();
  if (!session || !userId || session.user.id !== userId) return undefined;
  return session.kept[name] as T | undefined;
}
