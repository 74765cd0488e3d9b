/**
 * A traveler's history (GET /api/pilgrims/{id}/history): the audit log's entries as the
 * TravelerHistoryEntrySchema answers them.
 */
import { DOCUMENT_KINDS, type DocumentKind } from '@hospes/shared/codes';
import type { TravelerHistoryAction, TravelerHistoryEntry } from '@hospes/shared/travelers';
import type { AuditRepository } from '../audit';

/**
 * An audit entry as a traveler's history shows it (see the shared TravelerHistoryEntrySchema). To
 * the establishment's staff, support (an admin) is named by role only and co-workers by name only;
 * an admin sees who, with e-mails.
 */
type HistoryRow = Awaited<ReturnType<AuditRepository['pageForEntity']>>['rows'][number];

export function historyEntry(row: HistoryRow, viewerIsAdmin: boolean): TravelerHistoryEntry {
  const details = (row.details ?? {}) as {
    fields?: unknown;
    documents?: unknown;
    kind?: unknown;
    size?: unknown;
    source?: unknown;
    to?: unknown;
    entryDate?: unknown;
    fromEntryDate?: unknown;
    reportNumber?: unknown;
    fromReportNumber?: unknown;
    communicationCode?: unknown;
    reason?: unknown;
    authority?: unknown;
    reference?: unknown;
  };
  const kinds = Array.isArray(details.documents)
    ? details.documents.map((d: { kind?: unknown }) => d?.kind)
    : [details.kind];
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action as TravelerHistoryAction,
    ...historyActor(row, viewerIsAdmin),
    fields: Array.isArray(details.fields)
      ? details.fields.filter((f): f is string => typeof f === 'string')
      : [],
    documents: kinds.filter((k): k is DocumentKind => DOCUMENT_KINDS.includes(k as DocumentKind)),
    size: details.size === 'preview' || details.size === 'full' ? details.size : null,
    source: typeof details.source === 'string' ? details.source : null,
    sentTo: typeof details.to === 'string' ? details.to : null,
    arrival:
      typeof details.entryDate === 'string' && typeof details.fromEntryDate === 'string'
        ? { entryDate: details.entryDate, from: details.fromEntryDate }
        : null,
    renumbered:
      typeof details.reportNumber === 'string' && typeof details.fromReportNumber === 'string'
        ? { reportNumber: details.reportNumber, from: details.fromReportNumber }
        : null,
    ses:
      row.action === 'pilgrim.ses_cancelled' && typeof details.communicationCode === 'string'
        ? {
            communicationCode: details.communicationCode,
            kind: details.kind === 'RH' ? 'RH' : 'PV',
            reason:
              details.reason === 'correct' || details.reason === 'delete'
                ? details.reason
                : 'cancel',
          }
        : null,
    report:
      (row.action === 'pilgrim.authority_uploaded' ||
        row.action === 'pilgrim.authority_upload_undone') &&
      details.authority === 'mossos' &&
      typeof details.reference === 'string'
        ? { authority: 'mossos', reference: details.reference }
        : null,
  };
}

function historyActor(
  row: HistoryRow,
  viewerIsAdmin: boolean,
): Pick<TravelerHistoryEntry, 'by' | 'actor'> {
  if (!row.actorId || row.actorName === null) {
    return { by: row.action === 'pilgrim.self_registered' ? 'traveler' : 'system', actor: null };
  }
  const person = {
    id: row.actorId,
    name: row.actorName,
    email: viewerIsAdmin ? row.actorEmail : null,
  };
  if (row.actorRole === 'admin') return { by: 'support', actor: viewerIsAdmin ? person : null };
  return { by: 'staff', actor: person };
}
