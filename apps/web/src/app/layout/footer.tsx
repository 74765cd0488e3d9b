import { useTranslation } from 'react-i18next';

/**
 * Spec §2 footer. Its links (terms, privacy, cookies, contact) arrive with those pages; until
 * then it carries no link that would lead nowhere.
 */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-muted sm:flex-row sm:justify-between nav:px-6">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <p className="max-w-2xl sm:text-right">{t('footer.legal')}</p>
      </div>
    </footer>
  );
}
