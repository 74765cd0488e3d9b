import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * The traveler list before any traveler exists: what the list is for, what it will show, and the
 * way to register the first traveler. No invented rows.
 */
export function TravelersEmptyState() {
  const { t } = useTranslation('clients');
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="clients-empty-title"
        className="rounded-2xl border border-dashed border-control bg-surface px-6 py-10 text-center"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mx-auto size-12 text-primary"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M16 19v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 4 17.5V19" />
          <circle cx="10" cy="7.5" r="3.5" />
          <path d="M20 19v-1.5a3.5 3.5 0 0 0-2.5-3.35M15.5 4.15a3.5 3.5 0 0 1 0 6.7" />
        </svg>
        <h2 id="clients-empty-title" className="mt-4 text-xl font-semibold text-fg">
          {t('emptyTitle')}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-fg">{t('emptyText')}</p>
        <p className="mx-auto mt-3 max-w-2xl text-sm text-muted">{t('emptyNotice')}</p>
        <ButtonLink to={paths.travelerRegistration} className="mt-5">
          {t('registerTraveler')}
        </ButtonLink>
      </section>
      <section
        aria-labelledby="clients-legal-title"
        className="rounded-2xl bg-surface-muted px-6 py-5"
      >
        <h2 id="clients-legal-title" className="text-base font-semibold text-fg">
          {t('legalTitle')}
        </h2>
        <p className="mt-1 text-sm text-fg">{t('legalText')}</p>
      </section>
    </div>
  );
}
