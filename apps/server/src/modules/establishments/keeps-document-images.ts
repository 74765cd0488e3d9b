import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishments } from '../../db/schema';

/**
 * Whether an establishment keeps photos of identity documents (decision 023), read under a share
 * lock held to the end of `tx`: it conflicts with a change of the establishment's settings, so the
 * setting cannot change before `tx` commits, but not with the registrations that reference the
 * establishment. Null when there is no such establishment.
 */
export async function keepsDocumentImages(tx: Db, establishmentId: string) {
  const [row] = await tx
    .select({ keeps: establishments.keepDocumentImages })
    .from(establishments)
    .where(eq(establishments.id, establishmentId))
    .for('share');
  return row ? row.keeps : null;
}
