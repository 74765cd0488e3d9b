import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { wireSessionExpiry } from '@/app/session-expiry';
import { applyTheme, initialTheme } from '@/features/preferences/theme';
import { authStore } from '@/lib/auth';
import { wireChunkReload } from '@/lib/chunk-load';
import { initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

applyTheme(initialTheme());

const router = createAppRouter();

wireSessionExpiry(router, queryClient);
// A page's chunk gone after a deploy: one reload, where no unsaved input would be lost.
wireChunkReload();

/**
 * The service worker (decision 059) for signed-in users only: the desk's tablet keeps the app for
 * offline use; a pilgrim's phone on the self check-in downloads nothing more than the page.
 */
function registerServiceWorkerOnceSignedIn() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const check = () => {
    if (!authStore.getState().user) return false;
    void import('@/lib/service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
    return true;
  };
  if (check()) return;
  const stop = authStore.subscribe(() => {
    if (check()) stop();
  });
}
registerServiceWorkerOnceSignedIn();

void initI18n().finally(() => {
  // After i18n: the /me call carries the detected language.
  void authStore.initialise();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
