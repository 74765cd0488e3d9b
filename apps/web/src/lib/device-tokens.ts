import { STORAGE_KEYS } from '@/config/constants';
import { local } from './storage';

/**
 * The device tokens this browser got from its logins, by account (login e-mail, lower case):
 * sent with the next login of the same account, so that wrong passwords typed elsewhere do not
 * lock this browser out (the server's decision 004). A token is no credential: without the
 * password it opens nothing.
 */
const KEY = STORAGE_KEYS.devices;
/** Accounts remembered at most (a shared desk tablet); the least recently used go first. */
const MAX_ACCOUNTS = 10;

function read(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(local.get(KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

export function deviceTokenFor(email: string): string | undefined {
  return read()[email.trim().toLowerCase()];
}

export function rememberDeviceToken(email: string, token: string | undefined): void {
  if (!token) return;
  const account = email.trim().toLowerCase();
  const others = Object.entries(read()).filter(([key]) => key !== account);
  local.set(
    KEY,
    JSON.stringify(Object.fromEntries([...others.slice(-(MAX_ACCOUNTS - 1)), [account, token]])),
  );
}
