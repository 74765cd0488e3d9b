import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleEstablishment } from '@/features/admin/components/test-data';
import { NO_SAME_DOCUMENT } from '@/features/clients/test/fixtures';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { TravelerRegistrationRoute } from './traveler-registration';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const OTHER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const other = sampleEstablishment({ id: OTHER_ID, name: 'Albergue de Triacastela' });

describe('the desk for an establishment named in the address', { timeout: 30_000 }, () => {
  it('an administrator registers at any establishment ("New pilgrim" on the admin pages), not only at their own', async () => {
    authStore.setSession(TOKEN, { ...sampleUser, role: 'admin' }, { remember: true });
    const { calls } = mockApi(
      {
        'GET /api/establishments/user': { body: { success: true, data: [] } },
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

  it('a user who is not an administrator still chooses among their own, and is not sent to another', async () => {
    authStore.setSession(TOKEN, sampleUser, { remember: true });
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
