import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth';
import { hasSession } from '@/lib/session-presence';
import { apiFailure, mockApi, renderPage, sampleUser, SIGNED_IN_ME } from '@/test/utils';
import { forgetVerifyCalls } from '../api/verify-email';
import { VerifyEmailLanding } from './verify-email-landing';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';

function renderLanding(token: string | null) {
  return renderPage(
    <StrictMode>
      <VerifyEmailLanding token={token} />
    </StrictMode>,
    { path: '/verify-email' },
  );
}

describe('e-mail verification landing', () => {
  afterEach(() => forgetVerifyCalls());

  it('verifies once even under StrictMode, logs in, greets and goes to /clients', async () => {
    const { calls } = mockApi(
      {
        'GET /api/auth/verify': {
          body: { success: true, message: 'Email verified.', token: TOKEN, user: sampleUser },
        },
      },
      // The session just set answers /me, asked for the memberships.
      { unrecorded: { 'GET /api/auth/me': SIGNED_IN_ME } },
    );
    const { router } = renderLanding('link-token-1');

    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email…');
    expect(await screen.findByRole('heading', { name: 'Clients stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('token')).toBe('link-token-1');
    expect(authStore.getState().user?.email).toBe(sampleUser.email);
    // The server's answer set the HttpOnly session cookie; the token itself is not kept here.
    expect(hasSession()).toBe(true);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(document.cookie).not.toContain(TOKEN);
    expect(screen.getByText('Ana García — email verified')).toBeInTheDocument();
  });

  it('fails silently when the answer lacks the token or the user', async () => {
    mockApi({
      'GET /api/auth/verify': {
        body: { success: true, message: 'Email verified.', user: sampleUser },
      },
    });
    const { router } = renderLanding('link-token-2');

    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.getState().user).toBeNull();
    expect(screen.queryByText(/email verified/)).not.toBeInTheDocument();
  });

  it('shows an expired link with links to log in and to ask for a new link', async () => {
    const { calls } = mockApi({
      'GET /api/auth/verify': apiFailure(
        401,
        'VERIFICATION_LINK_INVALID',
        'The verification link has expired or is invalid.',
      ),
      'POST /api/auth/resend-verification': {
        body: {
          success: true,
          message:
            'If the account exists and is not verified yet, you will receive a new link soon.',
        },
      },
    });
    const { user } = renderLanding('expired');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The verification link has expired or is invalid.',
    );
    expect(
      screen.queryByText('Your session has expired. Please log in again.'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');

    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText(/you will receive a new link soon/)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'ana@example.com' });
  });

  it('shows "User not found." on a 404', async () => {
    mockApi({ 'GET /api/auth/verify': apiFailure(404, 'USER_NOT_FOUND', 'User not found.') });
    renderLanding('orphan');
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
  });

  it('explains a link without a token, without calling the server', () => {
    const { fetchMock } = mockApi({});
    renderLanding(null);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
