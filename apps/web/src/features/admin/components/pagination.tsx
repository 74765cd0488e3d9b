import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/ui/pager';

/** Previous, "Page X of N", next (spec §2), in the admin's words. */
export function Pagination({
  page,
  totalPages,
  onPage,
  label,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <Pager
      page={page}
      totalPages={totalPages}
      onPage={onPage}
      label={label}
      previous={t('pagination.previous')}
      next={t('pagination.next')}
      status={t('pagination.pageOf', { page, total: totalPages })}
      className="mt-6"
    />
  );
}
