import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { SesXmlDialog } from './ses-xml-dialog';

const ISLAND_ID = '3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f';
const MAINLAND_ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const establishments = [
  { id: ISLAND_ID, name: 'Hotel Las Canteras', province: 'Las Palmas', postalCode: '35007' },
  { id: MAINLAND_ID, name: 'Albergue San Roque', province: 'A Coruña', postalCode: '15705' },
];

afterEach(() => vi.useRealTimers());

describe('the SES file’s dates, by the establishment’s own day', () => {
  it('proposes the island’s day at 23:30 there (00:30 in Madrid), and the mainland’s for a mainland one', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-15T23:30:00Z') });
    authStore.setSession(sampleUser, { remember: true });
    const notConnected = {
      body: {
        success: true,
        data: { user: null, passwordSet: false, environment: 'production', landlordCode: null },
      },
    };
    const { calls } = mockApi(
      {
        [`POST /api/establishments/${ISLAND_ID}/ses-xml`]: apiFailure(
          422,
          'SES_NO_TRAVELERS',
          'No travelers',
        ),
      },
      {
        unrecorded: {
          [`GET /api/establishments/${ISLAND_ID}/ses-connection`]: notConnected,
          [`GET /api/establishments/${MAINLAND_ID}/ses-connection`]: notConnected,
        },
      },
    );
    const { user } = renderPage(
      <SesXmlDialog open onClose={() => {}} establishments={establishments} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Generate the SES.HOSPEDAJES file' });
    const from = within(dialog).getByLabelText('From');
    const to = within(dialog).getByLabelText('To');
    expect(from).toHaveValue('2026-01-15');
    expect(to).toHaveValue('2026-01-15');

    // Another establishment: the proposed day is its own.
    const establishment = within(dialog).getByLabelText('Establishment');
    await user.selectOptions(establishment, MAINLAND_ID);
    expect(from).toHaveValue('2026-01-16');
    expect(to).toHaveValue('2026-01-16');
    // A date the user chose stays as it is.
    await user.clear(from);
    await user.type(from, '2026-01-10');
    await user.selectOptions(establishment, ISLAND_ID);
    expect(from).toHaveValue('2026-01-10');
    expect(to).toHaveValue('2026-01-15');

    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await within(dialog).findByRole('alert');
    expect(calls[0]!.body).toMatchObject({ kind: 'PV', from: '2026-01-10', to: '2026-01-15' });
  });
});
