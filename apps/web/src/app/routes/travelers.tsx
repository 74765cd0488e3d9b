import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { usePendingReviewCount } from '@/features/traveler/api/get-pending-review-count';
import { paths } from '@/config/paths';
import { TravelersList } from '@/features/desk/components/travelers-list';
import { filtersFromParams, paramsFromFilters } from '@/features/desk/filters';
import { useUserEstablishments } from '@/features/establishment/api/get-user-establishments';
import { DocumentsToolbar } from '@/features/documents/components/documents-toolbar';
import { useTravelers, type TravelerFilters } from '@/features/traveler/api/get-travelers';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

/** /clients: the traveler list; its filters live in the query string, so a reload keeps them. */
export function TravelersRoute() {
  const { t } = useTranslation('clients');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const establishments = useUserEstablishments();
  const list = useTravelers(filters); // the table's own query (same cache entry)
  const { t: tc } = useTranslation('checkin');
  const pending = usePendingReviewCount();
  const reviewing = filters.review === 'pending';
  const onFiltersChange = (next: TravelerFilters) =>
    setParams(paramsFromFilters(next), { replace: true });

  return (
    // Compact on a phone (less padding, title and "Register a traveler" on one line, the file
    // actions on one line): the first traveler shows without scrolling.
    <div className="mx-auto w-full max-w-7xl px-4 py-4 sm:py-8 nav:px-6">
      <PageTitle page={t('title')} />
      <div className="flex flex-wrap items-center justify-between gap-x-3 sm:items-start sm:gap-x-6">
        <PageHeader title={t('title')} intro={t('intro')} compact />
        <ButtonLink to={paths.travelerRegistration} className="mb-3 sm:mb-6">
          {t('registerTraveler')}
        </ButtonLink>
      </div>
      {(reviewing || (pending.data ?? 0) > 0) && (
        <div className="mb-4">
          <Button
            variant={reviewing ? 'primary' : 'secondary'}
            aria-pressed={reviewing}
            onClick={() =>
              onFiltersChange({ ...filters, review: reviewing ? undefined : 'pending', page: 1 })
            }
          >
            {pending.data !== undefined
              ? tc('review.filter', { count: pending.data })
              : tc('review.filterNoCount')}
          </Button>
        </div>
      )}
      <DocumentsToolbar
        filters={filters}
        establishments={establishments.data ?? []}
        rows={list.data?.data ?? []}
        total={list.data?.pagination.total ?? 0}
      />
      <TravelersList
        filters={filters}
        onFiltersChange={onFiltersChange}
        establishments={establishments.data ?? []}
      />
    </div>
  );
}

export default TravelersRoute;
