import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '@/test/utils';
import { ForgotPasswordRoute } from './forgot-password';

describe('forgot password (/forgot-pass)', () => {
  it('requires the e-mail', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderPage(<ForgotPasswordRoute />, { path: '/forgot-pass' });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This field is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('always ends in the neutral "check your email" state with the server text', async () => {
    const { calls } = mockApi({
      'POST /api/auth/forgot-password': {
        body: {
          success: true,
          message: 'If your email exists in our database, you will receive a link soon.',
        },
      },
    });
    const { user } = renderPage(<ForgotPasswordRoute />, { path: '/forgot-pass' });
    await user.type(screen.getByLabelText('Email'), 'Nobody@Example.com{Enter}');

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Check your email');
    expect(status).toHaveTextContent(
      'If your email exists in our database, you will receive a link soon.',
    );
    expect(calls[0]?.body).toEqual({ email: 'nobody@example.com' });
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});
