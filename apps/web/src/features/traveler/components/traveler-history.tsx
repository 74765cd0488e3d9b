import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TravelerHistoryEntry } from '@hospes/shared/travelers';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Disclosure } from '@/components/ui/disclosure';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatDateTime } from '@/lib/format-date-time';
import { useTravelerHistory } from '../api/get-traveler-history';

/** The form's label of a changed field, where the path does not end in the label's own key. */
const FIELD_LABELS: Record<string, string> = {
  'contactInfo.email': 'form.email',
  'contactInfo.phone': 'form.phone',
  'contactInfo.phone2': 'form.phone2',
  'contactInfo.address': 'form.contactAddress',
  'emergencyContact.name': 'form.emergencyName',
  'emergencyContact.phone': 'form.emergencyPhone',
  'emergencyContact.relationship': 'form.relationship',
  address: 'form.sections.homeAddress',
  establishmentId: 'view.establishment',
};

function fieldLabel(t: TFunction, path: string): string {
  const key = FIELD_LABELS[path] ?? `form.${path.split('.').at(-1)}`;
  return t(key, { ns: 'clients', defaultValue: path });
}

/** Thumbnail views this close together, by one person, are told as one entry. */
const FOLD_MS = 5 * 60_000;
const KIND_ORDER = ['front', 'back', 'signature'] as const;

const isThumbnailView = (entry: TravelerHistoryEntry) =>
  entry.action === 'pilgrim.document_viewed' && entry.size === 'preview';

/**
 * The entries (newest first) with each run of thumbnail views by the same person within a few
 * minutes folded into one, dated by its latest: opening a record's page shows up to three
 * thumbnails, and the history would otherwise fill with them.
 */
export function foldThumbnailViews(entries: TravelerHistoryEntry[]): TravelerHistoryEntry[] {
  const folded: TravelerHistoryEntry[] = [];
  for (const entry of entries) {
    const last = folded.at(-1);
    if (
      last &&
      isThumbnailView(last) &&
      isThumbnailView(entry) &&
      last.by === entry.by &&
      (last.actor?.id ?? null) === (entry.actor?.id ?? null) &&
      Date.parse(last.at) - Date.parse(entry.at) <= FOLD_MS
    ) {
      const kinds = new Set([...last.documents, ...entry.documents]);
      folded[folded.length - 1] = {
        ...last,
        documents: KIND_ORDER.filter((kind) => kinds.has(kind)),
      };
    } else folded.push(entry);
  }
  return folded;
}

/** The action in words; `documents`: the labels of the entry's document images. */
function actionText(t: TFunction, entry: TravelerHistoryEntry, documents: string[]): string {
  const document = documents.join(', ');
  switch (entry.action) {
    case 'pilgrim.created':
      return t(entry.source === 'import' ? 'history.actions.imported' : 'history.actions.created');
    case 'pilgrim.self_registered':
      return t('history.actions.self_registered');
    case 'pilgrim.self_registration_confirmed':
      return t('history.actions.self_registration_confirmed');
    case 'pilgrim.updated':
      return t('history.actions.updated');
    case 'pilgrim.document_viewed':
      return entry.size === 'preview'
        ? documents.length > 1
          ? t('history.actions.documents_previewed', { documents: document })
          : t('history.actions.document_previewed', { document })
        : t('history.actions.document_viewed', { document });
    case 'pilgrim.documents_deleted':
      return t('history.actions.documents_deleted', { documents: document });
    case 'pilgrim.pdf_generated':
      return t('history.actions.pdf_generated');
    case 'pilgrim.pdf_emailed':
      return t('history.actions.pdf_emailed');
    case 'pilgrim.ses_cancelled':
      // Decision 045: a cancellation asked of the Ministry, alone, for a correction or a deletion.
      return t(`history.actions.ses_cancelled_${entry.ses?.reason ?? 'cancel'}`, {
        code: entry.ses?.communicationCode ?? '',
      });
    case 'pilgrim.authority_uploaded':
      // Decision 057: in a Mossos d'Esquadra file whose upload on the portal was confirmed.
      return t('history.actions.authority_uploaded', { file: entry.report?.reference ?? '' });
    case 'pilgrim.authority_upload_undone':
      // Decision 061: that confirmation taken back by the owner.
      return t('history.actions.authority_upload_undone', { file: entry.report?.reference ?? '' });
  }
}

function Entry({ entry, lng }: { entry: TravelerHistoryEntry; lng: string }) {
  const { t } = useTranslation();
  const person = entry.actor
    ? entry.actor.email
      ? `${entry.actor.name} (${entry.actor.email})`
      : entry.actor.name
    : null;
  const who =
    entry.by === 'support'
      ? person
        ? `${t('history.bySupport')}: ${person}`
        : t('history.bySupport')
      : entry.by === 'traveler'
        ? t('history.byTraveler')
        : (person ?? t('history.bySystem'));
  const documents = entry.documents.map((kind) => t(`documents.kinds.${kind}`, { ns: 'clients' }));
  // A PDF lists the document images it showed.
  const images =
    entry.action === 'pilgrim.pdf_generated' || entry.action === 'pilgrim.pdf_emailed'
      ? documents
      : [];
  const changed =
    entry.action === 'pilgrim.updated'
      ? [...entry.fields.map((field) => fieldLabel(t, field)), ...documents]
      : [];
  return (
    <li className="border-b border-line py-3 last:border-b-0">
      <p className="font-semibold text-fg">{actionText(t, entry, documents)}</p>
      {changed.length > 0 && (
        <p className="mt-0.5 text-sm break-words text-fg">
          {t('history.fields', { fields: changed.join(', ') })}
        </p>
      )}
      {entry.arrival && (
        <p className="mt-0.5 text-sm break-words text-fg">
          {t('history.arrival', {
            date: formatDate(entry.arrival.entryDate, lng),
            from: formatDate(entry.arrival.from, lng),
          })}
        </p>
      )}
      {entry.renumbered && (
        <p className="mt-0.5 text-sm break-words text-fg">
          {t('history.renumbered', {
            number: entry.renumbered.reportNumber,
            from: entry.renumbered.from,
          })}
        </p>
      )}
      {images.length > 0 && (
        <p className="mt-0.5 text-sm break-words text-fg">
          {t('history.images', { documents: images.join(', ') })}
        </p>
      )}
      {entry.sentTo && (
        <p className="mt-0.5 text-sm break-words text-fg">
          {t('history.sentTo', { to: entry.sentTo })}
        </p>
      )}
      <p className="mt-0.5 text-sm break-words text-muted">
        <time dateTime={entry.at}>{formatDateTime(entry.at, lng)}</time> · {who}
      </p>
    </li>
  );
}

/**
 * GET /api/pilgrims/{id}/history as a closed section of the record's page: loaded when opened (a
 * desk on a slow connection does not pay for it otherwise), newest first, a page of 20 at a time.
 * Another traveler starts afresh: closed, on its first page.
 */
export function TravelerHistory(props: {
  pilgrimId: string;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  return <History key={props.pilgrimId} {...props} />;
}

function History({
  pilgrimId,
  headingLevel = 2,
  className,
}: {
  pilgrimId: string;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  // Fetched once opened; any change to the traveler refreshes it, a deletion drops it.
  const query = useTravelerHistory(pilgrimId, page, open);
  const pages = query.data?.pagination.totalPages ?? 1;
  return (
    <Disclosure
      title={t('history.title')}
      open={open}
      onToggle={setOpen}
      headingLevel={headingLevel}
      className={cn('bg-surface', className)}
    >
      <p className="text-sm text-muted">{t('history.intro')}</p>
      {query.isPending && open && (
        <p role="status" className="mt-3 flex items-center gap-2 text-muted">
          <Spinner className="size-5 text-primary" /> {t('history.loading')}
        </p>
      )}
      {query.isError && (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-fg">{t('history.failed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('history.retry')}
          </Button>
        </div>
      )}
      {query.data &&
        (query.data.data.length === 0 ? (
          <p className="mt-3 text-fg">{t('history.empty')}</p>
        ) : (
          <ol className="mt-2" aria-busy={query.isFetching}>
            {foldThumbnailViews(query.data.data).map((entry) => (
              <Entry key={entry.id} entry={entry} lng={lng} />
            ))}
          </ol>
        ))}
      <Pager
        page={page}
        totalPages={pages}
        onPage={setPage}
        label={t('history.title')}
        previous={t('history.newer')}
        next={t('history.older')}
        status={t('history.page', { page, pages })}
        className="mt-3"
      />
    </Disclosure>
  );
}
