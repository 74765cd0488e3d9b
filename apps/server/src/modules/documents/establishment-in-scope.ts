import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishments, type EstablishmentRow } from '../../db/schema';
import { inScope, type Scope } from '../../db/scope';

/** The establishment row, when the scope reaches it: every document call starts with it. */
export async function establishmentInScope(
  db: Db,
  id: string,
  scope: Scope,
): Promise<EstablishmentRow | null> {
  const [row] = await db
    .select()
    .from(establishments)
    .where(and(eq(establishments.id, id), inScope(scope, establishments.id)));
  return row ?? null;
}
