import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { authStore, useAuth } from '@/lib/auth';
import { hasSession } from '@/lib/session-presence';
import {
  apiFailure,
  mockApi,
  renderPage,
  sampleUser,
  SIGNED_IN_ME,
  TEST_CSRF_TOKEN,
} from '@/test/utils';
import { ProfileView } from './profile-view';

function Profile() {
  const { user } = useAuth();
  return user ? <ProfileView user={user} /> : <p>signed out</p>;
}

function renderProfile() {
  authStore.setSession(sampleUser, { remember: true });
  return renderPage(<Profile />, { path: '/profile' });
}

/**
 * The session answers /me, which signing in asks for the memberships (decision 058), and the
 * Security tab's list of devices (this one only).
 */
const SIGNED_IN = {
  unrecorded: {
    'GET /api/auth/me': SIGNED_IN_ME,
    'GET /api/auth/sessions': { body: { success: true, data: [] } },
  },
};

describe('profile', () => {
  it('has "Personal info" and "Security" tabs that work with the keyboard', async () => {
    mockApi({}, SIGNED_IN);
    const { user } = renderProfile();
    const tabs = within(screen.getByRole('tablist', { name: 'Profile sections' })).getAllByRole(
      'tab',
    );
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Personal info', 'Security']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Personal info' })).toBeVisible();

    await user.click(tabs[0]!);
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Security' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeVisible();
  });

  it('shows the name and e-mail and saves changes', async () => {
    const { calls } = mockApi(
      {
        'PUT /api/auth/me': {
          body: {
            success: true,
            message: 'Profile updated.',
            user: { ...sampleUser, name: 'Ana G. Ruiz' },
          },
        },
      },
      SIGNED_IN,
    );
    const { user } = renderProfile();
    const name = screen.getByLabelText('Name', { exact: true });
    expect(name).toHaveValue('Ana García');
    expect(screen.getByLabelText('Email', { exact: true })).toHaveValue('ana@example.com');

    await user.clear(name);
    await user.type(name, 'Ana G. Ruiz');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ name: 'Ana G. Ruiz' });
    expect(authStore.getState().user?.name).toBe('Ana G. Ruiz');
  });

  it('shows a taken e-mail on the form', async () => {
    mockApi(
      {
        'PUT /api/auth/me': apiFailure(409, 'EMAIL_TAKEN', 'This email is already registered.'),
      },
      SIGNED_IN,
    );
    const { user } = renderProfile();
    const email = screen.getByLabelText('Email', { exact: true });
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    const personal = screen.getByRole('tabpanel', { name: 'Personal info' });
    await user.type(
      within(personal).getByLabelText('Current password', { exact: true }),
      'pass{Enter}',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already registered.');
  });

  it('changes the password; a wrong current password shows on its field and keeps the session', async () => {
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    let attempt = 0;
    const { calls } = mockApi(
      {
        'POST /api/auth/change-password': () => {
          attempt += 1;
          return attempt === 1
            ? apiFailure(401, 'CURRENT_PASSWORD_INCORRECT', 'Current password is incorrect.')
            : { body: { success: true, message: 'Password updated.' } };
        },
      },
      SIGNED_IN,
    );
    const { user } = renderProfile();
    await user.click(screen.getByRole('tab', { name: 'Security' }));

    const current = screen.getByLabelText('Current password', { exact: true });
    await user.type(current, 'wrong one');
    await user.type(screen.getByLabelText('New password', { exact: true }), 'new password 1');
    await user.type(
      screen.getByLabelText('Confirm new password', { exact: true }),
      'new password 1{Enter}',
    );

    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('Current password is incorrect.');
    expect(current).toHaveFocus();
    expect(hasSession()).toBe(true);
    expect(authStore.getState().user).not.toBeNull();
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(
      screen.queryByText('Your session has expired. Please log in again.'),
    ).not.toBeInTheDocument();

    await user.clear(current);
    await user.type(current, 'right one{Enter}');
    expect(await screen.findByText('Password updated.')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({
      currentPassword: 'right one',
      newPassword: 'new password 1',
    });
    expect(current).toHaveValue('');
  });

  it('checks the new password before calling the server', async () => {
    const { calls } = mockApi({}, SIGNED_IN);
    const { user } = renderProfile();
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    await user.type(screen.getByLabelText('Current password', { exact: true }), 'whatever');
    await user.type(screen.getByLabelText('New password', { exact: true }), 'short');
    await user.type(screen.getByLabelText('Confirm new password', { exact: true }), 'other{Enter}');
    expect(screen.getByLabelText('New password', { exact: true })).toHaveAccessibleDescription(
      'Password must be at least 8 characters long',
    );
    expect(
      screen.getByLabelText('Confirm new password', { exact: true }),
    ).toHaveAccessibleDescription('Passwords must match');
    // Only what the signed-in page looks up by itself (unrecorded) reached the server.
    expect(calls).toEqual([]);
  });

  it('ends the session with its button even when the server call fails', async () => {
    const { calls } = mockApi(
      {
        'POST /api/auth/logout': apiFailure(
          500,
          'INTERNAL',
          'Server error. Please try again later.',
        ),
      },
      SIGNED_IN,
    );
    const { user, router } = renderProfile();

    await user.click(screen.getByRole('button', { name: 'End this session' }));

    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(calls[0]?.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);
    expect(hasSession()).toBe(false);
    expect(authStore.getState().user).toBeNull();
    expect(screen.getByText('There was a problem logging out')).toBeInTheDocument();
  });
});
