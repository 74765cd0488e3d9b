import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { loadNamespaces, type Namespace } from '@/lib/i18n';
import type { PublicNamespace } from '@/locales/public';
import { RequireAuth } from './guards';
import { publicRoutes } from './public-routes';
import { RootLayout } from './layout/root-layout';
import { adminRoute } from './routes/admin/routes';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/**
 * Route pages load on demand: each is its own chunk, shown once it and the namespaces of texts it
 * shows (besides `common`, loaded at start) are there (decision 073).
 */
export const page =
  (
    load: () => Promise<{ default: ComponentType }>,
    namespaces: (Namespace | PublicNamespace)[] = [],
  ) =>
  async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };

const ACCOUNT: Namespace[] = ['auth', 'validation'];
/**
 * The traveler form: its labels and its checks; the SES pre-flight's notes (`ses`) come with the
 * pre-flight's code after the first render (decision 082), which the desk does not wait for.
 */
const DESK_FORM: Namespace[] = ['checkin', 'clients', 'errors', 'validation'];
/** The form with the SES texts its page shows at once (a saved traveler's badge, the lists). */
const TRAVELER_FORM: Namespace[] = [...DESK_FORM, 'ses'];

/** Spec §2 routes built so far; the later issues add theirs here. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: FullScreenSpinner,
    children: [
      {
        // A crash inside a page keeps the header and footer around the error screen.
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          { path: paths.login, lazy: page(() => import('./routes/login'), ACCOUNT) },
          { path: paths.register, lazy: page(() => import('./routes/register'), ACCOUNT) },
          {
            path: paths.forgotPassword,
            lazy: page(() => import('./routes/forgot-password'), ACCOUNT),
          },
          {
            path: paths.recoverPassword,
            lazy: page(() => import('./routes/recover-password'), ACCOUNT),
          },
          { path: paths.verifyEmail, lazy: page(() => import('./routes/verify-email'), ACCOUNT) },
          { path: paths.signInLink, lazy: page(() => import('./routes/sign-in-link'), ACCOUNT) },
          { path: paths.join, lazy: page(() => import('./routes/join'), [...ACCOUNT, 'profile']) },
          // Public traveler self-registration by link or QR code (no login; two paths, one page).
          {
            path: paths.selfRegistration,
            lazy: page(() => import('./routes/self-registration'), TRAVELER_FORM),
          },
          {
            path: paths.selfRegistrationAlias,
            lazy: page(() => import('./routes/self-registration'), TRAVELER_FORM),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: paths.clients,
                lazy: page(() => import('./routes/travelers'), [...TRAVELER_FORM, 'documents']),
              },
              {
                path: paths.clientView,
                lazy: page(() => import('./routes/traveler-view'), [...TRAVELER_FORM, 'documents']),
              },
              {
                path: paths.clientEdit,
                lazy: page(() => import('./routes/traveler-edit'), TRAVELER_FORM),
              },
              {
                path: paths.travelerRegistration,
                lazy: page(
                  () => import('./routes/traveler-registration'),
                  // Not the SES texts: the form's live notes bring them (decision 082).
                  [...DESK_FORM, 'establishments', 'reservations'],
                ),
              },
              {
                path: paths.profile,
                lazy: page(
                  () => import('./routes/profile'),
                  ['clients', 'documents', 'establishments', 'profile', 'validation'],
                ),
              },
              {
                path: paths.team,
                lazy: page(() => import('./routes/team'), ['profile', 'validation']),
              },
              {
                path: paths.toReport,
                lazy: page(() => import('./routes/to-report'), ['clients', 'documents']),
              },
              {
                path: paths.reservations,
                lazy: page(
                  () => import('./routes/reservations'),
                  ['clients', 'establishments', 'reservations', 'validation'],
                ),
              },
              {
                path: paths.checkinPoster,
                lazy: page(() => import('./routes/checkin-poster'), ['checkin']),
              },
              {
                path: paths.apiKeys,
                lazy: page(() => import('./routes/api-keys'), ['profile', 'validation']),
              },
              {
                path: paths.webhooks,
                // Its texts are a chunk of their own, like the public site's (decision 069).
                lazy: page(() => import('./routes/webhooks'), ['webhooks', 'validation']),
              },
              {
                path: paths.billing,
                // Its texts are a chunk of their own, like the public site's (decision 070).
                lazy: page(() => import('./routes/billing'), ['billing']),
              },
              adminRoute,
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
