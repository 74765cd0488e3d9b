import type { FastifyRequest } from 'fastify';
import type { AuditContext } from './audit.repository';

/** Who acts and from where, for the audit log: the signed-in user, the request id, the address. */
export function auditContext(
  request: FastifyRequest,
): AuditContext & { lng: FastifyRequest['lng'] } {
  return {
    actorId: request.actor?.id ?? null,
    requestId: request.id,
    ip: request.ip,
    lng: request.lng,
  };
}
