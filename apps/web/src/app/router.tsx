import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { loadPublicNamespaces } from '@/lib/i18n';
import type { PublicNamespace } from '@/locales/public';
import { RequireAuth } from './guards';
import { publicRoutes } from './public-routes';
import { RootLayout } from './layout/root-layout';
import { adminRoute } from './routes/admin/routes';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/** Route pages load on demand: each is its own chunk. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** A page whose texts are a namespace of their own (decision 070): both loaded before it shows. */
const pageWith =
  (namespaces: PublicNamespace[], load: () => Promise<{ default: ComponentType }>) => async () => {
    const [module] = await Promise.all([load(), loadPublicNamespaces(namespaces)]);
    return { Component: module.default };
  };

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
          { path: paths.login, lazy: page(() => import('./routes/login')) },
          { path: paths.register, lazy: page(() => import('./routes/register')) },
          { path: paths.forgotPassword, lazy: page(() => import('./routes/forgot-password')) },
          { path: paths.recoverPassword, lazy: page(() => import('./routes/recover-password')) },
          { path: paths.verifyEmail, lazy: page(() => import('./routes/verify-email')) },
          { path: paths.signInLink, lazy: page(() => import('./routes/sign-in-link')) },
          { path: paths.join, lazy: page(() => import('./routes/join')) },
          // Public traveler self-registration by link or QR code (no login; two paths, one page).
          { path: paths.selfRegistration, lazy: page(() => import('./routes/self-registration')) },
          {
            path: paths.selfRegistrationAlias,
            lazy: page(() => import('./routes/self-registration')),
          },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.clients, lazy: page(() => import('./routes/travelers')) },
              { path: paths.clientView, lazy: page(() => import('./routes/traveler-view')) },
              { path: paths.clientEdit, lazy: page(() => import('./routes/traveler-edit')) },
              {
                path: paths.travelerRegistration,
                lazy: page(() => import('./routes/traveler-registration')),
              },
              { path: paths.profile, lazy: page(() => import('./routes/profile')) },
              { path: paths.team, lazy: page(() => import('./routes/team')) },
              {
                path: paths.billing,
                lazy: pageWith(['billing'], () => import('./routes/billing')),
              },
              { path: paths.toReport, lazy: page(() => import('./routes/to-report')) },
              { path: paths.reservations, lazy: page(() => import('./routes/reservations')) },
              { path: paths.checkinPoster, lazy: page(() => import('./routes/checkin-poster')) },
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
