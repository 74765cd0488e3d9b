import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { loadNamespaces } from '@/lib/i18n';
import { RequireAdmin } from './require-admin';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * The /admin area (spec §2): for administrators only (RequireAdmin, inside RequireAuth); every
 * page its own chunk; any other path under /admin goes to /admin.
 */
export const adminRoute: RouteObject = {
  path: paths.admin,
  element: <RequireAdmin />,
  children: [
    {
      lazy: page(() => import('./layout')),
      children: [
        { index: true, lazy: page(() => import('./establishments')) },
        {
          path: paths.adminEstablishmentCreate,
          lazy: page(() => import('./establishment-create')),
        },
        { path: paths.adminEstablishmentView, lazy: page(() => import('./establishment-view')) },
        { path: paths.adminEstablishmentEdit, lazy: page(() => import('./establishment-edit')) },
        { path: paths.adminTravelerView, lazy: page(() => import('./traveler-view')) },
        { path: paths.adminUsers, lazy: page(() => import('./users')) },
        { path: paths.adminReports, lazy: page(() => import('./reports')) },
        { path: paths.adminSettings, lazy: page(() => import('./settings')) },
        {
          path: paths.adminBilling,
          lazy: async () => {
            const [module] = await Promise.all([import('./billing'), loadNamespaces(['billing'])]);
            return { Component: module.default };
          },
        },
        { path: '*', loader: () => redirect(paths.admin) },
      ],
    },
  ],
};
