import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRESET_PERMISSIONS, type Membership, type Permission } from '@hospes/shared/team';
import { authStore } from '@/lib/auth';
import { mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { sampleEstablishment } from '@/features/admin/components/test-data';
import { ESTABLISHMENT_ID, sampleTraveler } from '@/features/desk/test/fixtures';
import { TravelerEditRoute } from './traveler-edit';

/**
 * The edit page opened by its address follows the role too (decision 062): a member whose role
 * may view but not edit gets no form (the server would refuse the save), but the way back.
 */
const traveler = sampleTraveler();

function renderEditWith(permissions: Permission[]) {
  const membership: Membership = {
    establishmentId: ESTABLISHMENT_ID,
    establishmentName: 'Albergue San Roque',
    role: 'custom',
    roleName: 'Night porter',
    permissions,
  };
  mockApi(
    {},
    {
      unrecorded: {
        'GET /api/auth/me': {
          body: { success: true, user: sampleUser, memberships: [membership] },
        },
        [`GET /api/pilgrims/${traveler.id}`]: { body: { success: true, data: traveler } },
        'GET /api/establishments/user': {
          body: {
            success: true,
            data: [{ ...sampleEstablishment({ id: ESTABLISHMENT_ID }), role: 'custom' }],
          },
        },
      },
    },
  );
  authStore.setSession(sampleUser, { remember: true });
  renderRoutes([{ path: '/clients/edit/:id', element: <TravelerEditRoute /> }], {
    path: `/clients/edit/${traveler.id}`,
  });
}

describe('the traveler edit page for a member’s role', { timeout: 20_000 }, () => {
  it('shows no form to a role that may only view, and leads back to the record', async () => {
    renderEditWith(['travelers.view']);
    await waitFor(() => expect(authStore.getState().memberships).toHaveLength(1));
    expect(
      await screen.findByText('You do not have permission to perform this action'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the record' })).toHaveAttribute(
      'href',
      `/clients/view/${traveler.id}`,
    );
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
  });

  it('shows the form to a role that may edit', async () => {
    renderEditWith([...PRESET_PERMISSIONS.receptionist]);
    await waitFor(() => expect(authStore.getState().memberships).toHaveLength(1));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Lucía Fernández Ruiz' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('You do not have permission to perform this action')).toBeNull();
  });
});
