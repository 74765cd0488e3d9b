import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@hospes/shared/admin';
import { authStore } from '@/lib/auth';
import { hiddenTextEscapingScrollBoxes } from '@/test/layout';
import { apiFailure, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { findToast } from './test-data';
import { UsersAdmin } from './users-admin';

const me = { ...sampleUser, role: 'admin' as const, name: 'Admin Uno' };
function adminUser(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: '1b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a11',
    name: 'Pilar Romero',
    email: 'pilar@example.com',
    role: 'user',
    isActive: true,
    emailVerified: true,
    language: 'es',
    lastLogin: null,
    createdAt: '2026-01-01T09:00:00.000Z',
    establishments: [],
    ...overrides,
  };
}
const pilar = adminUser({
  establishments: [
    { id: '8b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a12', name: 'Albergue San Roque', role: 'owner' },
  ],
});
const self = adminUser({ id: me.id, name: me.name, email: me.email, role: 'admin' });
const list = (data: AdminUser[]) => ({
  body: {
    success: true,
    data,
    pagination: { total: data.length, page: 1, limit: 10, totalPages: 1 },
  },
});

function renderUsers(path = '/admin/users') {
  authStore.setSession(me, { remember: true });
  return renderRoutes([{ path: '/admin/users', element: <UsersAdmin /> }], { path });
}

describe('admin users', () => {
  it('lists each user with role, account state, last login and establishments', async () => {
    const { calls } = mockApi({ 'GET /api/admin/users': list([self, pilar]) });
    renderUsers('/admin/users?search=pi&role=user');
    const row = (await screen.findByRole('rowheader', { name: /Pilar Romero/ })).closest('tr')!;
    expect(row).toHaveTextContent('User');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('Email verified');
    expect(row).toHaveTextContent('Never');
    expect(within(row).getByRole('link', { name: 'Albergue San Roque' })).toHaveAttribute(
      'href',
      '/admin/establishments/view/8b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a12',
    );
    // The team role's name (decision 058).
    expect(row).toHaveTextContent('Albergue San Roque (Owner)');
    expect(calls[0]?.url.searchParams.get('search')).toBe('pi');
    expect(calls[0]?.url.searchParams.get('role')).toBe('user');
    // No "deactivate" on one's own row.
    const mine = screen.getByRole('rowheader', { name: /Admin Uno/ }).closest('tr')!;
    expect(within(mine).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
  });

  it('keeps the actions’ hidden names inside the table’s scroll box (no sideways page)', async () => {
    mockApi({ 'GET /api/admin/users': list([self, pilar]) });
    const { container } = renderUsers();
    await screen.findByRole('rowheader', { name: /Pilar Romero/ });
    expect(screen.getByRole('button', { name: 'Deactivate Pilar Romero' })).toBeInTheDocument();
    expect(hiddenTextEscapingScrollBoxes(container)).toEqual([]);
    // From tablets up the actions stay in sight at the end of the box while the rest scrolls.
    const actions = screen.getByRole('columnheader', { name: 'Actions' });
    const cell = screen.getByRole('button', { name: 'Deactivate Pilar Romero' }).closest('td');
    for (const element of [actions, cell]) {
      expect(element?.className.split(/\s+/)).toEqual(
        expect.arrayContaining(['sm:sticky', 'sm:inset-e-0']),
      );
    }
  });

  it('makes a user an administrator after confirming', async () => {
    const { calls } = mockApi({
      'GET /api/admin/users': list([pilar]),
      [`PATCH /api/admin/users/${pilar.id}`]: {
        body: { success: true, message: 'User updated.', data: { ...pilar, role: 'admin' } },
      },
    });
    const { user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Make admin Pilar Romero' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Make Pilar Romero an administrator?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    expect(await findToast('User updated.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ role: 'admin' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows why the server refused (the last active admin) inside the dialog', async () => {
    const other = adminUser({
      id: '2b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a11',
      name: 'Otro Admin',
      role: 'admin',
    });
    mockApi({
      'GET /api/admin/users': list([other]),
      [`PATCH /api/admin/users/${other.id}`]: apiFailure(
        409,
        'LAST_ADMIN',
        'This is the last active administrator: make another user an administrator before demoting or deactivating this one.',
      ),
    });
    const { user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Remove admin Otro Admin' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This is the last active administrator',
    );
  });

  it('deactivates and sends a password reset link, each after confirming', async () => {
    const { calls } = mockApi({
      'GET /api/admin/users': list([pilar]),
      [`PATCH /api/admin/users/${pilar.id}`]: {
        body: { success: true, message: 'User updated.', data: { ...pilar, isActive: false } },
      },
      [`POST /api/admin/users/${pilar.id}/password-reset`]: {
        body: {
          success: true,
          message: 'A link to choose a new password has been sent to pilar@example.com.',
        },
      },
    });
    const { user } = renderUsers();
    await user.click(
      await screen.findByRole('button', { name: 'Send password reset Pilar Romero' }),
    );
    expect(screen.getByRole('alertdialog')).toHaveTextContent('pilar@example.com');
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Send link' }),
    );
    expect(
      await findToast('A link to choose a new password has been sent to pilar@example.com.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deactivate Pilar Romero' }));
    expect(screen.getByRole('alertdialog', { name: 'Deactivate Pilar Romero?' })).toHaveTextContent(
      'signed out everywhere at once',
    );
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }),
    );
    expect(await findToast('User updated.')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.body]),
    ).toEqual([
      ['POST', {}],
      ['PATCH', { isActive: false }],
    ]);
  });
});
