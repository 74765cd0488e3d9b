import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRESET_PERMISSIONS, type Membership, type PresetRole } from '@hospes/shared/team';
import { authStore } from '@/lib/auth';
import { mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { sampleEstablishment } from '@/features/admin/components/test-data';
import { ESTABLISHMENT_ID, sampleTraveler, STORED_PARTE } from '@/features/desk/test/fixtures';
import { TravelerViewRoute } from './traveler-view';

/**
 * The record page offers only what the member's role may do (decisions 058, 062): a receptionist
 * sees the record, edits it and registers a companion, but is not offered the deletion, the
 * document images, the history or the SES actions, which the server would refuse her.
 */
const traveler = sampleTraveler({
  documentUploads: [
    {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60',
      kind: 'front',
      mimeType: 'image/jpeg',
      originalName: 'front.jpg',
      size: 1000,
      createdAt: '2026-06-01T18:00:00.000Z',
    },
  ],
});

const stored = { ...STORED_PARTE, establishmentId: ESTABLISHMENT_ID };

function membershipAs(role: PresetRole): Membership {
  return {
    establishmentId: ESTABLISHMENT_ID,
    establishmentName: 'Albergue San Roque',
    role,
    roleName: null,
    permissions: [...PRESET_PERMISSIONS[role]],
  };
}

async function renderRecordAs(role: PresetRole) {
  mockApi(
    {},
    {
      unrecorded: {
        'GET /api/auth/me': {
          body: { success: true, user: sampleUser, memberships: [membershipAs(role)] },
        },
        [`GET /api/pilgrims/${traveler.id}`]: { body: { success: true, data: traveler } },
        [`GET /api/pilgrims/${traveler.id}/ses-communications`]: {
          body: { success: true, data: [stored] },
        },
        [`GET /api/pilgrims/${traveler.id}/documents/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60`]: {
          status: 404,
          body: { success: false, code: 'NOT_FOUND', message: 'x', requestId: 'r' },
        },
        'GET /api/establishments/user': {
          body: {
            success: true,
            data: [{ ...sampleEstablishment({ id: ESTABLISHMENT_ID }), role }],
          },
        },
      },
    },
  );
  authStore.setSession(sampleUser, { remember: true });
  renderRoutes([{ path: '/clients/view/:id', element: <TravelerViewRoute /> }], {
    path: `/clients/view/${traveler.id}`,
  });
  await screen.findByRole('heading', { level: 1, name: 'Lucía Fernández Ruiz' });
  // The memberships arrive from /me (until then nothing is hidden); the SES communications from
  // their call.
  await waitFor(() => expect(authStore.getState().memberships).toHaveLength(1));
  await screen.findByText(/abc-123/);
}

describe('the record page for a member’s role', { timeout: 20_000 }, () => {
  it('offers a receptionist what her role may do, and nothing else', async () => {
    await renderRecordAs('receptionist');
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Register a companion (same stay)' }),
    ).toBeInTheDocument();
    // The PDF is viewing (travelers.view).
    expect(screen.getByRole('button', { name: /PDF/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Uploaded documents' })).toBeNull();
    expect(screen.queryByRole('button', { name: /History of this record/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel at the Ministry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the correction' })).toBeNull();
  });

  it('offers an owner every action on the same record', async () => {
    await renderRecordAs('owner');
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Uploaded documents' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /History of this record/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel at the Ministry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the correction' })).toBeInTheDocument();
  });
});
