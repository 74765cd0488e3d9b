import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { LanguageSwitcher } from '@/features/preferences/components/language-switcher';
import { ThemeToggle } from '@/features/preferences/components/theme-toggle';
import { isAdmin, useAuth } from '@/lib/auth';
import { ToReportLink } from './to-report-link';

const MENU_ID = 'main-menu';

// A signed-in user's parts need the desk's send queue: their own chunk (decision 067).
const LogoutButton = lazy(() =>
  import('./signed-in-parts').then((parts) => ({ default: parts.LogoutButton })),
);
const SendQueueIndicator = lazy(() =>
  import('./signed-in-parts').then((parts) => ({ default: parts.SendQueueIndicator })),
);

const logoutClasses =
  'flex min-h-11 w-full items-center rounded-lg px-3 py-2 text-base font-medium text-fg hover:bg-surface-muted';

/** The traveler self check-in pages: a pilgrim there needs the language, not the site's menu. */
const SELF_CHECKIN_PATHS: readonly string[] = [paths.selfRegistration, paths.selfRegistrationAlias];

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 items-center rounded-lg px-3 py-2 text-base font-medium',
    isActive ? 'bg-surface-muted font-semibold text-primary' : 'text-fg hover:bg-surface-muted',
  );

function Brand({ asLink = true }: { asLink?: boolean }) {
  const { t } = useTranslation();
  if (!asLink) {
    // On the self check-in a tap on the logo would leave a half-filled form for the landing.
    return (
      <span className="flex items-center gap-2 py-1 font-bold text-fg">
        <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
        <span className="text-xl tracking-tight">{t('appName')}</span>
      </span>
    );
  }
  return (
    <Link
      to={paths.home}
      aria-label={t('nav.home')}
      className="flex items-center gap-2 rounded-lg py-1 font-bold text-fg"
    >
      <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
      <span className="text-xl tracking-tight">{t('appName')}</span>
    </Link>
  );
}

function UserIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}

/**
 * Spec §2 navigation. Logged out: home, features, guide, contact, log in and register (no blog:
 * there is none to link to). Logged in: clients, traveler registration, the profile link with the user's
 * name, log out.
 * Nothing is shown while the session is being checked, so links do not flicker.
 */
function NavItems({ vertical = false }: { vertical?: boolean }) {
  const { t } = useTranslation();
  const { user, initialised, memberships } = useAuth();
  const managesTeam = memberships.some((m) => m.permissions.includes('team.manage'));
  const managesEstablishment = memberships.some((m) =>
    m.permissions.includes('establishment.manage'),
  );
  const ownsEstablishment = memberships.some((m) => m.role === 'owner');
  if (!initialised) return null;

  const list = cn('flex gap-1', vertical ? 'flex-col' : 'items-center');
  if (!user) {
    return (
      <ul className={cn(list, !vertical && 'flex-1')}>
        <li>
          <NavLink to={paths.home} end className={navLinkClasses}>
            {t('nav.start')}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.features} className={navLinkClasses}>
            {t('nav.features')}
          </NavLink>
        </li>
        <li>
          {/* The guide is the "how it works" part of the features page (no separate site). */}
          <Link to={paths.guide} className={navLinkClasses({ isActive: false })}>
            {t('nav.guide')}
          </Link>
        </li>
        <li>
          <NavLink to={paths.contact} className={navLinkClasses}>
            {t('nav.contact')}
          </NavLink>
        </li>
        <li className={cn(!vertical && 'ms-auto')}>
          <NavLink to={paths.login} className={navLinkClasses}>
            {t('nav.login')}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.register} className={navLinkClasses}>
            {t('nav.register')}
          </NavLink>
        </li>
      </ul>
    );
  }
  return (
    <ul className={cn(list, !vertical && 'flex-1')}>
      <li>
        <NavLink to={paths.clients} className={navLinkClasses}>
          {t('nav.clients')}
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.travelerRegistration} className={navLinkClasses}>
          {t('nav.travelerRegistration')}
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.reservations} className={navLinkClasses}>
          {t('nav.reservations')}
        </NavLink>
      </li>
      <ToReportLink className={navLinkClasses} />
      {managesTeam && (
        <li>
          <NavLink to={paths.team} className={navLinkClasses}>
            {t('nav.team')}
          </NavLink>
        </li>
      )}
      {managesEstablishment && (
        <li>
          <NavLink to={paths.webhooks} className={navLinkClasses}>
            {t('nav.webhooks')}
          </NavLink>
        </li>
      )}
      {ownsEstablishment && !isAdmin(user) && (
        <li>
          <NavLink to={paths.billing} className={navLinkClasses}>
            {t('nav.billing')}
          </NavLink>
        </li>
      )}
      {isAdmin(user) && (
        <li>
          <NavLink to={paths.admin} className={navLinkClasses}>
            {t('nav.admin')}
          </NavLink>
        </li>
      )}
      <li className={cn(!vertical && 'ms-auto')}>
        <NavLink to={paths.profile} className={(state) => cn(navLinkClasses(state), 'gap-2')}>
          <UserIcon />
          <span className="sr-only">{t('nav.profile')}: </span>
          <span className="max-w-56 truncate">{user.name}</span>
        </NavLink>
      </li>
      <li>
        <Suspense
          fallback={
            <button type="button" disabled className={logoutClasses}>
              {t('nav.logout')}
            </button>
          }
        >
          <LogoutButton className={logoutClasses} />
        </Suspense>
      </li>
    </ul>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const selfCheckin = SELF_CHECKIN_PATHS.includes(pathname);

  // The menu closes after a navigation and with Escape.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        document.getElementById(`${MENU_ID}-toggle`)?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (selfCheckin) {
    // A traveler registering themselves: the brand, the language and the theme, and no site menu
    // (signing up an establishment or the marketing pages are no tap away from the form).
    return (
      <header className="border-b border-line bg-surface print:hidden">
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 nav:gap-6 nav:px-6 nav:py-3">
          <Brand asLink={false} />
          <div className="ms-auto flex items-center gap-1">
            <LanguageSwitcher />
            <ThemeToggle />
          </div>
        </div>
      </header>
    );
  }

  return (
    <header className="border-b border-line bg-surface print:hidden">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 nav:gap-6 nav:px-6 nav:py-3">
        <Brand />
        <nav aria-label={t('nav.label')} className="hidden flex-1 nav:flex">
          <NavItems />
        </nav>
        <div className="ms-auto flex items-center gap-1 nav:ms-0">
          <LanguageSwitcher className="hidden nav:flex" />
          <ThemeToggle />
          <button
            id={`${MENU_ID}-toggle`}
            type="button"
            aria-expanded={open}
            aria-controls={MENU_ID}
            onClick={() => setOpen((value) => !value)}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-medium text-fg hover:bg-surface-muted nav:hidden"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
            <span>{t('nav.menu')}</span>
          </button>
        </div>
      </div>
      {user && (
        <Suspense fallback={null}>
          <SendQueueIndicator />
        </Suspense>
      )}
      <div
        id={MENU_ID}
        inert={!open}
        className={cn(
          'grid transition-[grid-template-rows] duration-300 ease-in-out nav:hidden',
          open ? 'grid-rows-[1fr]' : 'grid-rows-[0fr]',
        )}
      >
        <div className="overflow-hidden">
          <div className="border-t border-line px-3 py-3">
            <nav aria-label={t('nav.label')}>
              <NavItems vertical />
            </nav>
            <LanguageSwitcher
              showLabel
              className="mt-3 justify-between border-t border-line px-3 pt-3"
            />
          </div>
        </div>
      </div>
    </header>
  );
}
