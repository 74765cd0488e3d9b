import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages, type ContactMessageRow } from '../../db/schema';

export type NewContactMessage = typeof contactMessages.$inferInsert;

/** Contact messages are not tenant data: they belong to the operator, not to an establishment. */
export function createContactRepository(db: Db) {
  return {
    async insert(values: NewContactMessage, tx: Db = db): Promise<ContactMessageRow> {
      const [row] = await tx.insert(contactMessages).values(values).returning();
      return row!;
    },
    async markEmailed(id: string, at: Date, tx: Db = db): Promise<void> {
      await tx.update(contactMessages).set({ emailedAt: at }).where(eq(contactMessages.id, id));
    },
    async findById(id: string, tx: Db = db): Promise<ContactMessageRow | undefined> {
      const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
      return row;
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
