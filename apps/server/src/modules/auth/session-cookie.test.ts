/**
 * The browser's session transport (decision 050): the HttpOnly session cookie the login sets, the
 * CSRF token its unsafe requests need, bearer tokens unchanged, and the device cookie.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/crypto';
import { linkIn } from '../../../test/smtp';
import { registrationBody } from '../../../test/factories';
import {
  APP_URL,
  bearer,
  createTestContext,
  freshAddress,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ loginLockFailures: 5 });
});
afterAll(async () => {
  await ctx?.close();
});

type Owner = Awaited<ReturnType<typeof registerVerifiedOwner>>;

function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

async function logIn(owner: Owner, extra: object = {}, cookies: Record<string, string> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: owner.email, password: owner.password, ...extra },
    remoteAddress: freshAddress(),
    cookies,
  });
  expect(res.statusCode).toBe(200);
  return res;
}

/** A signed-in browser: its session cookie, and the CSRF cookie and token it asked for. */
async function browser(owner: Owner) {
  const login = await logIn(owner);
  const session = cookieOf(login, 'hospes_session')!.value;
  const csrf = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/csrf-token',
    cookies: { hospes_session: session },
  });
  expect(csrf.statusCode).toBe(200);
  return {
    session,
    token: csrf.json<{ token: string }>().token,
    cookies: { hospes_session: session, hospes_csrf: cookieOf(csrf, 'hospes_csrf')!.value },
  };
}

const nameOf = async (userId: string) =>
  (await ctx.database.db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]!
    .name;

describe('the session cookie', () => {
  it('is set by the login as HttpOnly, SameSite=Strict, Path=/, for the session’s 24 hours', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const res = await logIn(owner);
    const token = res.json<{ token: string }>().token;
    const cookie = cookieOf(res, 'hospes_session');
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Strict', path: '/' });
    // Not Secure: this app's APP_URL is http (COOKIE_SECURE unset).
    expect(cookie?.secure).toBeUndefined();
    const [row] = await ctx.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(Math.abs(cookie!.expires!.getTime() - row!.expiresAt.getTime())).toBeLessThan(5_000);
  });

  it('lasts the browser session only when the login says remember: false', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const cookie = cookieOf(await logIn(owner, { remember: false }), 'hospes_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.maxAge).toBeUndefined();
  });

  it('is set by the e-mail verification’s auto-login too', async () => {
    const body = registrationBody();
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register-establishment',
      payload: body,
      remoteAddress: freshAddress(),
    });
    expect(registered.statusCode).toBe(201);
    const mail = await ctx.smtp.waitFor(body.account.email, { subject: /confirm|confirme/i });
    const link = new URL(linkIn(mail, `${APP_URL}/verify-email`)).searchParams.get('token')!;
    const verified = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify?token=${encodeURIComponent(link)}`,
    });
    expect(verified.statusCode).toBe(200);
    const cookie = cookieOf(verified, 'hospes_session');
    expect(cookie).toMatchObject({
      value: verified.json<{ token: string }>().token,
      httpOnly: true,
      sameSite: 'Strict',
    });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { hospes_session: cookie!.value },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: body.account.email } });
  });

  it('authenticates GET requests on its own, and a missing or ended one answers 401', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const { session } = await browser(owner);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { hospes_session: session },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { id: owner.userId } });

    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { hospes_session: 'x'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ success: false, code: 'SESSION_EXPIRED' });
    // The browser is told to drop a cookie that no longer opens anything.
    expect(cookieOf(unknown, 'hospes_session')).toMatchObject({ value: '' });
    expect(cookieOf(unknown, 'hospes_session')!.expires!.getTime()).toBeLessThan(Date.now());
  });

  it('is Secure and named __Host- when COOKIE_SECURE is on, and the plain name is not read', async () => {
    const secure = await createTestContext({ cookieSecure: true });
    try {
      const owner = await registerVerifiedOwner(secure);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: owner.password },
        remoteAddress: freshAddress(),
      });
      const cookie = cookieOf(res, '__Host-hospes_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(cookieOf(res, '__Secure-hospes_device')).toMatchObject({
        secure: true,
        path: '/api/auth/login',
      });
      const me = (cookies: Record<string, string>) =>
        secure.app.inject({ method: 'GET', url: '/api/auth/me', cookies });
      expect((await me({ '__Host-hospes_session': cookie!.value })).statusCode).toBe(200);
      expect((await me({ hospes_session: cookie!.value })).statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });
});

describe('CSRF protection of cookie-authenticated unsafe requests', () => {
  it('refuses a change without the token (403, envelope, nothing changed) and accepts it with the token', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const before = await nameOf(owner.userId);
    const { token, cookies } = await browser(owner);
    const put = (headers: Record<string, string>, withCookies: Record<string, string> = cookies) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/auth/me?lng=en',
        payload: { name: 'Renamed By Cookie' },
        cookies: withCookies,
        headers,
      });

    for (const refused of [
      await put({}),
      await put({ 'x-csrf-token': 'not-a-token' }),
      // A token in another header or without the CSRF cookie does not count either.
      await put({ 'csrf-token': token }),
      await put({ 'x-csrf-token': token }, { hospes_session: cookies.hospes_session }),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'CSRF_TOKEN_INVALID',
        message: expect.stringMatching(/security token/),
        requestId: expect.any(String),
      });
    }
    expect(await nameOf(owner.userId)).toBe(before);

    const accepted = await put({ 'x-csrf-token': token });
    expect(accepted.statusCode).toBe(200);
    expect(await nameOf(owner.userId)).toBe('Renamed By Cookie');
  });

  it('needs no token with a bearer header, even when a session cookie comes too', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const { session } = await browser(owner);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      payload: { name: 'Renamed By Bearer' },
      headers: bearer(owner.token),
      cookies: { hospes_session: session },
    });
    expect(res.statusCode).toBe(200);
    expect(await nameOf(owner.userId)).toBe('Renamed By Bearer');
  });

  it('leaves public calls alone: a login or a forgotten password needs no token, cookie or not', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const { session } = await browser(owner);
    await logIn(owner, {}, { hospes_session: session });
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.email },
      remoteAddress: freshAddress(),
      cookies: { hospes_session: session },
    });
    expect(forgot.statusCode).toBe(200);
  });

  it('gives a token to anyone, setting the HttpOnly cookie it is checked against once', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/auth/csrf-token' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, token: expect.any(String) });
    expect(first.headers['cache-control']).toBe('no-store');
    const secret = cookieOf(first, 'hospes_csrf');
    expect(secret).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/csrf-token',
      cookies: { hospes_csrf: secret!.value },
    });
    expect(cookieOf(again, 'hospes_csrf')).toBeUndefined();
  });
});

describe('logging out with the cookie', () => {
  it('revokes the session and clears the cookie', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const { session, token, cookies } = await browser(owner);
    const withoutToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies,
    });
    expect(withoutToken.statusCode).toBe(403);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies,
      headers: { 'x-csrf-token': token },
    });
    expect(res.statusCode).toBe(200);
    const cleared = cookieOf(res, 'hospes_session');
    expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true, sameSite: 'Strict' });
    expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());
    const [row] = await ctx.database.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(session)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { hospes_session: session },
    });
    expect(me.statusCode).toBe(401);
  });
});

describe('the device cookie', () => {
  it('keeps the device token HttpOnly on the login path, and lets that browser in while the account is locked', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const desk = '198.51.100.50';
    const login = (password: string, remoteAddress: string, cookies: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password },
        remoteAddress,
        cookies,
      });
    const first = await login(owner.password, desk);
    const device = cookieOf(first, 'hospes_device');
    expect(device).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth/login',
      maxAge: 180 * 24 * 60 * 60,
    });
    expect(device!.value).toContain(first.json<{ deviceToken: string }>().deviceToken);

    for (let i = 0; i < 5; i++) {
      expect((await login(`guess-${i}-pw`, freshAddress())).statusCode).toBe(401);
    }
    expect((await login(owner.password, desk)).statusCode).toBe(429);
    const known = await login(owner.password, desk, { hospes_device: device!.value });
    expect(known.statusCode).toBe(200);
  });

  it('keeps the tokens of up to ten accounts, one each', async () => {
    const owners = await Promise.all(Array.from({ length: 3 }, () => registerVerifiedOwner(ctx)));
    let value: string | undefined;
    for (const owner of [...owners, owners[0]!]) {
      const res = await logIn(owner, {}, value ? { hospes_device: value } : {});
      value = cookieOf(res, 'hospes_device')!.value;
    }
    const entries = value!.split('~');
    expect(entries).toHaveLength(3);
    // The account that signed in last is last.
    expect(entries.at(-1)).toMatch(/^[\w-]{16}\.\d+\.[\w-]+\.[\w-]+$/);
    expect(value).not.toContain(owners[0]!.email);
  });
});
