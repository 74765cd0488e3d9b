import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';

const SECTIONS = [
  { key: 'establishments', to: paths.admin },
  { key: 'users', to: paths.adminUsers },
  { key: 'reports', to: paths.adminReports },
  { key: 'settings', to: paths.adminSettings },
  { key: 'billing', to: paths.adminBilling },
] as const;

/**
 * Which section a path belongs to: users, reports, settings, else establishments (and their
 * travelers).
 */
function sectionOf(pathname: string): (typeof SECTIONS)[number]['key'] {
  if (pathname.startsWith(paths.adminUsers)) return 'users';
  if (pathname.startsWith(paths.adminReports)) return 'reports';
  if (pathname.startsWith(paths.adminSettings)) return 'settings';
  if (pathname.startsWith(paths.adminBilling)) return 'billing';
  return 'establishments';
}

/** The admin area: a sidebar (establishments, users, reports, settings) beside the section's page. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8 nav:px-6">
      <nav
        aria-label={t('sidebar.label')}
        className="mb-6 border-b border-line pb-2 lg:mb-0 lg:border-0 lg:pb-0"
      >
        <p className="mb-2 hidden px-3 text-sm font-semibold uppercase tracking-wide text-muted lg:block">
          {t('sidebar.title')}
        </p>
        <ul className="flex gap-1 overflow-x-auto lg:flex-col">
          {SECTIONS.map((section) => {
            const active = section.key === current;
            return (
              <li key={section.key}>
                <Link
                  to={section.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 py-2 font-medium',
                    active
                      ? 'bg-surface-muted font-semibold text-primary'
                      : 'text-fg hover:bg-surface-muted',
                  )}
                >
                  {t(`sidebar.${section.key}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}

export default AdminLayout;
