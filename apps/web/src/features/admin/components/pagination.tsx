import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Previous, "Page X of N", next (spec §2). Hidden when everything fits on one page. */
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
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <p className="text-sm text-fg" aria-live="polite">
        {t('pagination.pageOf', { page, total: totalPages })}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t('pagination.next')}
      </Button>
    </nav>
  );
}
