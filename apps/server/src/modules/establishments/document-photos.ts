/**
 * Photos of identity documents where an establishment keeps none (decision 023): the setting read
 * under a lock, and the photos deleted with the audit entries that tell each traveler's history.
 * One mechanism for a registration, an edit or move, and the establishment's own deletion of them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishments, travelerDocuments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuditEntry } from '../audit';

/**
 * Whether an establishment keeps photos of identity documents, read under a share lock held to the
 * end of `tx`: it conflicts with a change of the establishment's settings, so the setting cannot
 * change before `tx` commits, but not with the registrations that reference the establishment.
 * 404 (ESTABLISHMENT_NOT_FOUND) when there is no such establishment.
 */
export async function keepsDocumentImages(tx: Db, establishmentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ keeps: establishments.keepDocumentImages })
    .from(establishments)
    .where(eq(establishments.id, establishmentId))
    .for('share');
  if (!row) throw new AppError('ESTABLISHMENT_NOT_FOUND');
  return row.keeps;
}

/** Deletes these travelers' photos of the identity document (front, back); what went. */
export async function deleteDocumentPhotos(tx: Db, pilgrimIds: string[]) {
  if (pilgrimIds.length === 0) return [];
  return tx
    .delete(travelerDocuments)
    .where(
      and(
        inArray(travelerDocuments.pilgrimId, pilgrimIds),
        inArray(travelerDocuments.kind, ['front', 'back']),
      ),
    )
    .returning({
      id: travelerDocuments.id,
      pilgrimId: travelerDocuments.pilgrimId,
      kind: travelerDocuments.kind,
    });
}

/**
 * One `pilgrim.documents_deleted` entry per traveler whose photos went (its history shows them),
 * logged under `establishmentId`.
 */
export function documentsDeletedEntries(
  removed: { id: string; pilgrimId: string; kind: string }[],
  establishmentId: string,
): AuditEntry[] {
  const byTraveler = new Map<string, { id: string; kind: string }[]>();
  for (const { pilgrimId, id, kind } of removed) {
    const documents = byTraveler.get(pilgrimId) ?? [];
    documents.push({ id, kind });
    byTraveler.set(pilgrimId, documents);
  }
  return [...byTraveler].map(([pilgrimId, documents]) => ({
    action: 'pilgrim.documents_deleted',
    entityType: 'pilgrim',
    entityId: pilgrimId,
    establishmentId,
    details: { documents, reason: 'notKept' },
  }));
}
