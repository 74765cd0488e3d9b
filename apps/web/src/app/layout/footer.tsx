import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { PublicCheckinInfo } from '@hospes/shared/checkin';
import { publicCheckinKey } from '@/features/checkin/api/public-checkin-key';

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

/**
 * What a traveler on the self check-in needs of the site: the notices that apply where their data
 * is collected (the privacy notice is a legal requirement there), not our product's pages.
 */
const SELF_CHECKIN_LINKS = [
  { to: paths.privacy, key: 'privacy' },
  { to: paths.legalNotice, key: 'legalNotice' },
  { to: paths.cookies, key: 'cookies' },
] as const;

/** The traveler self check-in pages (see the header, which leaves out the site menu there too). */
const SELF_CHECKIN_PATHS: readonly string[] = [paths.selfRegistration, paths.selfRegistrationAlias];

const linkClasses =
  'inline-flex min-h-11 items-center text-fg underline-offset-2 hover:text-primary hover:underline';

/** Spec §2 footer (hidden on the home page, whose landing has a footer of its own). */
export function Footer() {
  const { pathname } = useLocation();
  if (SELF_CHECKIN_PATHS.includes(pathname)) return <SelfCheckinFooter />;
  return <SiteFooter />;
}

function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line bg-surface print:hidden">
      <nav aria-label={t('footer.label')} className="mx-auto max-w-7xl px-4 pt-4 nav:px-6">
        <ul className="flex flex-wrap gap-x-5 text-sm">
          {FOOTER_LINKS.map((link) => (
            <li key={link.key}>
              <Link to={link.to} className={linkClasses}>
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

/**
 * The self check-in's footer: who the data goes to (the establishment behind the link, as the page
 * knows it), the law that asks for it, and the privacy, legal and cookie notices, which open in a
 * new tab so that the form, its signature and its photos stay as they are.
 */
function SelfCheckinFooter() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // What the page's own query fetched, read from the cache (same key): no request of its own, and
  // not the page's schemas in the app's entry (decision 067).
  const queryClient = useQueryClient();
  const key = publicCheckinKey(params.get('t')?.trim() ?? '');
  const read = () => queryClient.getQueryData<PublicCheckinInfo>(key);
  // The same on the server (decision 079: the page rendered with the link's details).
  const establishment = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    read,
    read,
  )?.establishment;
  return (
    <footer className="border-t border-line bg-surface print:hidden">
      <div className="mx-auto max-w-3xl space-y-2 px-4 py-4 text-sm text-muted sm:py-6 nav:px-6">
        {establishment && (
          <p>
            {t('footer.selfCheckin.establishment', {
              name: establishment.name,
              city: establishment.city,
            })}
          </p>
        )}
        <p>{t('footer.legal')}</p>
        <nav aria-label={t('footer.selfCheckin.label')}>
          <ul className="flex flex-wrap gap-x-5">
            {SELF_CHECKIN_LINKS.map((link) => (
              <li key={link.key}>
                <Link to={link.to} target="_blank" rel="noopener" className={linkClasses}>
                  {t(`footer.links.${link.key}`)}
                  <span className="sr-only"> {t('footer.selfCheckin.newTab')}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
