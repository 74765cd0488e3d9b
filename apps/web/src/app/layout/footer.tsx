import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The public pages the footer links to (spec §2: terms, privacy, cookies, contact; and more). */
const FOOTER_LINKS = [
  { to: paths.features, key: 'features' },
  { to: paths.pricing, key: 'pricing' },
  { to: paths.contact, key: 'contact' },
  { to: paths.legalNotice, key: 'legalNotice' },
  { to: paths.privacy, key: 'privacy' },
  { to: paths.terms, key: 'terms' },
  { to: paths.cookies, key: 'cookies' },
] as const;

/** Spec §2 footer (hidden on the home page, whose landing has a footer of its own). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line bg-surface">
      <nav aria-label={t('footer.label')} className="mx-auto max-w-7xl px-4 pt-4 nav:px-6">
        <ul className="flex flex-wrap gap-x-5 text-sm">
          {FOOTER_LINKS.map((link) => (
            <li key={link.key}>
              <Link
                to={link.to}
                className="inline-flex min-h-11 items-center text-fg underline-offset-2 hover:text-primary hover:underline"
              >
                {t(`footer.links.${link.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-muted sm:flex-row sm:justify-between nav:px-6">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <p className="max-w-2xl sm:text-end">{t('footer.legal')}</p>
      </div>
    </footer>
  );
}
