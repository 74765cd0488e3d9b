import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const linkClasses =
  'inline-flex min-h-11 items-center text-fg underline-offset-2 hover:text-primary hover:underline';

/**
 * The landing's footer (the site footer is hidden on the home page, spec §2): product, help and
 * legal links, and the legal basis. Labels come from the common namespace, as in the site footer.
 */
export function LandingFooter() {
  const { t } = useTranslation(['marketing', 'common']);
  const groups = [
    {
      key: 'product',
      links: [
        { to: paths.features, label: t('common:footer.links.features') },
        { to: paths.guide, label: t('common:footer.links.guide') },
        { to: paths.pricing, label: t('common:footer.links.pricing') },
      ],
    },
    {
      key: 'help',
      links: [
        { to: paths.contact, label: t('common:footer.links.contact') },
        { to: paths.login, label: t('common:nav.login') },
        { to: paths.register, label: t('common:nav.register') },
      ],
    },
    {
      key: 'legal',
      links: [
        { to: paths.legalNotice, label: t('common:footer.links.legalNotice') },
        { to: paths.privacy, label: t('common:footer.links.privacy') },
        { to: paths.terms, label: t('common:footer.links.terms') },
        { to: paths.cookies, label: t('common:footer.links.cookies') },
      ],
    },
  ] as const;
  return (
    <footer className="border-t border-line bg-surface px-4 py-10 nav:px-6">
      <div className="mx-auto max-w-6xl">
        <nav aria-label={t('marketing:landing.footer.label')}>
          <div className="grid gap-8 sm:grid-cols-3">
            {groups.map((group) => (
              <div key={group.key}>
                <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">
                  {t(`marketing:landing.footer.${group.key}`)}
                </h2>
                <ul className="mt-2">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={linkClasses}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
        <div className="mt-8 flex flex-col gap-2 border-t border-line pt-6 text-sm text-muted sm:flex-row sm:justify-between">
          <p>{t('common:footer.copyright', { year: new Date().getFullYear() })}</p>
          <p className="max-w-2xl sm:text-end">{t('common:footer.legal')}</p>
        </div>
      </div>
    </footer>
  );
}
