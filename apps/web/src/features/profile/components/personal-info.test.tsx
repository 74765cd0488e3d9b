import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { authStore, useAuth } from '@/lib/auth';
import { hasSession } from '@/lib/session-presence';
import { apiFailure, mockApi, renderPage, sampleUser, SIGNED_IN_ME } from '@/test/utils';
import { PersonalInfo } from './personal-info';

function Page() {
  const { user } = useAuth();
  return user ? <PersonalInfo user={user} /> : <p>signed out</p>;
}

function renderForm() {
  authStore.setSession(sampleUser, { remember: true });
  return renderPage(<Page />, { path: '/profile' });
}

const passwordField = () => screen.queryByLabelText('Current password', { exact: true });

/** The session answers /me, which signing in asks for the memberships (decision 058). */
const SIGNED_IN = { unrecorded: { 'GET /api/auth/me': SIGNED_IN_ME } };

describe('personal info: changing the login e-mail', () => {
  it('asks for the current password only while the e-mail differs', async () => {
    mockApi({}, SIGNED_IN);
    const { user } = renderForm();
    expect(passwordField()).not.toBeInTheDocument();

    const email = screen.getByLabelText('Email', { exact: true });
    await user.clear(email);
    await user.type(email, 'new@example.com');
    const current = passwordField();
    expect(current).toBeVisible();
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(current).toHaveAccessibleDescription(
      'To change the email you log in with, enter your current password. We will let your old address know.',
    );

    await user.clear(email);
    await user.type(email, 'ANA@example.com ');
    expect(passwordField()).not.toBeInTheDocument();
  });

  it('requires the password before calling the server', async () => {
    const { calls } = mockApi({}, SIGNED_IN);
    const { user } = renderForm();
    const email = screen.getByLabelText('Email', { exact: true });
    await user.clear(email);
    await user.type(email, 'new@example.com{Enter}');
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    // Only what the signed-in page looks up by itself (unrecorded) reached the server.
    expect(calls).toEqual([]);
  });

  it('does not send a password with a name-only change', async () => {
    const { calls } = mockApi(
      {
        'PUT /api/auth/me': {
          body: {
            success: true,
            message: 'Profile updated.',
            user: { ...sampleUser, name: 'Ana' },
          },
        },
      },
      SIGNED_IN,
    );
    const { user } = renderForm();
    const name = screen.getByLabelText('Name', { exact: true });
    await user.clear(name);
    await user.type(name, 'Ana{Enter}');
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ name: 'Ana' });
  });

  it('sends the password; a wrong one shows on its field and keeps the session', async () => {
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    let attempt = 0;
    const { calls } = mockApi(
      {
        'PUT /api/auth/me': () => {
          attempt += 1;
          return attempt === 1
            ? apiFailure(401, 'CURRENT_PASSWORD_INCORRECT', 'Current password is incorrect.')
            : {
                body: {
                  success: true,
                  message: 'Profile updated.',
                  user: { ...sampleUser, email: 'new@example.com' },
                },
              };
        },
      },
      SIGNED_IN,
    );
    const { user } = renderForm();
    const email = screen.getByLabelText('Email', { exact: true });
    await user.clear(email);
    await user.type(email, 'New@Example.com');
    const current = passwordField()!;
    await user.type(current, 'wrong one{Enter}');

    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'new@example.com', currentPassword: 'wrong one' });
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();
    // On the field only, not also in the form's alert.
    expect(screen.getAllByText('Current password is incorrect.')).toHaveLength(1);
    expect(hasSession()).toBe(true);
    expect(onSessionExpired).not.toHaveBeenCalled();

    await user.clear(current);
    await user.type(current, 'right one{Enter}');
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'new@example.com', currentPassword: 'right one' });
    expect(authStore.getState().user?.email).toBe('new@example.com');
    // The form follows the stored user: the e-mail is the new one and the password field is gone.
    expect(screen.getByLabelText('Email', { exact: true })).toHaveValue('new@example.com');
    expect(passwordField()).not.toBeInTheDocument();
  });

  it('maps a server validation error on currentPassword to the field', async () => {
    mockApi(
      {
        'PUT /api/auth/me': apiFailure(400, 'VALIDATION_FAILED', 'Validation failed', [
          {
            field: 'currentPassword',
            message: 'This field is required',
            code: 'validation.required',
          },
        ]),
      },
      SIGNED_IN,
    );
    const { user } = renderForm();
    const email = screen.getByLabelText('Email', { exact: true });
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.type(passwordField()!, 'x{Enter}');
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
  });
});
