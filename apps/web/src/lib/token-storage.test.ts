import { afterEach, describe, expect, it } from 'vitest';
import { readCookie } from './cookies';
import { getToken, removeToken, setToken } from './token-storage';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';

describe('token storage (spec §7)', () => {
  afterEach(() => removeToken());

  it('keeps a remembered token in the auth_token cookie and in localStorage', () => {
    setToken(TOKEN, { remember: true });
    expect(readCookie('auth_token')).toBe(TOKEN);
    expect(localStorage.getItem('auth_token')).toBe(TOKEN);
    expect(sessionStorage.getItem('auth_token')).toBeNull();
    expect(getToken()).toBe(TOKEN);
  });

  it('keeps a not-remembered token only for the browser session', () => {
    setToken(TOKEN, { remember: false });
    expect(sessionStorage.getItem('auth_token')).toBe(TOKEN);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(getToken()).toBe(TOKEN);
  });

  it('falls back from the cookie to localStorage and restores the cookie', () => {
    setToken(TOKEN, { remember: true });
    document.cookie = 'auth_token=; Path=/; Max-Age=0';
    expect(readCookie('auth_token')).toBeNull();

    expect(getToken()).toBe(TOKEN);
    expect(readCookie('auth_token')).toBe(TOKEN);
  });

  it('falls back to sessionStorage too', () => {
    setToken(TOKEN, { remember: false });
    document.cookie = 'auth_token=; Path=/; Max-Age=0';

    expect(getToken()).toBe(TOKEN);
    expect(readCookie('auth_token')).toBe(TOKEN);
  });

  it('prefers the cookie over storage', () => {
    localStorage.setItem('auth_token', 'older-token-older-token-older');
    document.cookie = `auth_token=${TOKEN}; Path=/`;
    expect(getToken()).toBe(TOKEN);
  });

  it('removes the token everywhere', () => {
    setToken(TOKEN, { remember: true });
    sessionStorage.setItem('auth_token', TOKEN);
    removeToken();
    expect(getToken()).toBeNull();
    expect(readCookie('auth_token')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(sessionStorage.getItem('auth_token')).toBeNull();
  });

  it('writes the cookie with SameSite=Strict and a one-day lifetime when remembered', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor.get!.call(document),
      set: (value: string) => {
        writes.push(value);
        descriptor.set!.call(document, value);
      },
    });
    try {
      setToken(TOKEN, { remember: true });
      setToken(TOKEN, { remember: false });
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(writes[0]).toMatch(/^auth_token=.+; Path=\/; SameSite=Strict; Max-Age=86400$/);
    expect(writes[1]).toMatch(/^auth_token=.+; Path=\/; SameSite=Strict$/);
  });
});
