import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { ESTABLISHMENT_ID, NOTHING_SENT_TO_SES, sampleTraveler } from '../test/fixtures';
import { EditTravelerForm } from './edit-traveler-form';
import { DeskTravelerForm } from './desk-traveler-form';

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const municipality = () => screen.getByRole('combobox', { name: 'Municipality' });

function renderForm() {
  authStore.setSession(sampleUser, { remember: true });
  return renderPage(<DeskTravelerForm establishmentId={ESTABLISHMENT_ID} onSaved={vi.fn()} />, {
    path: '/traveler-registration',
  });
}

async function spanishAddress(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: /Home address/ }));
  await user.type(screen.getByRole('combobox', { name: 'Country of residence' }), 'spain{Enter}');
}

// The INE list is a chunk loaded on demand: the first look-up waits for it (in jsdom, beside
// another test file on two busy cores, that once took over 30 s).
describe(
  'traveler form: the municipality of a Spanish address (decision 026)',
  { timeout: 60_000 },
  () => {
    it('fills in the INE code and the name from the postal code, and shows them', async () => {
      mockApi({});
      const { user } = renderForm();
      await spanishAddress(user);
      // No free-text name in Spain: the municipality is picked from the INE list.
      expect(screen.queryByRole('textbox', { name: 'Municipality' })).not.toBeInTheDocument();

      await user.type(field('Postal code'), '28013');

      await vi.waitFor(() => expect(municipality()).toHaveValue('Madrid (28079)'), {
        timeout: 10_000,
      });
      expect(field('Municipality code (INE)')).toHaveValue('28079');
      expect(municipality()).toHaveAccessibleDescription(
        expect.stringContaining('Municipality: Madrid (28079)'),
      );

      // A corrected postal code moves a municipality the look-up filled in.
      await user.clear(field('Postal code'));
      await user.type(field('Postal code'), '27671');
      await vi.waitFor(() => expect(municipality()).toHaveValue('Pedrafita do Cebreiro (27045)'));
      expect(field('Municipality code (INE)')).toHaveValue('27045');
    });

    it('offers the municipalities of a postal code that covers several, and any other by name', async () => {
      mockApi({});
      const { user } = renderForm();
      await spanishAddress(user);
      await user.type(field('Postal code'), '01118');

      const use = await screen.findByRole(
        'button',
        { name: 'Use Condado de Treviño (09109)' },
        { timeout: 10_000 },
      );
      expect(
        screen.getByText('Postal code 01118 covers several municipalities: choose yours.'),
      ).toBeInTheDocument();
      expect(field('Municipality code (INE)')).toHaveValue('');
      await user.click(use);
      expect(field('Municipality code (INE)')).toHaveValue('09109');
      expect(municipality()).toHaveValue('Condado de Treviño (09109) · Burgos');

      // By name, accents aside: the list of the whole province, and the code finds it too.
      await user.clear(municipality());
      await user.type(municipality(), 'bernedo');
      const listbox = screen.getByRole('listbox', { name: 'Municipality' });
      await user.click(within(listbox).getByRole('option', { name: 'Bernedo (01016)' }));
      expect(field('Municipality code (INE)')).toHaveValue('01016');
    });

    it('keeps a code typed by hand, offers the postal code’s one, and refuses an unknown one on save', async () => {
      const { fetchMock } = mockApi({});
      const { user } = renderForm();
      await spanishAddress(user);
      // 28013 is the postal code of central Madrid, and the INE code of Aranjuez.
      await user.type(field('Municipality code (INE)'), '28013');
      await user.type(field('Postal code'), '28013');

      const use = await screen.findByRole(
        'button',
        { name: 'Use Madrid (28079)' },
        { timeout: 10_000 },
      );
      expect(screen.getByText('Postal code 28013 belongs to Madrid (28079).')).toBeInTheDocument();
      expect(municipality()).toHaveValue('Aranjuez (28013)');
      await user.click(use);
      expect(field('Municipality code (INE)')).toHaveValue('28079');

      await user.clear(field('Municipality code (INE)'));
      await user.type(field('Municipality code (INE)'), '28999');
      await user.click(screen.getByRole('button', { name: 'Save record' }));
      await vi.waitFor(() =>
        expect(municipality()).toHaveAccessibleDescription(
          expect.stringContaining('This municipality code is not in the INE list'),
        ),
      );
      // Nothing but the memberships look-up of signing in (GET /api/auth/me) reached the network.
      expect(
        fetchMock.mock.calls
          .map(([url]) => String(url))
          .filter((url) => !url.startsWith('/api/auth/me?')),
      ).toEqual([]);
    });

    it('loads a stored record whose code is not in the list, and sends the code and name picked', async () => {
      const { calls } = mockApi(
        {
          'PUT /api/pilgrims/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d': {
            body: { success: true, message: 'ok', data: sampleTraveler() },
          },
        },
        NOTHING_SENT_TO_SES,
      );
      authStore.setSession(sampleUser, { remember: true });
      const pilgrim = sampleTraveler({
        address: {
          street: 'Rúa do Progreso 1',
          complement: null,
          municipalityCode: '15800',
          municipalityName: null,
          postalCode: '15800',
          country: 'ESP',
        },
      });
      const { user } = renderPage(<EditTravelerForm traveler={pilgrim} onSaved={vi.fn()} />, {
        path: '/clients/edit/1',
      });
      expect(field('Municipality code (INE)')).toHaveValue('15800');
      await user.click(
        await screen.findByRole('button', { name: 'Use Melide (15046)' }, { timeout: 10_000 }),
      );
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]?.body).toMatchObject({
        address: { municipalityCode: '15046', municipalityName: 'Melide', postalCode: '15800' },
      });
    });
  },
);
