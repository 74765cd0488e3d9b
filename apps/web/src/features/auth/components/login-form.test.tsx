import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginRoute } from '@/app/routes/login';
import { authStore } from '@/lib/auth';
import { hasSession, wasSessionRemembered } from '@/lib/session-presence';
import { apiFailure, mockApi, renderRoutes, sampleUser, SIGNED_IN_ME } from '@/test/utils';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';

function renderLogin(state?: unknown) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/clients', element: <h1>Clients stand-in</h1> },
      { path: '/profile', element: <h1>Profile stand-in</h1> },
      { path: '/register', element: <h1>Register stand-in</h1> },
      { path: '/forgot-pass', element: <h1>Forgot stand-in</h1> },
    ],
    { path: '/login', state },
  );
}

describe('login form', () => {
  it('requires the e-mail and the password, without calling the server', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderLogin();

    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This field is required');
    expect(password).toHaveAccessibleDescription('This field is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the forgot-password and register links', () => {
    mockApi({});
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-pass',
    );
    expect(screen.getByRole('link', { name: 'Register your establishment' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('logs in, greets the user by name and goes to /clients; without "remember me" only for the session', async () => {
    const { calls } = mockApi(
      { 'POST /api/auth/login': { body: { success: true, token: TOKEN, user: sampleUser } } },
      // The session just set answers /me, asked for the memberships.
      { unrecorded: { 'GET /api/auth/me': SIGNED_IN_ME } },
    );
    const { user, router } = renderLogin();

    await user.type(screen.getByLabelText('Email'), 'Ana@Example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');

    expect(await screen.findByRole('heading', { name: 'Clients stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients');
    expect(screen.getByText('Ana García!')).toBeInTheDocument();
    // The server keeps the session in its HttpOnly cookie, for the browser session only.
    expect(calls[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'correct horse',
      remember: false,
    });
    expect(authStore.getState().user?.name).toBe('Ana García');
    expect(hasSession()).toBe(true);
    // The answer's token is for API clients: nothing of it is kept where scripts could read it.
    expect(document.cookie).not.toContain(TOKEN);
    expect(JSON.stringify({ ...localStorage })).not.toContain(TOKEN);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(TOKEN);
  });

  it('with "remember me" asks for a lasting session cookie and returns to the remembered page', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': { body: { success: true, token: TOKEN, user: sampleUser } },
    });
    const { user, router } = renderLogin({ from: { pathname: '/profile', search: '', hash: '' } });

    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Profile stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(calls[0]?.body).toMatchObject({ remember: true });
    expect(wasSessionRemembered()).toBe(true);
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('keeps no device token: the server keeps it in an HttpOnly cookie', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': {
        body: { success: true, token: TOKEN, user: sampleUser, deviceToken: '1795000000.abc.def' },
      },
    });
    for (let i = 0; i < 2; i++) {
      const login = renderLogin();
      await login.user.type(screen.getByLabelText('Email'), 'ana@example.com');
      await login.user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
      expect(await screen.findByRole('heading', { name: 'Clients stand-in' })).toBeInTheDocument();
      login.unmount();
      authStore.clear();
    }
    expect(calls.map((call) => call.body)).toEqual([
      { email: 'ana@example.com', password: 'correct horse', remember: false },
      { email: 'ana@example.com', password: 'correct horse', remember: false },
    ]);
    expect(JSON.stringify({ ...localStorage })).not.toContain('1795000000.abc.def');
    expect(document.cookie).not.toContain('1795000000.abc.def');
  });

  it('shows "Invalid email or password" on a 401 and stays on the page, with no session-expired message', async () => {
    mockApi({
      'POST /api/auth/login': apiFailure(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
    });
    const { user, router } = renderLogin();

    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(
      screen.queryByText('Your session has expired. Please log in again.'),
    ).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.getState()).toMatchObject({ user: null, loading: false });
  });

  it('shows the too-many-attempts text on a 429 and the network text without an answer', async () => {
    let attempt = 0;
    mockApi({
      'POST /api/auth/login': () => {
        attempt += 1;
        return attempt === 1
          ? apiFailure(
              429,
              'TOO_MANY_REQUESTS',
              'Too many attempts. Wait a few minutes and try again.',
            )
          : new TypeError('Failed to fetch');
      },
    });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'No response from the server. Check your internet connection.',
      ),
    );
  });

  it('always offers an e-mailed sign-in link, and offers to send it at once when sign-in is locked', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': apiFailure(
        429,
        'LOGIN_LOCKED',
        'Too many wrong passwords for this account. Sign in with a link sent to your email, or try again later.',
      ),
      'POST /api/auth/sign-in-link': {
        body: {
          success: true,
          message:
            'If the email has an account, you will receive a sign-in link soon. It works once, for 15 minutes.',
        },
      },
    });
    const { user } = renderLogin();
    expect(screen.getByRole('link', { name: 'Email me a sign-in link' })).toHaveAttribute(
      'href',
      '/sign-in-link',
    );
    await user.type(screen.getByLabelText('Email'), 'Ana@Example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong passwords');

    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));

    expect(await screen.findByText(/you will receive a sign-in link soon/)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'ana@example.com' });
    expect(
      screen.queryByRole('button', { name: 'Email me a sign-in link' }),
    ).not.toBeInTheDocument();
  });

  it('treats an answer without token or user as a failed login', async () => {
    mockApi({ 'POST /api/auth/login': { body: { success: true, user: sampleUser } } });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error logging in. Incomplete data in the response.',
    );
    expect(authStore.getState().user).toBeNull();
  });

  it('for an unverified e-mail offers to send a new link', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': apiFailure(
        403,
        'EMAIL_NOT_VERIFIED',
        'You must verify your email address before logging in. Check your inbox or request a new link.',
      ),
      'POST /api/auth/resend-verification': {
        body: {
          success: true,
          message:
            'If the account exists and is not verified yet, you will receive a new link soon.',
        },
      },
    });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You must verify your email address',
    );

    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));

    expect(await screen.findByText(/you will receive a new link soon/)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'ana@example.com' });
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).not.toBeInTheDocument();
  });
});
