import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Traveler } from '@hospes/shared/travelers';
import { Button, ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { Pager } from '@/components/ui/pager';
import { links } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useMediaQuery } from '@/lib/use-media-query';
import { useDocumentSlots } from '@/lib/document-slots';
import { useBulkDeleteTravelers } from '@/features/traveler/api/bulk-delete-travelers';
import {
  PAGE_SIZE,
  useTravelers,
  type TravelerFilters as Filters,
} from '@/features/traveler/api/get-travelers';
import { DeleteTravelerDialog } from '@/features/traveler/components/delete-traveler-dialog';
import { ReviewBadge } from '@/features/traveler/components/review-badge';
import { StayBadge } from '@/features/traveler/components/stay-badge';
import { countryName } from '@/features/traveler/countries';
import { documentLabel, formatDate, fullName } from '@/features/traveler/format';
import { hasFilters } from '../filters';
import { TravelerFilters } from './traveler-filters';
import { TravelersEmptyState } from './travelers-empty';

type Establishments = ReadonlyArray<{ id: string; name: string }>;

type RowAction = 'view' | 'edit' | 'delete';

const ACTION_ICON_PATHS: Record<RowAction, ReactNode> = {
  view: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  edit: (
    <>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </>
  ),
  delete: (
    <>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
      <path d="M10 11v6M14 11v6" />
    </>
  ),
};

function ActionIcon({ action }: { action: RowAction }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ACTION_ICON_PATHS[action]}
    </svg>
  );
}

/**
 * View, edit and delete of one traveler. In the table (`compact`) they are icons on one line, each
 * named in full for assistive technology and titled for a pointer, so a row stays one line high
 * on a tablet; on a card, words.
 */
function RowActions({
  pilgrim,
  onDelete,
  compact = false,
}: {
  pilgrim: Traveler;
  onDelete: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('clients');
  const name = fullName(pilgrim);
  if (compact) {
    return (
      <div className="flex items-center gap-1">
        {(
          [
            ['view', links.clientView(pilgrim.id)],
            ['edit', links.clientEdit(pilgrim.id)],
          ] as const
        ).map(([action, to]) => (
          <ButtonLink
            key={action}
            to={to}
            variant="secondary"
            size="sm"
            className="w-11"
            title={t(`list.${action}`)}
          >
            <ActionIcon action={action} />
            <span className="sr-only">
              {t(`list.${action}`)} {name}
            </span>
          </ButtonLink>
        ))}
        <Button
          variant="danger"
          size="sm"
          className="w-11"
          title={t('list.delete')}
          onClick={onDelete}
        >
          <ActionIcon action="delete" />
          <span className="sr-only">
            {t('list.delete')} {name}
          </span>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <ButtonLink to={links.clientView(pilgrim.id)} variant="secondary" size="sm">
        {t('list.view')}
        <span className="sr-only"> {name}</span>
      </ButtonLink>
      <ButtonLink to={links.clientEdit(pilgrim.id)} variant="secondary" size="sm">
        {t('list.edit')}
        <span className="sr-only"> {name}</span>
      </ButtonLink>
      <Button variant="danger" size="sm" onClick={onDelete}>
        {t('list.delete')}
        <span className="sr-only"> {name}</span>
      </Button>
    </div>
  );
}

function SelectBox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-primary"
      />
      <span className="sr-only">{label}</span>
    </label>
  );
}

/**
 * The traveler list (spec §2): filters kept in the URL, 10 per page, each traveler with the stay
 * indicator, view, edit and delete; several can be selected and deleted at once. A table on wide
 * screens, cards on phones and tablets.
 */
export function TravelersList({
  filters,
  onFiltersChange,
  establishments,
}: {
  filters: Filters;
  onFiltersChange: (next: Filters) => void;
  establishments: Establishments;
}) {
  const { t, i18n } = useTranslation('clients');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const wide = useMediaQuery('(min-width: 64rem)');
  const query = useTravelers(filters);
  const bulk = useBulkDeleteTravelers();
  const slots = useDocumentSlots();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<Traveler | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  // A new page or new filters start with nothing selected.
  const [selectionFor, setSelectionFor] = useState(JSON.stringify(filters));
  if (selectionFor !== JSON.stringify(filters)) {
    setSelectionFor(JSON.stringify(filters));
    setSelected(new Set());
  }

  const changeFilters = (next: Filters) => onFiltersChange({ ...next, page: undefined });
  const rows = query.data?.data ?? [];
  const total = query.data?.pagination.total ?? 0;
  const page = filters.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const showEstablishment = establishments.length > 1;
  const visibleSelected = rows.filter((row) => selected.has(row.id));
  const allSelected = rows.length > 0 && visibleSelected.length === rows.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const copy = new Set(current);
      if (on) copy.add(id);
      else copy.delete(id);
      return copy;
    });

  const header = (
    <TravelerFilters filters={filters} onChange={changeFilters} establishments={establishments} />
  );

  if (query.isPending) {
    return (
      <>
        {header}
        <div role="status" className="flex items-center gap-3 py-10 text-muted">
          <Spinner className="size-6 text-primary" />
          {t('list.loading')}
        </div>
      </>
    );
  }

  // The previous filters' rows stand in only while the new ones are on the way: once the new
  // request has failed (even while it is being tried again), the failure is shown instead of
  // rows that no longer match what the filters say.
  const failure = query.isError
    ? query.error
    : query.isPlaceholderData && query.failureCount > 0
      ? query.failureReason
      : null;
  if (failure) {
    // An establishment filter from an old address (one since deleted, or not the user's): asking
    // again cannot help, leaving the filter out does.
    const goneEstablishment =
      failure instanceof ApiError &&
      failure.code === 'ESTABLISHMENT_NOT_FOUND' &&
      !!filters.establishmentId;
    return (
      <>
        {header}
        <FormAlert>
          <p>{errorText(failure, t('messages.listFailed'))}</p>
          {goneEstablishment ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => changeFilters({ ...filters, establishmentId: undefined })}
            >
              {t('filters.establishment')}: {t('filters.all')}
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              {t('list.retry')}
            </Button>
          )}
        </FormAlert>
      </>
    );
  }

  if (total === 0 && !hasFilters(filters) && page === 1) {
    return <TravelersEmptyState />;
  }

  const name = (p: Traveler) => fullName(p);
  const docLabel = (p: Traveler) => documentLabel(p, t);

  return (
    <div>
      {header}

      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-muted">
          {t('list.count', { count: total })}
          {query.isFetching && <span className="sr-only"> {t('list.loading')}</span>}
        </p>
        {rows.length > 0 && (
          <div className="flex items-center gap-1 text-sm text-fg">
            <SelectBox
              checked={allSelected}
              onChange={(on) =>
                setSelected((current) => {
                  const copy = new Set(current);
                  for (const row of rows) {
                    if (on) copy.add(row.id);
                    else copy.delete(row.id);
                  }
                  return copy;
                })
              }
              label={t('list.selectAll')}
            />
            <span aria-hidden="true">{t('list.selectAllShort')}</span>
          </div>
        )}
      </div>

      {visibleSelected.length > 0 && (
        <div
          role="region"
          aria-label={t('list.bulkLabel')}
          className="sticky top-0 z-10 mb-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-primary bg-info-soft px-4 py-2"
        >
          <p className="font-semibold text-fg">
            {t('list.selected', { count: visibleSelected.length })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setSelected(new Set())}>
              {t('list.clearSelection')}
            </Button>
            {slots.selectionActions?.(visibleSelected, establishments)}
            <Button variant="danger" size="sm" onClick={() => setBulkOpen(true)}>
              {t('list.deleteSelected')}
            </Button>
          </div>
        </div>
      )}

      {rows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-control bg-surface px-6 py-10 text-center">
          <p className="text-lg font-semibold text-fg">{t('list.noMatches')}</p>
          <p className="mt-1 text-muted">{t('list.noMatchesHint')}</p>
        </div>
      ) : wide ? (
        <div
          className={cn(
            'relative overflow-x-auto rounded-2xl border border-line bg-surface',
            query.isPlaceholderData && 'opacity-70',
          )}
        >
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{t('list.caption')}</caption>
            <thead className="border-b border-line bg-surface-muted text-fg">
              <tr>
                <th scope="col" className="w-12 px-2 py-2">
                  <span className="sr-only">{t('list.selectColumn')}</span>
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('list.name')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('list.document')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('list.nationality')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('list.entry')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('list.checkOut')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('list.stay')}
                </th>
                {showEstablishment && (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('list.establishment')}
                  </th>
                )}
                <th scope="col" className="w-px px-3 py-2 font-semibold whitespace-nowrap">
                  {t('list.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id} className="border-b border-line last:border-b-0">
                  <td className="px-2 py-1">
                    <SelectBox
                      checked={selected.has(p.id)}
                      onChange={(on) => toggle(p.id, on)}
                      label={t('list.select', { name: name(p) })}
                    />
                  </td>
                  <th scope="row" className="px-3 py-2 text-base font-semibold text-fg">
                    {name(p)}
                    <ReviewBadge pilgrim={p} className="ms-2" />
                  </th>
                  <td className="px-3 py-2 text-fg">{docLabel(p)}</td>
                  <td className="px-3 py-2 text-fg">{countryName(p.nationality, lng)}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-fg">
                    {formatDate(p.entryDate, lng)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-fg">
                    {p.checkOutDate ? formatDate(p.checkOutDate, lng) : '—'}
                  </td>
                  <td className="px-3 py-2">
                    <StayBadge status={p.stayStatus} />
                  </td>
                  {showEstablishment && (
                    <td className="px-3 py-2 text-fg">{p.establishment.name}</td>
                  )}
                  <td className="px-3 py-1">
                    <RowActions compact pilgrim={p} onDelete={() => setToDelete(p)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul
          aria-label={t('list.caption')}
          className={cn('space-y-3', query.isPlaceholderData && 'opacity-70')}
        >
          {rows.map((p) => (
            <li key={p.id} className="rounded-2xl border border-line bg-surface p-4">
              <div className="flex items-start gap-2">
                <div className="-ms-2 -mt-2">
                  <SelectBox
                    checked={selected.has(p.id)}
                    onChange={(on) => toggle(p.id, on)}
                    label={t('list.select', { name: name(p) })}
                  />
                </div>
                <div className="min-w-0 flex-1">
                  <h2 className="text-base font-semibold break-words text-fg">{name(p)}</h2>
                  <StayBadge status={p.stayStatus} className="mt-1" />
                  <ReviewBadge pilgrim={p} className="mt-1" />
                </div>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                <div className="col-span-2">
                  <dt className="text-muted">{t('list.document')}</dt>
                  <dd className="break-words text-fg">{docLabel(p)}</dd>
                </div>
                <div>
                  <dt className="text-muted">{t('list.nationality')}</dt>
                  <dd className="text-fg">{countryName(p.nationality, lng)}</dd>
                </div>
                <div>
                  <dt className="text-muted">{t('list.entry')}</dt>
                  <dd className="text-fg">{formatDate(p.entryDate, lng)}</dd>
                </div>
                <div>
                  <dt className="text-muted">{t('list.checkOut')}</dt>
                  <dd className="text-fg">
                    {p.checkOutDate ? formatDate(p.checkOutDate, lng) : '—'}
                  </dd>
                </div>
                {showEstablishment && (
                  <div>
                    <dt className="text-muted">{t('list.establishment')}</dt>
                    <dd className="break-words text-fg">{p.establishment.name}</dd>
                  </div>
                )}
              </dl>
              <div className="mt-3">
                <RowActions pilgrim={p} onDelete={() => setToDelete(p)} />
              </div>
            </li>
          ))}
        </ul>
      )}

      <Pager
        page={page}
        totalPages={pages}
        onPage={(target) => onFiltersChange({ ...filters, page: target })}
        label={t('list.pagination')}
        previous={t('list.previous')}
        next={t('list.next')}
        status={t('list.pageOf', { page, pages })}
        className="mt-4"
      />

      <DeleteTravelerDialog
        traveler={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => {
          const id = toDelete?.id;
          if (id) toggle(id, false);
          // The last row of a page gone: step back a page.
          if (rows.length === 1 && page > 1) onFiltersChange({ ...filters, page: page - 1 });
        }}
      />
      <ConfirmDialog
        open={bulkOpen}
        title={t('bulk.title', { count: visibleSelected.length })}
        description={
          <>
            <p>{t('bulk.text', { count: visibleSelected.length })}</p>
            <ul className="mt-2 list-disc ps-5">
              {visibleSelected.map((p) => (
                <li key={p.id}>{name(p)}</li>
              ))}
            </ul>
          </>
        }
        confirmLabel={t('bulk.confirm', { count: visibleSelected.length })}
        pending={bulk.isPending}
        error={bulk.isError ? errorText(bulk.error, t('messages.bulkDeleteFailed')) : null}
        onCancel={() => {
          bulk.reset();
          setBulkOpen(false);
        }}
        onConfirm={() =>
          bulk.mutate(
            visibleSelected.map((p) => p.id),
            {
              onSuccess: (answer) => {
                toast.success(t('messages.pilgrimsDeleted', { count: answer.data.deleted }));
                bulk.reset();
                setBulkOpen(false);
                setSelected(new Set());
                if (visibleSelected.length === rows.length && page > 1) {
                  onFiltersChange({ ...filters, page: page - 1 });
                }
              },
            },
          )
        }
      />
    </div>
  );
}
