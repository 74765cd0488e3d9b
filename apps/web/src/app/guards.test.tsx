import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth';
import { hasSession } from '@/lib/session-presence';
import { apiFailure, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { redirectTarget, RequireAuth } from './guards';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';

/** What an earlier version left readable by scripts: the token in a cookie and Web Storage. */
function storeLegacyToken() {
  document.cookie = `auth_token=${TOKEN}; Path=/; SameSite=Strict`;
  localStorage.setItem('auth_token', TOKEN);
  sessionStorage.setItem('auth_token', TOKEN);
  localStorage.setItem('hospes.devices', JSON.stringify({ 'ana@example.com': '1.a.b' }));
}

function renderGuarded(path: string) {
  return renderRoutes(
    [
      { path: '/login', element: <h1>Login stand-in</h1> },
      {
        element: <RequireAuth />,
        children: [{ path: '/profile', element: <h1>Profile page</h1> }],
      },
    ],
    { path },
  );
}

describe('route guard and start-up (spec §2, §4)', () => {
  it('shows an accessible full-screen spinner until the session is known, then the page', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    mockApi({ 'GET /api/auth/me': () => new Promise((resolve) => (answer = resolve)) });
    void authStore.initialise();
    renderGuarded('/profile');

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    answer({ body: { success: true, user: sampleUser } });
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(authStore.getState()).toEqual({
      user: sampleUser,
      memberships: [],
      loading: false,
      initialised: true,
    });
    expect(hasSession()).toBe(true);
  });

  it('asks /me (the HttpOnly cookie answers it), and without a session a protected page goes to /login remembering it', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': apiFailure(401, 'UNAUTHENTICATED', 'You need to log in to continue.'),
    });
    await authStore.initialise();
    const { router } = renderGuarded('/profile?tab=security');

    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/auth/me']);
    // No token of its own: the request carries the cookie, never an Authorization header.
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(screen.queryByText('You need to log in to continue.')).not.toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      from: { pathname: '/profile', search: '?tab=security', hash: '' },
    });
    expect(redirectTarget(router.state.location.state)).toBe('/profile?tab=security');
  });

  it('removes a token an earlier version stored readable by scripts, so that user signs in again', async () => {
    storeLegacyToken();
    const { calls } = mockApi({
      'GET /api/auth/me': apiFailure(
        401,
        'SESSION_EXPIRED',
        'Your session has expired. Please log in again.',
      ),
    });
    await authStore.initialise();

    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(authStore.getState()).toEqual({
      user: null,
      memberships: [],
      loading: false,
      initialised: true,
    });
    expect(document.cookie).not.toContain('auth_token');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(sessionStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('hospes.devices')).toBeNull();
    renderGuarded('/profile');
    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(
      screen.queryByText('Your session has expired. Please log in again.'),
    ).not.toBeInTheDocument();
  });

  it('an answer without a user counts as a failure', async () => {
    mockApi({ 'GET /api/auth/me': { body: { success: true } } });
    await authStore.initialise();
    expect(authStore.getState().user).toBeNull();
    expect(hasSession()).toBe(false);
  });

  it('signs nobody in when the server cannot answer /me (the cookie stays for the next load)', async () => {
    mockApi({
      'GET /api/auth/me': apiFailure(
        503,
        'SERVICE_UNAVAILABLE',
        'Service temporarily unavailable.',
      ),
    });
    await authStore.initialise();
    expect(authStore.getState()).toEqual({
      user: null,
      memberships: [],
      loading: false,
      initialised: true,
    });
  });

  it('never redirects outside the app after login', () => {
    expect(redirectTarget(undefined)).toBe('/clients');
    expect(redirectTarget({ from: { pathname: '//evil.example/x' } })).toBe('/clients');
    expect(redirectTarget({ from: { pathname: '/login' } })).toBe('/clients');
    expect(
      redirectTarget({ from: { pathname: '/clients/view/1', search: '?a=1', hash: '#top' } }),
    ).toBe('/clients/view/1?a=1#top');
  });
});
