import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type DocumentType } from '@hospes/shared/codes';
import { STAY_STATUSES, type StayStatus } from '@hospes/shared/stay';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Disclosure } from '@/components/ui/disclosure';
import { SelectField, TextField } from '@/components/ui/fields';
import {
  TRAVELER_SORTS,
  type TravelerFilters as Filters,
  type TravelerSort,
} from '@/features/traveler/api/get-travelers';
import { useCountryOptions } from '@/features/traveler/countries';
import { hasFilters } from '../filters';

const SEARCH_DELAY_MS = 300;

/**
 * The list's filters (spec §2): search (typed, applied after a short pause), stay indicator, and
 * behind "More filters" the establishment, nationality, document type and the date ranges. Each
 * change goes to `onChange` (the page keeps them in the URL).
 */
export function TravelerFilters({
  filters,
  onChange,
  establishments,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
  establishments: ReadonlyArray<{ id: string; name: string }>;
}) {
  const { t } = useTranslation('clients');
  const countryOptions = useCountryOptions();
  const more =
    !!filters.establishmentId ||
    !!filters.nationality ||
    !!filters.documentType ||
    !!filters.entryDateFrom ||
    !!filters.entryDateTo ||
    !!filters.checkOutDateFrom ||
    !!filters.checkOutDateTo ||
    !!filters.sort;
  const [open, setOpen] = useState(more);

  // The search box types freely; the URL follows after a pause. A change of the URL from
  // elsewhere (clear filters, back button) is written back into the box.
  const [search, setSearch] = useState(filters.search ?? '');
  const [seen, setSeen] = useState(filters.search ?? '');
  if ((filters.search ?? '') !== seen) {
    setSeen(filters.search ?? '');
    setSearch(filters.search ?? '');
  }
  const latest = useRef({ filters, onChange });
  useEffect(() => {
    latest.current = { filters, onChange };
  });
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === (latest.current.filters.search ?? '')) return;
    const timer = setTimeout(() => {
      latest.current.onChange({
        ...latest.current.filters,
        page: undefined,
        search: trimmed || undefined,
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // Another filter or order starts again at the first page.
  const set = <K extends keyof Filters>(key: K, value: Filters[K] | '') =>
    onChange({ ...filters, page: undefined, [key]: value === '' ? undefined : value });

  return (
    <div role="search" aria-label={t('filters.label')} className="mb-4 space-y-3 sm:mb-6">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-end">
        <TextField
          label={t('filters.search')}
          hint={t('filters.searchHint')}
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onChange({ ...filters, page: undefined, search: search.trim() || undefined });
            }
          }}
        />
        <SelectField
          label={t('filters.stayStatus')}
          hint={t('filters.stayStatusHint')}
          value={filters.stayStatus ?? ''}
          onChange={(event) => set('stayStatus', event.target.value as StayStatus | '')}
          options={[
            { value: '', label: t('filters.any') },
            ...STAY_STATUSES.map((status) => ({ value: status, label: t(`stay.${status}`) })),
          ]}
        />
      </div>
      <Disclosure
        title={t('filters.more')}
        summary={more ? t('filters.active') : undefined}
        open={open}
        onToggle={setOpen}
        headingLevel={2}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            label={t('filters.sort')}
            value={filters.sort ?? ''}
            onChange={(event) => set('sort', event.target.value as TravelerSort | '')}
            options={[
              { value: '', label: t('filters.sorts.default') },
              ...(Object.keys(TRAVELER_SORTS) as TravelerSort[]).map((sort) => ({
                value: sort,
                label: t(`filters.sorts.${sort}`),
              })),
            ]}
          />
          {establishments.length > 1 && (
            <SelectField
              label={t('filters.establishment')}
              value={filters.establishmentId ?? ''}
              onChange={(event) => set('establishmentId', event.target.value)}
              options={[
                { value: '', label: t('filters.all') },
                ...establishments.map((e) => ({ value: e.id, label: e.name })),
              ]}
            />
          )}
          <Combobox
            label={t('filters.nationality')}
            options={countryOptions}
            value={filters.nationality ?? ''}
            onChange={(value) => set('nationality', value)}
          />
          <SelectField
            label={t('filters.documentType')}
            value={filters.documentType ?? ''}
            onChange={(event) => set('documentType', event.target.value as DocumentType | '')}
            options={[
              { value: '', label: t('filters.all') },
              ...DOCUMENT_TYPES.map((type) => ({
                value: type,
                label: t(`documentTypes.${DOCUMENT_TYPE_LABELS[type]}`),
              })),
            ]}
          />
          <TextField
            label={t('filters.entryDateFrom')}
            type="date"
            value={filters.entryDateFrom ?? ''}
            onChange={(event) => set('entryDateFrom', event.target.value)}
          />
          <TextField
            label={t('filters.entryDateTo')}
            type="date"
            value={filters.entryDateTo ?? ''}
            onChange={(event) => set('entryDateTo', event.target.value)}
          />
          <TextField
            label={t('filters.checkOutDateFrom')}
            type="date"
            value={filters.checkOutDateFrom ?? ''}
            onChange={(event) => set('checkOutDateFrom', event.target.value)}
          />
          <TextField
            label={t('filters.checkOutDateTo')}
            type="date"
            value={filters.checkOutDateTo ?? ''}
            onChange={(event) => set('checkOutDateTo', event.target.value)}
          />
        </div>
      </Disclosure>
      {hasFilters(filters) && (
        <Button variant="secondary" size="sm" onClick={() => onChange({})}>
          {t('filters.clear')}
        </Button>
      )}
    </div>
  );
}
