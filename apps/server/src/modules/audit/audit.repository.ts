import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { inScope, type Scope } from '../../db/scope';

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
  'pilgrim.documents_deleted',
  'pilgrim.pdf_generated',
  'pilgrim.pdf_emailed',
  'pilgrims.exported',
  'establishment.ses_file_generated',
  'establishment.ses_sent',
  'pilgrim.ses_cancelled',
  'establishment.ses_connection_changed',
  'establishment.ses_schedule_changed',
  'establishment.mossos_file_generated',
  'establishment.mossos_file_uploaded',
  'establishment.mossos_file_upload_undone',
  'establishment.authority_changed',
  'pilgrim.authority_uploaded',
  'pilgrim.authority_upload_undone',
  'establishment.a19_certificate_changed',
  'establishment.document_photos_deleted',
  'establishment.declaration_signed',
  'establishment.declaration_downloaded',
  'user.role_changed',
  'user.deactivated',
  'user.reactivated',
  'user.password_reset_sent',
  'user.email_changed',
  'member.invited',
  'member.invitation_resent',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'member.role_created',
  'member.role_updated',
  'member.role_deleted',
  'platform.settings_changed',
  // Reservations (decision 066): by whom (the actor) or by which calendar (`details.feedId`).
  'reservation.created',
  'reservation.updated',
  'reservation.cancelled',
  'reservation.checkin_link_sent',
  'reservation.checkin_reminder_sent',
  // API keys (decision 068); what a key does is audited as any member's, with the key as actor.
  'api_key.created',
  'api_key.revoked',
  // The reservation report (RH) of a reservation sent, or its cancellation (decision 071).
  'reservation.ses_sent',
  'reservation.ses_cancel_sent',
  // Webhooks (decision 069): the endpoint's id in `details.webhookId`.
  'establishment.webhook_created',
  'establishment.webhook_updated',
  'establishment.webhook_deleted',
  'establishment.webhook_secret_rotated',
  'establishment.webhook_paused',
  'establishment.webhook_resumed',
  'establishment.webhook_replayed',
  // Plans and billing (decision 070): a plan a platform admin gave by hand.
  'billing.plan_granted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  action: AuditAction;
  entityType: 'establishment' | 'pilgrim' | 'user' | 'platform' | 'reservation' | 'api_key';
  /** null for an action on many records (an export). */
  entityId: string | null;
  establishmentId: string | null;
  /** Ids and field names only: never a traveler's personal data. */
  details?: Record<string, unknown>;
}

/**
 * The audit log: one row per change or document view, written in the same transaction as the
 * change it records. `onRecord` runs in that transaction after the rows are written: the
 * webhooks' outbox turns the entries that are events into deliveries (decision 069).
 */
export function createAuditRepository(
  db: Db,
  options: { onRecord?: (entries: AuditEntry[], tx: Db) => Promise<void> } = {},
) {
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
      await options.onRecord?.(list, tx);
    },
    /** The entries about one record, oldest first. */
    async forEntity(entityType: AuditEntry['entityType'], entityId: string, tx: Db = db) {
      return tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
        .orderBy(asc(auditLog.at), asc(auditLog.id));
    },

    /**
     * A page of the entries about one record with these actions, logged under an establishment
     * in `scope` (a record moved from another establishment brings none of that one's entries),
     * newest first, each with its actor's name, e-mail and role (null for none, or an account
     * since deleted); and how many in all.
     */
    async pageForEntity(
      entityType: AuditEntry['entityType'],
      entityId: string,
      actions: readonly AuditAction[],
      scope: Scope,
      page: { page: number; limit: number },
      tx: Db = db,
    ) {
      const where = and(
        eq(auditLog.entityType, entityType),
        eq(auditLog.entityId, entityId),
        inArray(auditLog.action, [...actions]),
        inScope(scope, auditLog.establishmentId),
      );
      const [rows, [total]] = await Promise.all([
        tx
          .select({
            id: auditLog.id,
            at: auditLog.at,
            action: auditLog.action,
            details: auditLog.details,
            actorId: users.id,
            actorName: users.name,
            actorEmail: users.email,
            actorRole: users.role,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorUserId))
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        tx.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
