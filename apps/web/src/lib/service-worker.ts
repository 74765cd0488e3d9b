import { registerSW } from 'virtual:pwa-register';
import { appUpdate } from './app-update';

/**
 * Registers the service worker built by vite-plugin-pwa (decision 059): it keeps the app shell and
 * the app's code for offline use and never touches /api. A new version is installed in the
 * background and waits; the user is offered to switch to it (appUpdate), it is never forced.
 * Loaded on demand, once a user is signed in (main.tsx).
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh() {
      appUpdate.offer(() => update(true));
    },
  });
}
