import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireAuth } from './guards';
import { RootLayout } from './layout/root-layout';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/** Route pages load on demand: each is its own chunk. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

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
          { index: true, loader: () => redirect(paths.clients) },
          { path: paths.login, lazy: page(() => import('./routes/login')) },
          { path: paths.register, lazy: page(() => import('./routes/register')) },
          { path: paths.forgotPassword, lazy: page(() => import('./routes/forgot-password')) },
          { path: paths.recoverPassword, lazy: page(() => import('./routes/recover-password')) },
          { path: paths.verifyEmail, lazy: page(() => import('./routes/verify-email')) },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.clients, lazy: page(() => import('./routes/clients')) },
              { path: paths.profile, lazy: page(() => import('./routes/profile')) },
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
