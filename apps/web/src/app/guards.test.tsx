import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
      offline: false,
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
      offline: false,
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
      offline: false,
    });
  });

  describe('without a connection (decision 073)', () => {
    const noConnection = () => new TypeError('Failed to fetch');

    it('opens a protected page for the user this device kept, checks the session once back online, and only then holds a session', async () => {
      // A session on this device before: /me answered, so the user was kept.
      mockApi({
        'GET /api/auth/me': { body: { success: true, user: sampleUser, memberships: [] } },
      });
      await authStore.initialise();
      expect(localStorage.getItem('hospes.offlineSession')).toContain(sampleUser.id);

      // The next start, offline.
      authStore.reset();
      const { calls } = mockApi({ 'GET /api/auth/me': noConnection });
      await authStore.initialise();
      expect(authStore.getState()).toMatchObject({
        user: sampleUser,
        initialised: true,
        offline: true,
      });
      // Shown, but no session is assumed: nothing is sent on its strength.
      expect(hasSession()).toBe(false);
      renderGuarded('/profile');
      expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();

      // Back online: the session is checked again, and holds.
      mockApi({
        'GET /api/auth/me': { body: { success: true, user: sampleUser, memberships: [] } },
      });
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(authStore.getState().offline).toBe(false));
      expect(authStore.getState().user).toEqual(sampleUser);
      expect(hasSession()).toBe(true);
      expect(calls).toHaveLength(1);
    });

    it('tells a signed-out visitor that they are offline instead of offering a login, and sends them to /login once the server answers', async () => {
      const user = userEvent.setup();
      mockApi({ 'GET /api/auth/me': noConnection });
      await authStore.initialise();
      expect(authStore.getState()).toMatchObject({ user: null, offline: true });
      renderGuarded('/profile');
      expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Login stand-in' })).not.toBeInTheDocument();

      // "Try again" while still offline says so.
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(
        await screen.findByText(
          'Still no connection. Hospes will check again by itself when the connection returns.',
        ),
      ).toBeInTheDocument();

      mockApi({
        'GET /api/auth/me': apiFailure(401, 'UNAUTHENTICATED', 'You need to log in to continue.'),
      });
      window.dispatchEvent(new Event('online'));
      expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
      expect(authStore.getState().offline).toBe(false);
    });

    it('forgets the kept user when the server says the session has ended, and at sign-out', async () => {
      mockApi({
        'GET /api/auth/me': { body: { success: true, user: sampleUser, memberships: [] } },
      });
      await authStore.initialise();
      authStore.clear();
      expect(localStorage.getItem('hospes.offlineSession')).toBeNull();

      authStore.setSession(sampleUser);
      expect(localStorage.getItem('hospes.offlineSession')).toContain(sampleUser.id);
      authStore.reset();
      mockApi({
        'GET /api/auth/me': apiFailure(401, 'SESSION_EXPIRED', 'Your session has expired.'),
      });
      await authStore.initialise();
      expect(localStorage.getItem('hospes.offlineSession')).toBeNull();
      expect(authStore.getState()).toMatchObject({ user: null, offline: false });
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
