import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type CustomRole, type Team } from '@hospes/shared/team';
import { authStore } from '@/lib/auth';
import { mockApi, ownerMe, renderRoutes, sampleUser, type MockCall } from '@/test/utils';
import { TeamRoute } from './team';

/**
 * The team's custom roles (decision 058): made from a checklist of every permission, sent with the
 * ones ticked, listed with what they may do.
 */
const EST = '0190a3b2-0000-7000-8000-000000000001';
const TEAM = `/api/establishments/${EST}/team`;
const ROLES = `/api/establishments/${EST}/roles`;

describe('the custom roles of a team', { timeout: 20_000 }, () => {
  it('offers every permission, refuses a role without one, and creates it with the ones ticked', async () => {
    const user = userEvent.setup();
    let team: Team = { members: [], invitations: [], roles: [] };
    const { calls } = mockApi(
      {
        [`POST ${ROLES}`]: (call: MockCall) => {
          const body = call.body as Pick<CustomRole, 'name' | 'permissions'>;
          const role: CustomRole = {
            id: '0190a3b2-0000-7000-8000-0000000000cc',
            name: body.name,
            permissions: body.permissions,
            members: 0,
          };
          team = { ...team, roles: [role] };
          return { status: 201, body: { success: true, data: role } };
        },
      },
      {
        unrecorded: {
          [`GET ${TEAM}`]: () => ({ body: { success: true, data: team } }),
          'GET /api/auth/me': ownerMe(EST),
        },
      },
    );
    authStore.setSession(sampleUser, { remember: true });
    await waitFor(() => expect(authStore.getState().memberships).toHaveLength(1));
    renderRoutes([{ path: '/team', element: <TeamRoute /> }], { path: '/team' });

    const roles = await screen.findByRole('region', { name: 'Custom roles' });
    const boxes = within(roles).getAllByRole('checkbox');
    expect(boxes).toHaveLength(PERMISSIONS.length);
    expect(within(roles).getByRole('group', { name: 'Permissions' })).toBeInTheDocument();

    // A name alone is no role.
    await user.type(within(roles).getByRole('textbox', { name: 'Role name' }), 'Night desk');
    await user.click(within(roles).getByRole('button', { name: 'Create role' }));
    expect(
      await within(roles).findByText('Give the role a name and at least one permission.'),
    ).toBeVisible();
    expect(calls).toEqual([]);

    await user.click(within(roles).getByRole('checkbox', { name: 'Register travelers' }));
    await user.click(within(roles).getByRole('checkbox', { name: 'View travelers' }));
    // Ticked and unticked again: not sent.
    await user.click(within(roles).getByRole('checkbox', { name: 'Export' }));
    await user.click(within(roles).getByRole('checkbox', { name: 'Export' }));
    await user.click(within(roles).getByRole('button', { name: 'Create role' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      name: 'Night desk',
      permissions: ['travelers.register', 'travelers.view'],
    });
    expect(await within(roles).findByText('Night desk')).toBeInTheDocument();
    expect(within(roles).getByText('Register travelers, View travelers')).toBeInTheDocument();
    // The form is empty again for the next role.
    expect(within(roles).getByRole('textbox', { name: 'Role name' })).toHaveValue('');
    for (const box of within(roles).getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });
});
