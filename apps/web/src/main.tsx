import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { wireSessionExpiry } from '@/app/session-expiry';
import { applyTheme, initialTheme } from '@/features/preferences/theme';
import { authStore } from '@/lib/auth';
import { wireChunkReload } from '@/lib/chunk-load';
import { initI18n, loadNamespaces, NAMESPACES } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { captureStaticForm } from '@/lib/static-form';

applyTheme(initialTheme());

const router = createAppRouter();

wireSessionExpiry(router, queryClient);
// A page's chunk gone after a deploy: one reload, where no unsaved input would be lost.
wireChunkReload();

/** Runs `then` once, when a user is known (signed in, or kept on the device offline). */
function onceSignedIn(then: () => void) {
  const check = () => {
    if (!authStore.getState().user) return false;
    then();
    return true;
  };
  if (check()) return;
  const stop = authStore.subscribe(() => {
    if (check()) stop();
  });
}

/**
 * The service worker (decision 059) for signed-in users only: the desk's tablet keeps the app for
 * offline use; a pilgrim's phone on the self check-in downloads nothing more than the page.
 */
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  onceSignedIn(() => {
    void import('@/lib/service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  });
}

// A signed-in user gets every namespace of the active language after the first render (decision
// 073): the dialogs a page loads on demand then have their texts at once, offline too.
onceSignedIn(() => {
  void loadNamespaces(NAMESPACES).catch(() => {});
});

void initI18n().finally(() => {
  // After i18n: the /me call carries the detected language.
  void authStore.initialise();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const render = () => {
    // The prerendered page's head elements give way to the ones the app renders (decision 073).
    for (const element of document.head.querySelectorAll('[data-prerendered]')) element.remove();
    const app = (
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>
    );
    if (!container.hasAttribute('data-prerendered')) {
      createRoot(container).render(app);
      return;
    }
    // A server-rendered form (the self check-in, decision 079): what was typed in it is read just
    // before the app renders over it, and the app renders at once (flushSync), so that no key
    // falls between the reading and the live form, which starts with what was read.
    captureStaticForm(container);
    const root = createRoot(container);
    flushSync(() => root.render(app));
    // The page is the app's from now on.
    container.removeAttribute('data-prerendered');
  };
  // A prerendered page (the landing, decision 073; the self check-in, 079) stays as it is until the app can show its first
  // route (its code, its texts, the session known): then the app's render replaces it, the same
  // page, instead of a loading screen in between.
  if (!container.hasAttribute('data-prerendered') || router.state.initialized) {
    render();
    return;
  }
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
});
