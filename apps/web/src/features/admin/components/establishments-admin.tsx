import { useEffect, useState, type FormEvent } from 'react';
import { EmailText, PhoneText } from '@/components/ui/contact-text';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  ESTABLISHMENT_STATUSES,
  ESTABLISHMENT_TYPES,
  EstablishmentStatusSchema,
  EstablishmentTypeSchema,
  type Establishment,
} from '@hospes/shared/establishments';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { links, paths } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useDeleteEstablishment } from '@/features/establishment/api/delete-establishment';
import { useEstablishment } from '@/features/establishment/api/get-establishment';
import {
  useEstablishments,
  type EstablishmentListQuery,
} from '@/features/establishment/api/get-establishments';
import { establishmentChangeRefreshes } from '../api/keys';
import { formatDateTime } from '../format';
import { EstablishmentTravelers } from './establishment-travelers';
import { Pagination } from './pagination';
import { StatusBadge } from './status-badge';

const FILTER_KEYS = ['type', 'status', 'city', 'province'] as const;
type Filters = Record<(typeof FILTER_KEYS)[number], string>;
const NO_FILTERS: Filters = { type: '', status: '', city: '', province: '' };

/** The list's state lives in the address (?search=&type=&…&page=&selected=), so Back works. */
function queryOf(params: URLSearchParams): EstablishmentListQuery {
  const page = Number(params.get('page'));
  const type = EstablishmentTypeSchema.safeParse(params.get('type'));
  const status = EstablishmentStatusSchema.safeParse(params.get('status'));
  return {
    search: params.get('search')?.trim() || undefined,
    type: type.success ? type.data : undefined,
    status: status.success ? status.data : undefined,
    city: params.get('city')?.trim() || undefined,
    province: params.get('province')?.trim() || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function filtersOf(query: EstablishmentListQuery): Filters {
  return {
    type: query.type ?? '',
    status: query.status ?? '',
    city: query.city ?? '',
    province: query.province ?? '',
  };
}

function SelectedTravelers({ id, name }: { id: string; name: string | undefined }) {
  const loaded = useEstablishment(id);
  const label = name ?? loaded.data?.name;
  if (!label) return null;
  return <EstablishmentTravelers establishmentId={id} establishmentName={label} />;
}

/**
 * The admin home (spec §2): search (Enter searches), a filter panel (type, status, city,
 * province; reset, apply), one card per establishment (name, status, address, contact e-mail,
 * phone, traveler count, last login; edit, delete, its travelers; the name opens its page),
 * "page X of N", and the selected establishment's travelers below.
 */
export function EstablishmentsAdmin() {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const selected = params.get('selected');
  const list = useEstablishments(query);
  const removal = useDeleteEstablishment(establishmentChangeRefreshes);
  const [target, setTarget] = useState<Establishment | null>(null);
  const activeFilters = FILTER_KEYS.filter((key) => filtersOf(query)[key] !== '').length;
  const [filtersOpen, setFiltersOpen] = useState(activeFilters > 0);
  const [draft, setDraft] = useState<Filters>(() => filtersOf(query));
  const [searchText, setSearchText] = useState(query.search ?? '');

  useEffect(() => {
    if (list.isError) toast.error(t('somethingWentWrong'), { id: 'establishments-list' });
  }, [list.isError, t]);

  /** Changes the address: the given values (empty removes), back to page 1 unless a page is set. */
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    if (!('page' in changes)) next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: searchText.trim() });
  };
  const onApply = (event: FormEvent) => {
    event.preventDefault();
    update({ ...draft, city: draft.city.trim(), province: draft.province.trim() });
  };
  const onReset = () => {
    setDraft(NO_FILTERS);
    update({ ...NO_FILTERS });
  };

  const confirmDelete = async () => {
    if (!target) return;
    try {
      await removal.mutateAsync(target.id);
      toast.success(t('establishments.deleted'));
      if (selected === target.id) update({ selected: undefined, page: String(query.page) });
      setTarget(null);
    } catch {
      toast.error(t('somethingWentWrong'));
    }
  };

  // A page beyond the end (after a delete, or an old link): go to the last one.
  const lastPage = list.data?.pagination.totalPages;
  useEffect(() => {
    if (lastPage !== undefined && query.page > lastPage) update({ page: String(lastPage) });
  });

  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  const totalPages = list.data?.pagination.totalPages ?? 1;
  const selectedName = rows.find((row) => row.id === selected)?.name;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <form
          role="search"
          onSubmit={onSearch}
          className="flex min-w-0 flex-1 basis-72 items-end gap-2"
        >
          <TextField
            className="min-w-0 flex-1"
            label={t('establishments.search')}
            type="search"
            name="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            {t('actions.search')}
          </Button>
        </form>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            aria-expanded={filtersOpen}
            aria-controls="establishment-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {t('establishments.filters')}
            {activeFilters > 0 && (
              <span className="rounded-full bg-primary px-2 text-sm text-primary-fg">
                <span className="sr-only">{t('establishments.activeFilters')}: </span>
                {activeFilters}
              </span>
            )}
          </Button>
          <ButtonLink to={paths.adminEstablishmentCreate}>{t('establishments.new')}</ButtonLink>
        </div>
      </div>

      <form
        id="establishment-filters"
        hidden={!filtersOpen}
        aria-label={t('establishments.filters')}
        onSubmit={onApply}
        className="rounded-2xl border border-line bg-surface p-5"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            label={t('fields.type')}
            value={draft.type}
            onChange={(event) => setDraft({ ...draft, type: event.target.value })}
            options={[
              { value: '', label: t('establishments.allTypes') },
              ...ESTABLISHMENT_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
            ]}
          />
          <SelectField
            label={t('fields.status')}
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
            options={[
              { value: '', label: t('establishments.allStatuses') },
              ...ESTABLISHMENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
            ]}
          />
          <TextField
            label={t('fields.city')}
            value={draft.city}
            onChange={(event) => setDraft({ ...draft, city: event.target.value })}
          />
          <TextField
            label={t('fields.province')}
            value={draft.province}
            onChange={(event) => setDraft({ ...draft, province: event.target.value })}
          />
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onReset}>
            {t('establishments.reset')}
          </Button>
          <Button type="submit">{t('establishments.apply')}</Button>
        </div>
      </form>

      <p role="status" className="text-sm text-muted">
        {list.isPending ? (
          <span className="flex items-center gap-2">
            <Spinner /> {t('loading')}
          </span>
        ) : list.data ? (
          t('establishments.count', { count: total })
        ) : null}
      </p>
      {list.isError && <FormAlert>{errorText(list.error, t('somethingWentWrong'))}</FormAlert>}
      {list.data && rows.length === 0 && (
        <p className="rounded-2xl border border-dashed border-control bg-surface px-6 py-8 text-center text-fg">
          {t('establishments.empty')}
        </p>
      )}

      {rows.length > 0 && (
        <ul aria-label={t('establishments.listLabel')} className="grid gap-4 md:grid-cols-2">
          {rows.map((row) => {
            const isSelected = row.id === selected;
            return (
              <li
                key={row.id}
                className="relative flex flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm hover:border-primary"
              >
                <div className="flex items-start justify-between gap-3">
                  <h2 className="text-lg font-semibold text-fg">
                    <Link
                      to={links.adminEstablishmentView(row.id)}
                      className="rounded after:absolute after:inset-0 after:rounded-2xl hover:underline"
                    >
                      {row.name}
                    </Link>
                  </h2>
                  <StatusBadge status={row.status} className="shrink-0" />
                </div>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="font-semibold text-muted">{t('fields.address')}</dt>
                  <dd className="text-fg">
                    {row.address}, {row.postalCode} {row.city} ({row.province})
                  </dd>
                  <dt className="font-semibold text-muted">{t('fields.contactEmail')}</dt>
                  <dd className="text-fg">
                    <EmailText email={row.contactEmail} />
                  </dd>
                  <dt className="font-semibold text-muted">{t('fields.phone')}</dt>
                  <dd className="text-fg">
                    <PhoneText phone={row.phone} />
                  </dd>
                  <dt className="font-semibold text-muted">{t('establishments.pilgrimsCount')}</dt>
                  <dd className="text-fg">{row.pilgrimsCount}</dd>
                  <dt className="font-semibold text-muted">{t('establishments.lastLogin')}</dt>
                  <dd className="text-fg">
                    {row.lastLogin ? formatDateTime(row.lastLogin, lng) : t('never')}
                  </dd>
                </dl>
                <div className="relative z-10 mt-4 flex flex-wrap gap-2">
                  <Button
                    variant={isSelected ? 'primary' : 'secondary'}
                    size="sm"
                    aria-pressed={isSelected}
                    onClick={() =>
                      update({
                        selected: isSelected ? undefined : row.id,
                        page: String(query.page),
                      })
                    }
                  >
                    {t('establishments.showPilgrims')}
                    <span className="sr-only"> {row.name}</span>
                  </Button>
                  <ButtonLink
                    to={links.adminEstablishmentEdit(row.id)}
                    variant="secondary"
                    size="sm"
                  >
                    {t('actions.edit')}
                    <span className="sr-only"> {row.name}</span>
                  </ButtonLink>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => {
                      removal.reset();
                      setTarget(row);
                    }}
                  >
                    {t('actions.delete')}
                    <span className="sr-only"> {row.name}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Pagination
        page={query.page}
        totalPages={totalPages}
        onPage={(page) => update({ page: String(page) })}
        label={t('establishments.pagination')}
      />

      {selected && <SelectedTravelers id={selected} name={selectedName} />}

      <ConfirmDialog
        open={target !== null}
        title={t('establishments.deleteTitle')}
        description={target ? t('establishments.deleteText', { name: target.name }) : undefined}
        cancelLabel={t('discard.cancel')}
        confirmLabel={t('actions.delete')}
        pending={removal.isPending}
        error={removal.isError ? errorText(removal.error, t('somethingWentWrong')) : null}
        onCancel={() => setTarget(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
