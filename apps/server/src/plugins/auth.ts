import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@hospes/shared/auth';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/crypto';
import { createSessionsRepository } from '../modules/users/users.repository';

export interface Actor {
  id: string;
  sessionId: string;
  role: Role;
  name: string;
  email: string;
}

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
export const authPlugin = fp<{ db: Db }>(async (app, { db }) => {
  const sessions = createSessionsRepository(db);
  app.decorateRequest('actor', null);

  async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (!header) throw new AppError('UNAUTHENTICATED');
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
    if (!match) throw new AppError('SESSION_EXPIRED');
    const found = await sessions.findLive(hashToken(match[1]!), new Date());
    if (!found || !found.user.isActive) throw new AppError('SESSION_EXPIRED');
    request.actor = {
      id: found.user.id,
      sessionId: found.session.id,
      role: found.user.role,
      name: found.user.name,
      email: found.user.email,
    };
  }

  app.decorate('requireUser', async (request: FastifyRequest) => {
    await authenticate(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await authenticate(request);
    if (request.actor?.role !== 'admin') throw new AppError('FORBIDDEN');
  });
});
