import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { forgetSignInLinkCalls } from '../api/sign-in-link';
import { SignInLinkLanding } from './sign-in-link-landing';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';

function renderLanding(token: string) {
  return renderPage(
    <StrictMode>
      <SignInLinkLanding token={token} />
    </StrictMode>,
    { path: '/sign-in-link' },
  );
}

describe('sign-in link landing (decision 049)', () => {
  afterEach(() => forgetSignInLinkCalls());

  it('uses the link once even under StrictMode, signs in and goes to /clients, keeping no token', async () => {
    const { calls } = mockApi({
      'POST /api/auth/sign-in-link/use': {
        body: { success: true, token: TOKEN, user: sampleUser, deviceToken: '1795000000.abc.def' },
      },
    });
    const { router } = renderLanding('link-token-1');

    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    expect(await screen.findByRole('heading', { name: 'Clients stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'link-token-1' });
    expect(authStore.getState().user?.email).toBe(sampleUser.email);
    // The session and device tokens are HttpOnly cookies the answer set (decision 050): none here.
    expect(sessionStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('hospes.devices')).toBeNull();
    expect(screen.getByText('Ana García!')).toBeInTheDocument();
  });

  it('shows a used or expired link with the form to e-mail a new one', async () => {
    const { calls } = mockApi({
      'POST /api/auth/sign-in-link/use': apiFailure(
        400,
        'SIGN_IN_LINK_INVALID',
        'The sign-in link has expired, has already been used or is invalid. Request a new one.',
      ),
      'POST /api/auth/sign-in-link': {
        body: {
          success: true,
          message:
            'If the email has an account, you will receive a sign-in link soon. It works once, for 15 minutes.',
        },
      },
    });
    const { user } = renderLanding('link-token-2');

    expect(await screen.findByText(/has already been used/)).toBeInTheDocument();
    expect(screen.getByText('We could not sign you in with this link')).toBeInTheDocument();
    expect(authStore.getState().user).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');

    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(await screen.findByText(/you will receive a sign-in link soon/)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'ana@example.com' });
  });
});
