import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRESET_PERMISSIONS, type PresetRole } from '@hospes/shared/team';
import { authStore } from '@/lib/auth';
import { mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { sampleEstablishment } from '@/features/admin/components/test-data';
import { ReservationsRoute } from './reservations';

/**
 * The reservations page offers the channels' calendars and Hospes's own calendar to the roles that
 * manage the establishment, and the CSV to those that import (decision 062): a receptionist sees
 * the reservations only, and her browser does not ask for the calendars the server would refuse.
 */
const EST = '0190a3b2-0000-7000-8000-000000000001';

async function renderAs(role: PresetRole) {
  const { calls } = mockApi(
    {
      [`GET /api/establishments/${EST}/reservation-feeds`]: { body: { success: true, data: [] } },
      [`GET /api/establishments/${EST}/reservations/calendar-export`]: {
        body: { success: true, data: { url: 'http://localhost/public/calendars/secret' } },
      },
    },
    {
      unrecorded: {
        'GET /api/auth/me': {
          body: {
            success: true,
            user: sampleUser,
            memberships: [
              {
                establishmentId: EST,
                establishmentName: 'Apartamentos Mar',
                role,
                roleName: null,
                permissions: [...PRESET_PERMISSIONS[role]],
              },
            ],
          },
        },
        'GET /api/establishments/user': {
          body: { success: true, data: [{ ...sampleEstablishment({ id: EST }), role }] },
        },
        [`GET /api/establishments/${EST}/reservation-reports`]: {
          body: { success: true, data: [] },
        },
        [`GET /api/establishments/${EST}/reservations`]: {
          body: {
            success: true,
            data: [],
            pagination: { total: 0, page: 1, limit: 50, totalPages: 0 },
          },
        },
      },
    },
  );
  authStore.setSession(sampleUser, { remember: true });
  await waitFor(() => expect(authStore.getState().memberships).toHaveLength(1));
  renderRoutes([{ path: '/reservations', element: <ReservationsRoute /> }], {
    path: '/reservations',
  });
  await screen.findByRole('heading', { name: 'Reservations by arrival' });
  return calls;
}

describe('the reservations page for a member’s role', { timeout: 20_000 }, () => {
  it('shows a receptionist the reservations, not the calendars or the CSV import', async () => {
    const calls = await renderAs('receptionist');
    expect(screen.queryByRole('heading', { name: 'Channel calendars (iCal)' })).toBeNull();
    expect(
      screen.queryByRole('heading', { name: "Hospes's calendar for the channels" }),
    ).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Import from a CSV file' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows an owner the calendars, the export and the CSV import', async () => {
    const calls = await renderAs('owner');
    expect(
      await screen.findByRole('heading', { name: 'Channel calendars (iCal)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: "Hospes's calendar for the channels" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Import from a CSV file' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((call) => call.url.pathname).sort()).toEqual([
        `/api/establishments/${EST}/reservation-feeds`,
        `/api/establishments/${EST}/reservations/calendar-export`,
      ]),
    );
  });
});
