import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { setToken } from '@/lib/token-storage';
import { apiFailure, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { redirectTarget, RequireAuth } from './guards';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';

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
    setToken(TOKEN, { remember: true });
    let answer: (value: { body: unknown }) => void = () => {};
    mockApi({ 'GET /api/auth/me': () => new Promise((resolve) => (answer = resolve)) });
    void authStore.initialise();
    renderGuarded('/profile');

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    answer({ body: { success: true, user: sampleUser } });
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(authStore.getState()).toEqual({ user: sampleUser, loading: false, initialised: true });
  });

  it('without a token is initialised at once, and a protected page goes to /login remembering it', async () => {
    const { fetchMock } = mockApi({});
    await authStore.initialise();
    const { router } = renderGuarded('/profile?tab=security');

    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(router.state.location.state).toEqual({
      from: { pathname: '/profile', search: '?tab=security', hash: '' },
    });
    expect(redirectTarget(router.state.location.state)).toBe('/profile?tab=security');
  });

  it('a stored token that /me refuses is removed and the user cleared, without a session-expired message', async () => {
    setToken(TOKEN, { remember: true });
    mockApi({
      'GET /api/auth/me': apiFailure(
        401,
        'SESSION_EXPIRED',
        'Your session has expired. Please log in again.',
      ),
    });
    await authStore.initialise();

    expect(authStore.getState()).toEqual({ user: null, loading: false, initialised: true });
    expect(localStorage.getItem('auth_token')).toBeNull();
    renderGuarded('/profile');
    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(
      screen.queryByText('Your session has expired. Please log in again.'),
    ).not.toBeInTheDocument();
  });

  it('an answer without a user counts as a failure', async () => {
    setToken(TOKEN, { remember: true });
    mockApi({ 'GET /api/auth/me': { body: { success: true } } });
    await authStore.initialise();
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('keeps the token when the server cannot answer /me, so a poor connection does not sign anyone out', async () => {
    setToken(TOKEN, { remember: true });
    mockApi({
      'GET /api/auth/me': apiFailure(
        503,
        'SERVICE_UNAVAILABLE',
        'Service temporarily unavailable.',
      ),
    });
    await authStore.initialise();
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem('auth_token')).toBe(TOKEN);
  });

  it('keeps the token when the answer to /me breaks off (the page reloaded as it arrived)', async () => {
    setToken(TOKEN, { remember: true });
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"success":true,"user":{'));
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(broken, { status: 200 })),
    );
    await authStore.initialise();
    expect(authStore.getState().user).toBeNull();
    expect(localStorage.getItem('auth_token')).toBe(TOKEN);
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
