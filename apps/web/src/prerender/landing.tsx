import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { bcp47Of } from '@hospes/shared/languages';
import { RootLayout } from '@/app/layout/root-layout';
import { LandingPage } from '@/features/marketing/components/landing-page';
import { authStore } from '@/lib/auth';
import type { AvailableLanguage } from '@/lib/i18n';
import { AVAILABLE_LANGUAGES, i18n, initServerI18n } from './i18n';

/**
 * The landing page rendered to HTML at build time (decision 073), once per language: what a
 * visitor sees at "/" before any JavaScript has arrived. Loaded by build/prerender.ts through
 * Vite's SSR module loader, so the app's own components render it, in the app's own markup; the
 * app then takes over (main.tsx renders over it once its first route is ready).
 */
const marketing = import.meta.glob<Record<string, unknown>>('../locales/*/marketing.json', {
  import: 'default',
  eager: true,
});

/** The landing's markup in `lng`, as a signed-out visitor sees it, and the document's lang/dir. */
export async function renderLanding(lng: AvailableLanguage): Promise<{
  html: string;
  lang: string;
  dir: 'ltr' | 'rtl';
}> {
  await initServerI18n((l) => ({ marketing: marketing[`../locales/${l}/marketing.json`] ?? {} }));
  await i18n.changeLanguage(lng);
  // A visitor: the session is known to be absent (the signed-out header, no redirect).
  authStore.clear();
  const router = createMemoryRouter(
    [{ path: '/', element: <RootLayout />, children: [{ index: true, element: <LandingPage /> }] }],
    { initialEntries: ['/'] },
  );
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        {/* Nothing is asked of the server at build time: what depends on it (testimonials) comes
            with the app. */}
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  return { html, lang: bcp47Of(lng), dir: i18n.dir(lng) === 'rtl' ? 'rtl' : 'ltr' };
}

export { AVAILABLE_LANGUAGES };
