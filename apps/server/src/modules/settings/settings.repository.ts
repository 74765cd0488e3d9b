import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, platformSettings, users } from '../../db/schema';

/** The settings the admin screen stored (decision 062), and the audit entries of their changes. */
export function createSettingsRepository(db: Db) {
  return {
    /** Every stored setting: key and JSON value. */
    async all(tx: Db = db) {
      return tx
        .select({ key: platformSettings.key, value: platformSettings.value })
        .from(platformSettings);
    },

    /** Every stored setting, locked until the transaction ends (two admins saving at once). */
    async lockAll(tx: Db) {
      return tx
        .select({ key: platformSettings.key, value: platformSettings.value })
        .from(platformSettings)
        .for('update');
    },

    async put(key: string, value: string | number, updatedBy: string | null, tx: Db) {
      await tx
        .insert(platformSettings)
        .values({ key, value, updatedBy, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: platformSettings.key,
          set: { value, updatedBy, updatedAt: new Date() },
        });
    },

    async remove(keys: string[], tx: Db) {
      if (keys.length === 0) return;
      await tx.delete(platformSettings).where(inArray(platformSettings.key, keys));
    },

    /** The latest changes of the settings, newest first, with who made them. */
    async history(limit: number, tx: Db = db) {
      return tx
        .select({
          at: auditLog.at,
          details: auditLog.details,
          actorId: users.id,
          actorName: users.name,
          actorEmail: users.email,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(
          and(
            eq(auditLog.action, 'platform.settings_changed'),
            eq(auditLog.entityType, 'platform'),
            isNull(auditLog.establishmentId),
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
