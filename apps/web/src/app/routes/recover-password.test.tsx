import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiFailure, mockApi, renderRoutes } from '@/test/utils';
import { RecoverPasswordRoute } from './recover-password';

function renderRecover(search: string) {
  return renderRoutes(
    [
      { path: '/recover-pass', element: <RecoverPasswordRoute /> },
      { path: '/login', element: <h1>Login stand-in</h1> },
      { path: '/forgot-pass', element: <h1>Forgot stand-in</h1> },
    ],
    { path: `/recover-pass${search}` },
  );
}

const password = () => screen.getByLabelText('New password', { exact: true });
const confirm = () => screen.getByLabelText('Confirm new password', { exact: true });

describe('set a new password (/recover-pass)', () => {
  it('without a token explains the link is incomplete and links to /forgot-pass', () => {
    mockApi({});
    renderRecover('');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-pass',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('asks for 8 characters and a matching confirmation', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderRecover('?token=abc');

    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(password()).toHaveAccessibleDescription('This field is required');
    expect(confirm()).toHaveAccessibleDescription('This field is required');

    await user.type(password(), 'short');
    await user.type(confirm(), 'different');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(password()).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(confirm()).toHaveAccessibleDescription('Passwords must match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the password, says so and goes to /login', async () => {
    const { calls } = mockApi({
      'POST /api/auth/reset-password': {
        body: { success: true, message: 'Password reset. You can log in now.' },
      },
    });
    const { user, router } = renderRecover('?token=reset-token-123');

    await user.type(password(), 'a brand new one');
    await user.type(confirm(), 'a brand new one{Enter}');

    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Password reset. You can log in now.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: 'reset-token-123', password: 'a brand new one' });
  });

  it('shows an expired link with a way to request a new one', async () => {
    mockApi({
      'POST /api/auth/reset-password': apiFailure(
        400,
        'RESET_LINK_INVALID',
        'The password reset link has expired or is invalid.',
      ),
    });
    const { user } = renderRecover('?token=old');
    await user.type(password(), 'a brand new one');
    await user.type(confirm(), 'a brand new one{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The password reset link has expired or is invalid.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-pass',
    );
  });

  it('welcomes a person whose account an administrator created', () => {
    mockApi({});
    renderRecover('?token=abc&welcome=1');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Set your password' }),
    ).toBeInTheDocument();
  });
});
