import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { PRESET_PERMISSIONS } from '@hospes/shared/team';
import { AppToaster } from '@/app/provider';
import { authStore } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';

export interface MockCall {
  url: URL;
  method: string;
  headers: Headers;
  /** Whether the browser would send its cookies (the HttpOnly session cookie): 'same-origin'. */
  credentials: RequestCredentials | undefined;
  body: unknown;
}

type Reply = { status?: number; body?: unknown } | Error;
type Handler = (call: MockCall) => Reply | Promise<Reply>;

/** The CSRF token mockApi answers GET /api/auth/csrf-token with, unless a test answers it. */
export const TEST_CSRF_TOKEN = 'csrf-test-token';

/** GET /api/billing as an installation without STRIPE_SECRET_KEY answers it (decision 070). */
export const BILLING_OFF = {
  enabled: false,
  plan: 'self-hosted',
  state: 'active',
  interval: null,
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  hasPaymentMethod: false,
  granted: false,
  period: '2026-11',
  usage: { registrationsThisMonth: 0, establishments: 1, users: 1 },
  limits: {
    registrationsPerMonth: null,
    establishments: null,
    users: null,
    storageDays: null,
    scanning: 'advanced',
    api: true,
  },
};

/**
 * What mockApi answers, unrecorded, unless a test answers it itself: the CSRF token the API client
 * asks for before its first POST, PUT, PATCH or DELETE, and /me as the session stands: the user a
 * test signed in with authStore.setSession (which asks /me for the memberships in the background),
 * with no memberships, or 401 for a browser that has no session cookie.
 */
const DEFAULTS: Record<string, Handler | Reply> = {
  'GET /api/auth/csrf-token': { body: { success: true, token: TEST_CSRF_TOKEN } },
  // The account's banner (decision 070) asks for an owner: billing off, as without a Stripe key.
  'GET /api/billing': { body: { success: true, data: BILLING_OFF } },
  'GET /api/auth/me': () => {
    const { user } = authStore.getState();
    if (user) return { body: { success: true, user, memberships: [] } };
    return {
      status: 401,
      body: {
        success: false,
        code: 'UNAUTHENTICATED',
        message: 'You need to log in to continue.',
        requestId: 'req-1',
      },
    };
  },
};

/**
 * Stubs fetch with a handler per "METHOD /path" (no MSW here). Unhandled calls fail loudly.
 * Returns the list of calls made, for assertions; `unrecorded` routes are answered but left out
 * of it (a screen's background lookups, beside the calls a test is about), and so are DEFAULTS.
 */
export function mockApi(
  routes: Record<string, Handler | Reply>,
  options: { unrecorded?: Record<string, Handler | Reply> } = {},
) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: MockCall = {
      url,
      method,
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    const key = `${method} ${url.pathname}`;
    const unrecorded = options.unrecorded?.[key] ?? (routes[key] ? undefined : DEFAULTS[key]);
    if (!unrecorded) calls.push(call);
    const route = unrecorded ?? routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`Unexpected request ${method} ${url.pathname}`);
    const reply = typeof route === 'function' ? await route(call) : route;
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** An error envelope as the server sends it. */
export function apiFailure(
  status: number,
  code: string,
  message: string,
  details?: Array<{ field: string; message: string; code?: string }>,
) {
  return {
    status,
    body: { success: false, code, message, ...(details ? { details } : {}), requestId: 'req-1' },
  };
}

export const sampleUser = {
  id: '7b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a11',
  name: 'Ana García',
  email: 'ana@example.com',
  role: 'user' as const,
  emailVerified: true,
  language: 'en',
  lastLogin: '2025-01-10T09:00:00.000Z',
  createdAt: '2025-01-01T09:00:00.000Z',
};

/**
 * GET /api/auth/me answered for sampleUser, signed in, with no memberships: what the session cookie
 * gets once a login has set it (authStore.setSession asks /me for the memberships, decision 058).
 */
export const SIGNED_IN_ME = { body: { success: true, user: sampleUser, memberships: [] } };

/** GET /api/auth/me answered for sampleUser, the owner of one establishment (every permission). */
export function ownerMe(establishmentId: string, establishmentName = 'Hostal Sol') {
  return {
    body: {
      success: true,
      user: sampleUser,
      memberships: [
        {
          establishmentId,
          establishmentName,
          role: 'owner',
          roleName: null,
          permissions: [...PRESET_PERMISSIONS.owner],
        },
      ],
    },
  };
}

/**
 * Renders routes in a memory router with a fresh query client and the toaster. `extra` adds
 * stand-in routes (for example a '/clients' page) so navigation can be asserted.
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', state }: { path?: string; state?: unknown } = {},
) {
  const router = createMemoryRouter(routes, {
    initialEntries: [
      {
        pathname: path.split('?')[0] ?? '/',
        search: path.includes('?') ? `?${path.split('?')[1]}` : '',
        state,
      },
    ],
  });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>,
  );
  return { ...result, router, user, queryClient };
}

/** Renders one element at `path` with stand-ins for the places it may navigate to. */
export function renderPage(
  element: ReactElement,
  { path = '/', state }: { path?: string; state?: unknown } = {},
) {
  const pathname = path.split('?')[0] ?? '/';
  return renderRoutes(
    [
      { path: pathname, element },
      { path: '*', element: <p>Stand-in page</p> },
      { path: '/clients', element: <h1>Clients stand-in</h1> },
      { path: '/login', element: <h1>Login stand-in</h1> },
    ],
    { path, state },
  );
}
