import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleEstablishment } from '@/features/admin/components/test-data';
import { ESTABLISHMENT_ID, NO_SAME_DOCUMENT, sampleTraveler } from '@/features/desk/test/fixtures';
import { field } from '@/features/desk/test/form';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, renderRoutes, sampleUser } from '@/test/utils';
import { TravelerViewRoute } from './traveler-view';
import { TravelerRegistrationRoute } from './traveler-registration';
const OTHER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const other = sampleEstablishment({ id: OTHER_ID, name: 'Albergue de Triacastela' });

describe('the desk for an establishment named in the address', { timeout: 30_000 }, () => {
  it('an administrator registers at any establishment ("New pilgrim" on the admin pages), not only at their own', async () => {
    authStore.setSession({ ...sampleUser, role: 'admin' }, { remember: true });
    const { calls } = mockApi(
      {
        'GET /api/establishments/user': { body: { success: true, data: [] } },
        // The platform's list does not reach it (over the desk's first page of them).
        'GET /api/establishments': {
          body: {
            success: true,
            data: [],
            pagination: { total: 250, page: 1, limit: 100, totalPages: 3 },
          },
        },
        [`GET /api/establishments/${OTHER_ID}`]: { body: { success: true, data: other } },
      },
      NO_SAME_DOCUMENT,
    );
    renderPage(<TravelerRegistrationRoute />, {
      path: `/traveler-registration?establishmentId=${OTHER_ID}`,
    });
    expect(await screen.findByRole('button', { name: 'Save record' })).toBeInTheDocument();
    expect(screen.getByText('Albergue de Triacastela')).toBeInTheDocument();
    expect(screen.queryByText('You must create an establishment first')).not.toBeInTheDocument();
    expect(calls.map((call) => call.url.pathname)).toContain(`/api/establishments/${OTHER_ID}`);
  });

  it('an administrator without establishments of their own chooses any at the desk, never told to create one first', async () => {
    authStore.setSession({ ...sampleUser, role: 'admin' }, { remember: true });
    const first = sampleEstablishment({ id: ESTABLISHMENT_ID, name: 'Albergue San Roque' });
    const { calls } = mockApi(
      {
        'GET /api/establishments/user': { body: { success: true, data: [] } },
        'GET /api/establishments': {
          body: {
            success: true,
            data: [first, other],
            pagination: { total: 2, page: 1, limit: 100, totalPages: 1 },
          },
        },
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderPage(<TravelerRegistrationRoute />, { path: '/traveler-registration' });
    const chooser = await screen.findByRole('combobox', { name: 'Establishment' });
    expect(screen.queryByText('You must create an establishment first')).not.toBeInTheDocument();
    expect(
      calls.find((c) => c.url.pathname === '/api/establishments')?.url.searchParams.get('limit'),
    ).toBe('100');
    await user.selectOptions(chooser, OTHER_ID);
    expect(await screen.findByRole('button', { name: 'Save record' })).toBeInTheDocument();
  });

  it('a user who is not an administrator still chooses among their own, and is not sent to another', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const { calls } = mockApi(
      { 'GET /api/establishments/user': { body: { success: true, data: [] } } },
      NO_SAME_DOCUMENT,
    );
    renderPage(<TravelerRegistrationRoute />, {
      path: `/traveler-registration?establishmentId=${OTHER_ID}`,
    });
    expect(await screen.findByText('You must create an establishment first')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save record' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url.pathname)).not.toContain(`/api/establishments/${OTHER_ID}`);
  });
});

describe('a companion of a registered traveler, from their record', { timeout: 30_000 }, () => {
  it('"Register a companion" on the record opens the desk with the stay shared under the traveler’s contract', async () => {
    // Sent in the background (decision 032): no summary offered the companion; the record does.
    authStore.setSession(sampleUser, { remember: true });
    const traveler = sampleTraveler({
      reportNumber: '2026/000010',
      entryDate: '2026-11-20',
      checkOutDate: '2026-11-21',
    });
    mockApi(
      {
        [`GET /api/pilgrims/${traveler.id}`]: { body: { success: true, data: traveler } },
        'GET /api/establishments/user': {
          body: {
            success: true,
            data: [{ ...sampleEstablishment({ id: ESTABLISHMENT_ID }), role: 'owner' }],
          },
        },
      },
      NO_SAME_DOCUMENT,
    );
    const { user, router } = renderRoutes(
      [
        { path: '/clients/view/:id', element: <TravelerViewRoute /> },
        { path: '/traveler-registration', element: <TravelerRegistrationRoute /> },
      ],
      { path: `/clients/view/${traveler.id}` },
    );
    await user.click(await screen.findByRole('link', { name: 'Register a companion (same stay)' }));
    expect(router.state.location.search).toBe(
      `?establishmentId=${ESTABLISHMENT_ID}&companionOf=${traveler.id}`,
    );
    expect(
      (await screen.findAllByText(/Companion of Lucía Fernández Ruiz: .*\(contract 2026\/000010\)/))
        .length,
    ).toBeGreaterThan(0);
    expect(field('First name')).toHaveValue('');
    expect(field('Entry date')).toHaveValue('2026-11-20');
    expect(field('Check-out date')).toHaveValue('2026-11-21');
  });
});
