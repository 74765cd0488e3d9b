import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRESET_PERMISSIONS, type Membership } from '@hospes/shared/team';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { EstablishmentPage } from './establishment-page';

/** The frame of the team, API keys and webhooks pages: which establishment the page is about. */
const member = (id: string, name: string, role: 'owner' | 'receptionist'): Membership => ({
  establishmentId: id,
  establishmentName: name,
  role,
  roleName: null,
  permissions: [...PRESET_PERMISSIONS[role]],
});
const SARRIA = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01';
const MELIDE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a02';
const ARZUA = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a03';

async function renderWith(memberships: Membership[], path = '/team') {
  mockApi({
    'GET /api/auth/me': { body: { success: true, user: sampleUser, memberships } },
  });
  authStore.setSession(sampleUser, { remember: true });
  const view = renderPage(
    <EstablishmentPage
      permission="team.manage"
      title="Team"
      intro="Who works here."
      none="You manage no team."
      choose="Establishment"
    >
      {(chosen) => <p>Page of {chosen.establishmentName}</p>}
    </EstablishmentPage>,
    { path },
  );
  await waitFor(() => expect(authStore.getState().memberships).toHaveLength(memberships.length));
  return view;
}

describe('a page about one of the user’s establishments', () => {
  it('offers the establishments where the permission is held, and follows the address', async () => {
    const { user, router } = await renderWith(
      [
        member(SARRIA, 'Albergue de Sarria', 'owner'),
        member(MELIDE, 'Albergue de Melide', 'owner'),
        member(ARZUA, 'Albergue de Arzúa', 'receptionist'),
      ],
      `/team?establishmentId=${MELIDE}`,
    );
    expect(await screen.findByText('Page of Albergue de Melide')).toBeInTheDocument();
    const choice = screen.getByRole('combobox', { name: 'Establishment' });
    // The receptionist's establishment is not offered: its team is not hers to manage.
    expect([...choice.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Albergue de Sarria',
      'Albergue de Melide',
    ]);
    await user.selectOptions(choice, SARRIA);
    expect(await screen.findByText('Page of Albergue de Sarria')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?establishmentId=${SARRIA}`);
  });

  it('names the only one, and says so when there is none', async () => {
    await renderWith([member(SARRIA, 'Albergue de Sarria', 'owner')]);
    expect(await screen.findByText('Page of Albergue de Sarria')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Albergue de Sarria')).toBeInTheDocument();
  });

  it('says so when the permission is held nowhere', async () => {
    await renderWith([member(ARZUA, 'Albergue de Arzúa', 'receptionist')]);
    expect(await screen.findByText('You manage no team.')).toBeInTheDocument();
    expect(screen.queryByText(/Page of/)).toBeNull();
  });
});
