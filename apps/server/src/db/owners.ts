import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { establishmentMembers, users } from './schema';

/**
 * The active owners of an establishment, with what an e-mail to them needs (address, name,
 * language): whom the deadline guard's alerts (decision 044), a paused webhook (069) and the
 * declaración's reminders (083) are sent to.
 */
export function activeOwnersOf(tx: Db, establishmentId: string) {
  return tx
    .select({ email: users.email, name: users.name, language: users.language })
    .from(establishmentMembers)
    .innerJoin(users, eq(users.id, establishmentMembers.userId))
    .where(
      and(
        eq(establishmentMembers.establishmentId, establishmentId),
        eq(establishmentMembers.role, 'owner'),
        eq(users.isActive, true),
      ),
    );
}
