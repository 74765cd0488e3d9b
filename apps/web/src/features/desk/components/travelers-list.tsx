import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import type { SesProblem } from '@hospes/shared/ses-preflight';
import type { Traveler } from '@hospes/shared/travelers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { Pager } from '@/components/ui/pager';
import { ApiError } from '@/lib/api-client';
import { useCan } from '@/lib/auth';
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
import { fullName } from '@/features/traveler/format';
import { preflightRulesOf, savedTravelerProblems } from '@/features/traveler/preflight';
import type { Authority } from '@hospes/shared/codes';
import { hasFilters } from '../filters';
import { BulkCheckOutDialog, BulkPaymentDialog } from './bulk-update-dialogs';
import { TravelerFilters } from './traveler-filters';
import { SelectBox, TravelerRows } from './traveler-rows';
import { TravelersEmptyState } from './travelers-empty';

/** With its province and postal code when known: "today" is then the establishment's own day. */
type Establishments = ReadonlyArray<{
  id: string;
  name: string;
  province?: string;
  postalCode?: string;
  /** Whose rules its travelers' pre-flight follows: SES's, or the Ertzaintza's (decision 056). */
  authority?: Authority;
}>;

/**
 * The traveler list (spec §2): filters kept in the URL, 10 per page, each traveler with the stay
 * indicator, view, edit and delete, and those the parte still lacks something of marked, with a
 * link to complete them (decision 043); several can be selected and checked out, given a payment
 * type, sent (the documents feature's slot) or deleted at once. A table on wide screens, cards on
 * phones and tablets.
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
  const { t } = useTranslation('clients');
  const wide = useMediaQuery('(min-width: 64rem)');
  const query = useTravelers(filters);
  const bulk = useBulkDeleteTravelers();
  const slots = useDocumentSlots();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<Traveler | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkUpdate, setBulkUpdate] = useState<'checkOut' | 'payment' | null>(null);
  // The selection's changes are offered to a role that may make them (decisions 058, 062).
  const can = useCan();
  const mayEdit = can('travelers.edit', filters.establishmentId);
  const mayDelete = can('travelers.delete', filters.establishmentId);
  // Only the travelers who cannot be reported: the server runs the same pre-flight over every
  // page (decision 048); the page's badges are the pre-flight run here (decision 043).
  const onlyUnreportable = filters.parte === 'unreportable';

  // A new page or new filters start with nothing selected.
  const [selectionFor, setSelectionFor] = useState(JSON.stringify(filters));
  if (selectionFor !== JSON.stringify(filters)) {
    setSelectionFor(JSON.stringify(filters));
    setSelected(new Set());
  }

  const changeFilters = (next: Filters) => onFiltersChange({ ...next, page: undefined });
  const pageRows = query.data?.data;
  const problems = useMemo(() => {
    const found = new Map<string, readonly SesProblem[]>();
    for (const row of pageRows ?? []) {
      const list = savedTravelerProblems(
        row,
        preflightRulesOf(establishments.find((e) => e.id === row.establishmentId)?.authority),
      );
      if (list.length) found.set(row.id, list);
    }
    return found;
  }, [pageRows, establishments]);
  const rows = pageRows ?? [];
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

  return (
    <div>
      {header}

      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-muted">
          {t('list.count', { count: total })}
          {query.isFetching && <span className="sr-only"> {t('list.loading')}</span>}
        </p>
        {(problems.size > 0 || onlyUnreportable) && (
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={onlyUnreportable}
              onChange={(event) =>
                changeFilters({
                  ...filters,
                  parte: event.target.checked ? 'unreportable' : undefined,
                })
              }
              className="size-5 accent-primary"
            />
            {onlyUnreportable
              ? t('list.onlyUnreportableAll')
              : t('list.onlyUnreportable', { count: problems.size })}
          </label>
        )}
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
            {mayEdit && (
              <>
                <Button variant="secondary" size="sm" onClick={() => setBulkUpdate('checkOut')}>
                  {t('list.checkOutSelected')}
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setBulkUpdate('payment')}>
                  {t('list.paymentSelected')}
                </Button>
              </>
            )}
            {slots.selectionActions?.(visibleSelected, establishments)}
            {mayDelete && (
              <Button variant="danger" size="sm" onClick={() => setBulkOpen(true)}>
                {t('list.deleteSelected')}
              </Button>
            )}
          </div>
        </div>
      )}

      {rows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-control bg-surface px-6 py-10 text-center">
          <p className="text-lg font-semibold text-fg">{t('list.noMatches')}</p>
          <p className="mt-1 text-muted">{t('list.noMatchesHint')}</p>
        </div>
      ) : (
        <TravelerRows
          wide={wide}
          rows={rows}
          selected={selected}
          onToggle={toggle}
          onDelete={setToDelete}
          showEstablishment={showEstablishment}
          dimmed={query.isPlaceholderData}
          problems={problems}
        />
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

      {bulkUpdate === 'checkOut' && (
        <BulkCheckOutDialog
          travelers={visibleSelected}
          // Today by the clock of the selected travelers' establishment (decision 028).
          timeZone={establishmentTimeZone(
            establishments.find((e) => e.id === visibleSelected[0]?.establishmentId) ?? {},
          )}
          onClose={() => setBulkUpdate(null)}
          onDone={() => setSelected(new Set())}
        />
      )}
      {bulkUpdate === 'payment' && (
        <BulkPaymentDialog
          travelers={visibleSelected}
          onClose={() => setBulkUpdate(null)}
          onDone={() => setSelected(new Set())}
        />
      )}
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
                <li key={p.id}>{fullName(p)}</li>
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
