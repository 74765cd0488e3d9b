import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishmentMembers, establishments } from '../../db/schema';

export type NewEstablishment = typeof establishments.$inferInsert;

export function createEstablishmentsRepository(db: Db) {
  return {
    async findByNif(nif: string, tx: Db = db) {
      const [row] = await tx.select().from(establishments).where(eq(establishments.nif, nif));
      return row ?? null;
    },
    async insertWithOwner(values: NewEstablishment, ownerId: string, tx: Db = db) {
      const [row] = await tx.insert(establishments).values(values).returning();
      await tx.insert(establishmentMembers).values({ establishmentId: row!.id, userId: ownerId, role: 'owner' });
      return row!;
    },
  };
}
export type EstablishmentsRepository = ReturnType<typeof createEstablishmentsRepository>;
