import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/crypto';
import type { SessionActor, SessionCache } from '../modules/users/session-cache';
import { createSessionsRepository } from '../modules/users/users.repository';

export type Actor = SessionActor;

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in actor of a request; throws 401 without one (use after requireUser). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

/**
 * Bearer sessions: an opaque random token; the database keeps only its SHA-256, an expiry and a
 * revocation time. Cookies are not read, so no request is authenticated by the browser alone.
 */
export const authPlugin = fp<{ db: Db; sessionCache: SessionCache }>(
  async (app, { db, sessionCache }) => {
    const sessions = createSessionsRepository(db, sessionCache);
    app.decorateRequest('actor', null);

    async function authenticate(request: FastifyRequest) {
      const header = request.headers.authorization;
      if (!header) throw new AppError('UNAUTHENTICATED');
      const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
      if (!match) throw new AppError('SESSION_EXPIRED');
      const tokenHash = hashToken(match[1]!);
      let session = sessionCache.get(tokenHash);
      if (!session) {
        const generation = sessionCache.generation();
        const found = await sessions.findLive(tokenHash);
        if (!found || !found.isActive) throw new AppError('SESSION_EXPIRED');
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

    app.decorate('requireUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await authenticate(request);
      if (request.actor?.role !== 'admin') throw new AppError('FORBIDDEN');
    });
  },
);
