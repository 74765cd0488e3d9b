import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Who acts and from where: the signed-in user, the request id and the client address. */
export interface AuditContext {
  actorId: string | null;
  requestId: string | null;
  ip: string | null;
}

export const AUDIT_ACTIONS = [
  'establishment.created',
  'establishment.updated',
  'establishment.deleted',
  'pilgrim.created',
  'pilgrim.self_registered',
  'pilgrim.self_registration_confirmed',
  'establishment.checkin_link_created',
  'establishment.checkin_link_renewed',
  'establishment.checkin_link_revoked',
  'pilgrim.updated',
  'pilgrim.deleted',
  'pilgrim.document_viewed',
  'pilgrim.pdf_generated',
  'pilgrim.pdf_emailed',
  'pilgrims.exported',
  'establishment.ses_file_generated',
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'user.password_reset_sent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  action: AuditAction;
  entityType: 'establishment' | 'pilgrim' | 'user';
  /** null for an action on many records (an export). */
  entityId: string | null;
  establishmentId: string | null;
  /** Ids and field names only: never a traveler's personal data. */
  details?: Record<string, unknown>;
}

/**
 * The audit log: one row per change or document view, written in the same transaction as the
 * change it records.
 */
export function createAuditRepository(db: Db) {
  return {
    async record(context: AuditContext, entries: AuditEntry | AuditEntry[], tx: Db = db) {
      const list = Array.isArray(entries) ? entries : [entries];
      if (list.length === 0) return;
      await tx.insert(auditLog).values(
        list.map((entry) => ({
          actorUserId: context.actorId,
          requestId: context.requestId?.slice(0, 64) ?? null,
          ip: context.ip?.slice(0, 64) ?? null,
          action: entry.action,
          entityType: entry.entityType,
          entityId: entry.entityId,
          establishmentId: entry.establishmentId,
          details: entry.details ?? null,
        })),
      );
    },
    /** The entries about one record, oldest first. */
    async forEntity(entityType: AuditEntry['entityType'], entityId: string, tx: Db = db) {
      return tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
        .orderBy(asc(auditLog.at), asc(auditLog.id));
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
