import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Permission } from '@hospes/shared/team';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/crypto';
import { API_KEY_PREFIX } from '@hospes/shared/api-keys';
import { apiKeyMayCall } from './permissions';
import { DEVICE_TOKEN_DAYS } from '../lib/device-trust';
import type { SessionActor, SessionCache } from '../modules/users/session-cache';
import { createSessionsRepository } from '../modules/users/users.repository';

export type Actor = SessionActor & {
  /** The permission the request's route declares (plugins/permissions.ts): it narrows the scope. */
  permission?: Permission;
  /**
   * Set when an API key makes the request (decision 068): the actor is then the key's principal
   * (`id`), named as the key, a member of this establishment only, with the key's permissions.
   */
  apiKey?: { id: string; establishmentId: string; name: string };
};

/** Authenticates an API key (modules/api-keys): its actor, or an AppError (401, 403, 429). */
export interface ApiKeyAuthenticator {
  authenticate(secret: string, routeAllowed: boolean): Promise<Actor>;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /**
     * How the actor came: a session's token in an `Authorization: Bearer` header or the session
     * cookie, or an API key (`Authorization: Bearer hsp_live_…`, decision 068).
     */
    authenticatedBy: 'bearer' | 'cookie' | 'apiKey' | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyReply {
    /**
     * Gives the browser the session as an HttpOnly cookie: until `expiresAt`, or for the browser
     * session only when `persistent` is false.
     */
    setSessionCookie: (token: string, options: { expiresAt: Date; persistent: boolean }) => void;
    clearSessionCookie: () => void;
    /** Keeps this login's device token in the HttpOnly device cookie, under its account. */
    rememberDeviceToken: (email: string, token: string) => void;
  }
  interface FastifyRequest {
    /** The device token the device cookie holds for this account, if any. */
    deviceTokenFromCookie: (email: string) => string | undefined;
  }
}

/** The signed-in actor of a request; throws 401 without one (use after requireUser). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

/** The header a cookie-authenticated unsafe request carries its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;
/** Accounts whose device tokens one browser keeps (a shared desk tablet). */
const MAX_DEVICE_ACCOUNTS = 10;
const DEVICE_COOKIE_PATH = '/api/auth/login';

/**
 * The cookies' names. With `Secure`, the `__Host-` prefix (Path=/, no Domain) and `__Secure-`
 * make browsers refuse the same name set by a sibling subdomain or over plain HTTP.
 */
export function cookieNames(secure: boolean) {
  return {
    session: secure ? '__Host-hospes_session' : 'hospes_session',
    csrf: secure ? '__Host-hospes_csrf' : 'hospes_csrf',
    device: secure ? '__Secure-hospes_device' : 'hospes_device',
  };
}

/** The device cookie's key of an account: a short digest of its login e-mail, not the e-mail. */
const accountSlot = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 16);

/** `slot.token~slot.token…`, most recently used last; unreadable entries are dropped. */
function readDeviceCookie(value: string | undefined): Array<[string, string]> {
  if (!value) return [];
  return value
    .split('~')
    .slice(-MAX_DEVICE_ACCOUNTS)
    .map((entry) => {
      const dot = entry.indexOf('.');
      return [entry.slice(0, dot), entry.slice(dot + 1)] as [string, string];
    })
    .filter(([slot, token]) => /^[A-Za-z0-9_-]{16}$/.test(slot) && /^[\w.-]{1,200}$/.test(token));
}

interface AuthPluginOptions {
  db: Db;
  sessionCache: SessionCache;
  cookieSecure: boolean;
  /** API keys (decision 068): a bearer token with their prefix is checked by them. */
  apiKeys: ApiKeyAuthenticator;
}

/**
 * Sessions: an opaque random token; the database keeps only its SHA-256, an expiry and a
 * revocation time. It comes as `Authorization: Bearer` (API clients) or as the HttpOnly session
 * cookie the login set (the web app). An unsafe request authenticated by the cookie must carry the
 * CSRF token (`X-CSRF-Token`, from GET /api/auth/csrf-token) or is refused 403
 * CSRF_TOKEN_INVALID before anything runs; a bearer header needs none, since no other site can
 * make a browser send one (docs/decisions/050-session-cookie-and-csrf.md).
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, { db, sessionCache, cookieSecure, apiKeys }) => {
    const sessions = createSessionsRepository(db, sessionCache);
    const names = cookieNames(cookieSecure);
    const base: CookieSerializeOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: cookieSecure,
    };

    await app.register(cookie);
    await app.register(csrfProtection, {
      sessionPlugin: '@fastify/cookie',
      cookieKey: names.csrf,
      // A cookie of the browser session; the token itself is asked for again on each page load.
      cookieOpts: base,
      getToken: (request) => {
        const value = request.headers[CSRF_HEADER];
        return typeof value === 'string' ? value : undefined;
      },
      logLevel: 'info',
    });

    app.decorateRequest('actor', null);
    app.decorateRequest('authenticatedBy', null);
    app.decorateReply('setSessionCookie', function (this: FastifyReply, token, options) {
      this.setCookie(names.session, token, {
        ...base,
        ...(options.persistent ? { expires: options.expiresAt } : {}),
      });
    });
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      this.clearCookie(names.session, base);
    });
    app.decorateRequest('deviceTokenFromCookie', function (this: FastifyRequest, email: string) {
      const slot = accountSlot(email);
      return readDeviceCookie(this.cookies[names.device]).find(([s]) => s === slot)?.[1];
    });
    app.decorateReply('rememberDeviceToken', function (this: FastifyReply, email, token) {
      const slot = accountSlot(email);
      const others = readDeviceCookie(this.request.cookies[names.device]).filter(
        ([s]) => s !== slot,
      );
      const entries = [...others.slice(-(MAX_DEVICE_ACCOUNTS - 1)), [slot, token]];
      this.setCookie(names.device, entries.map(([s, t]) => `${s}.${t}`).join('~'), {
        ...base,
        path: DEVICE_COOKIE_PATH,
        maxAge: DEVICE_TOKEN_DAYS * 24 * 60 * 60,
      });
    });

    function presentedToken(request: FastifyRequest): string {
      const header = request.headers.authorization;
      if (header) {
        const match = /^Bearer\s+(\S+)$/.exec(header.trim());
        if (!match || !TOKEN_PATTERN.test(match[1]!)) throw new AppError('SESSION_EXPIRED');
        request.authenticatedBy = 'bearer';
        return match[1]!;
      }
      const fromCookie = request.cookies[names.session];
      if (!fromCookie) throw new AppError('UNAUTHENTICATED');
      request.authenticatedBy = 'cookie';
      if (!TOKEN_PATTERN.test(fromCookie)) throw new AppError('SESSION_EXPIRED');
      return fromCookie;
    }

    async function authenticate(request: FastifyRequest, reply: FastifyReply) {
      const token = presentedToken(request);
      if (request.authenticatedBy === 'bearer' && token.startsWith(API_KEY_PREFIX)) {
        request.authenticatedBy = 'apiKey';
        request.actor = await apiKeys.authenticate(token, apiKeyMayCall(request));
        return;
      }
      const tokenHash = hashToken(token);
      let session = sessionCache.get(tokenHash);
      if (!session) {
        const generation = sessionCache.generation();
        const found = await sessions.findLive(tokenHash);
        if (!found || !found.isActive) {
          // A cookie of an ended session is of no more use: the browser drops it.
          if (request.authenticatedBy === 'cookie') reply.clearSessionCookie();
          throw new AppError('SESSION_EXPIRED');
        }
        session = Object.freeze({
          id: found.userId,
          sessionId: found.sessionId,
          role: found.role,
          name: found.name,
          email: found.email,
        });
        sessionCache.set(tokenHash, session, found.expiresAt, generation);
      }
      request.actor = session;
    }

    // After the route's onRequest authentication, before its body is validated or anything runs.
    app.addHook('preValidation', (request, reply, done) => {
      if (request.authenticatedBy === 'cookie' && !SAFE_METHODS.has(request.method)) {
        app.csrfProtection(request, reply, done);
        return;
      }
      done();
    });

    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      await authenticate(request, reply);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await authenticate(request, reply);
      if (request.actor?.role !== 'admin') throw new AppError('FORBIDDEN');
    });
  },
);
