import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { CookieConsent } from '@/features/preferences/components/cookie-consent';
import { Footer } from './footer';
import { Header } from './header';
import { UpdatePrompt } from './update-prompt';
import { isAdmin, useAuth } from '@/lib/auth';
import { loadNamespaces } from '@/lib/i18n';

// The desk's send queue, loaded once a user is known (decision 067).
const SendQueueGuard = lazy(() =>
  import('./signed-in-parts').then((parts) => ({ default: parts.SendQueueGuard })),
);

// The account's banner (decision 070): its own chunk, loaded once a user is known.
const BillingBanner = lazy(() =>
  Promise.all([
    import('@/features/billing/components/billing-banner'),
    loadNamespaces(['billing']),
  ]).then(([module]) => module),
);

/** Landmarks: header (with nav), main, footer; a skip link first; the footer is hidden on home. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, memberships } = useAuth();
  // The account's banner is for the owner of establishments (an account), never the platform admin.
  const owner = !!user && !isAdmin(user) && memberships.some((m) => m.role === 'owner');
  // Once mounted, the guard stays: a session that ends over waiting registrations is renewed in
  // place (it marks them as unsaved input), so it must outlive the user.
  const [signedIn, setSignedIn] = useState(false);
  if (user && !signedIn) setSignedIn(true);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:inset-s-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:text-fg"
      >
        {t('skipToContent')}
      </a>
      <Header />
      {owner && (
        <Suspense fallback={null}>
          <BillingBanner />
        </Suspense>
      )}
      {/* A new version of the app, offered (decision 059). */}
      <UpdatePrompt />
      {/* The desk's registrations sent in the background are asked about before the tab goes. */}
      {signedIn && (
        <Suspense fallback={null}>
          <SendQueueGuard />
        </Suspense>
      )}
      <CookieConsent />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      {pathname !== paths.home && <Footer />}
      <ScrollRestoration />
    </div>
  );
}
