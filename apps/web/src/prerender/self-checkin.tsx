import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PublicCheckinInfo } from '@hospes/shared/checkin';
import { bcp47Of, isLanguage } from '@hospes/shared/languages';
import { RootLayout } from '@/app/layout/root-layout';
import { SelfRegistrationRoute } from '@/app/routes/self-registration';
import { loadPreflight } from '@/features/traveler/components/form/live-preflight';
import { paths } from '@/config/paths';
import { PRERENDERED_CHECKIN_ID } from '@/features/checkin/api/prerendered-checkin';
import { publicCheckinKey } from '@/features/checkin/api/public-checkin-key';
import { ApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { StaticRenderProvider } from '@/lib/static-render';
import { i18n, initServerI18n } from './i18n';
import { prerenderedDocument } from './document';

/**
 * The self check-in page rendered on the server for each request (decision 079): the bundle
 * `vite build --ssr` makes of this module (build/self-checkin-renderer.ts) is what the Fastify
 * server calls for /registro-viajero and /pilgrim-register. The app's own route renders the
 * page as the pilgrim's phone would once the link's details have come: the establishment's name,
 * the form as its settings make it, in the pilgrim's language; or the page that says the link is
 * no longer valid. React escapes every value it renders (an establishment's name is user data);
 * the link's details go to the app as JSON in a non-executed script element, `<` escaped.
 */

/** What the server knows of the request: the page's path, the link token, the language. */
export interface SelfCheckinRequest {
  /** /registro-viajero or /pilgrim-register. */
  path: string;
  /** The link token (?t=), trimmed; '' when there is none. */
  token: string;
  lng: string;
  /** The link's details, or `invalid` when it does not open (revoked, expired, unknown). */
  link: { info: PublicCheckinInfo } | { invalid: true } | null;
}

export interface SelfCheckinPage {
  status: number;
  html: string;
}

/** One render at a time: the app's i18next is one instance, switched to each request's language. */
let queue: Promise<unknown> = Promise.resolve();

/** The page's whole document, built from the app's index.html (`template`). */
export function renderSelfCheckinPage(
  template: string,
  request: SelfCheckinRequest,
): Promise<SelfCheckinPage> {
  const next = queue.then(() => render(template, request));
  queue = next.catch(() => {});
  return next;
}

async function render(template: string, request: SelfCheckinRequest): Promise<SelfCheckinPage> {
  const lng = isLanguage(request.lng) ? request.lng : 'es';
  await initServerI18n();
  await i18n.changeLanguage(lng);
  // The form's live notes, which the browser loads after its first render (decision 082).
  await loadPreflight();
  // A pilgrim: no session (the signed-out header).
  authStore.clear();
  const { token, link } = request;
  // Nothing is fetched here: the answer given is the one shown (an error not taken for a load).
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false } },
  });
  if (link && 'info' in link) {
    queryClient.setQueryData(publicCheckinKey(token), link.info);
  } else if (link) {
    // The answer the app gets for such a link: its page says the link is no longer valid.
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: publicCheckinKey(token) })
      .setState({
        status: 'error',
        fetchStatus: 'idle',
        error: new ApiError({ status: 404, code: 'CHECKIN_LINK_INVALID', message: '' }),
        errorUpdateCount: 1,
        errorUpdatedAt: Date.now(),
      });
  }
  const path = request.path === paths.selfRegistrationAlias ? request.path : paths.selfRegistration;
  const router = createMemoryRouter(
    [
      {
        path,
        element: <RootLayout />,
        children: [{ index: true, element: <SelfRegistrationRoute /> }],
      },
    ],
    { initialEntries: [token ? `${path}?t=${encodeURIComponent(token)}` : path] },
  );
  const html = renderToString(
    <StrictMode>
      <StaticRenderProvider value>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </I18nextProvider>
      </StaticRenderProvider>
    </StrictMode>,
  );
  queryClient.clear();
  return {
    status: link && 'invalid' in link ? 404 : 200,
    html: prerenderedDocument(template, {
      html,
      lang: bcp47Of(lng),
      dir: i18n.dir(lng) === 'rtl' ? 'rtl' : 'ltr',
      lng,
      ...(link &&
        'info' in link && {
          data: { id: PRERENDERED_CHECKIN_ID, value: { token, info: link.info } },
        }),
    }),
  };
}
