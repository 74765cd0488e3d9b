import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { authStore, type AuthState } from '@/lib/auth';
import { loadNamespaces, type Namespace } from '@/lib/i18n';
import type { PublicNamespace } from '@/locales/public';

/**
 * The public site: landing, features, pricing, contact and the legal pages. Each page is its own
 * chunk and loads only its own texts (src/locales/public.ts) before it renders, so the landing
 * pulls neither the desk nor the admin code, nor their texts.
 */
const publicPage =
  (load: () => Promise<{ default: ComponentType }>, namespaces: (PublicNamespace | Namespace)[]) =>
  async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };

/** Resolves once the session is known (main.tsx starts the check after i18n is ready). */
function sessionKnown(): Promise<AuthState> {
  return new Promise((resolve) => {
    const now = authStore.getState();
    if (now.initialised) return resolve(now);
    const unsubscribe = authStore.subscribe(() => {
      const state = authStore.getState();
      if (!state.initialised) return;
      unsubscribe();
      resolve(state);
    });
  });
}

/** "/" keeps spec §2's "redirects to the client list" for users; visitors see the landing. */
export async function homeLoader() {
  const { user } = await sessionKnown();
  return user ? redirect(paths.clients) : null;
}

/** /contact is an alias of /contacto (spec §2), keeping the query (?lng=, ?type=). */
function contactAliasLoader({ request }: LoaderFunctionArgs) {
  return redirect(`${paths.contact}${new URL(request.url).search}`);
}

export const publicRoutes: RouteObject[] = [
  {
    index: true,
    loader: homeLoader,
    lazy: publicPage(() => import('./routes/landing'), ['marketing']),
  },
  { path: paths.features, lazy: publicPage(() => import('./routes/features'), ['marketing']) },
  { path: paths.pricing, lazy: publicPage(() => import('./routes/pricing'), ['marketing']) },
  {
    path: paths.contact,
    lazy: publicPage(() => import('./routes/contact'), ['contact', 'validation']),
  },
  { path: paths.contactAlias, loader: contactAliasLoader },
  { path: paths.legalNotice, lazy: publicPage(() => import('./routes/legal-notice'), ['legal']) },
  { path: paths.privacy, lazy: publicPage(() => import('./routes/privacy'), ['legal']) },
  { path: paths.terms, lazy: publicPage(() => import('./routes/terms'), ['legal']) },
  { path: paths.cookies, lazy: publicPage(() => import('./routes/cookies'), ['legal']) },
];
