import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Pilgrim } from '@hospes/shared/pilgrims';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { samplePilgrim } from '@/features/clients/test/fixtures';
import { ClientViewRoute } from './client-view';

const pending = samplePilgrim({
  selfRegistration: { status: 'pending', confirmationCode: '7K2M9QXA' },
});
const confirmed: Pilgrim = {
  ...pending,
  selfRegistration: { status: 'confirmed', confirmationCode: '7K2M9QXA' },
};

function renderView() {
  authStore.setSession('tok_abcdefghijklmnopqrstuvwxyz012345', sampleUser, { remember: true });
  return renderRoutes([{ path: '/clients/view/:id', element: <ClientViewRoute /> }], {
    path: `/clients/view/${pending.id}`,
  });
}

describe('the record of a self-registered traveler', { timeout: 20_000 }, () => {
  it('shows the status and the code, and confirms after the check against the document', async () => {
    let current = pending;
    const { calls } = mockApi({
      [`GET /api/pilgrims/${pending.id}`]: () => ({ body: { success: true, data: current } }),
      [`POST /api/pilgrims/${pending.id}/confirm`]: () => {
        current = confirmed;
        return { body: { success: true, data: confirmed } };
      },
    });
    const { user, queryClient } = renderView();

    const panel = await screen.findByRole('region', { name: 'Self-registration' });
    expect(within(panel).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(panel).getByText('7K2M-9QXA')).toBeInTheDocument();

    // Asked first (the details must have been checked); Cancel sends nothing.
    await user.click(within(panel).getByRole('button', { name: 'Confirm registration' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Confirm the registration of Lucía Fernández Ruiz?',
    });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const listKey = ['pilgrims', 'list', {}];
    queryClient.setQueryData(listKey, { stale: false });
    await user.click(within(panel).getByRole('button', { name: 'Confirm registration' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', {
        name: 'Confirm registration',
      }),
    );

    const result = await within(panel).findByText('Registration confirmed.');
    expect(result).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(panel).getByTestId('self-registration-status')).toHaveTextContent('Confirmed');
    expect(within(panel).queryByRole('button', { name: 'Confirm registration' })).toBeNull();
    // The lists (and the pending count) are refetched.
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('keeps the question open with the reason when the confirmation fails', async () => {
    mockApi({
      [`GET /api/pilgrims/${pending.id}`]: { body: { success: true, data: pending } },
      [`POST /api/pilgrims/${pending.id}/confirm`]: apiFailure(
        404,
        'PILGRIM_NOT_FOUND',
        'Pilgrim not found',
      ),
    });
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Confirm registration' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm registration' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Pilgrim not found');
    expect(screen.getByTestId('self-registration-status')).toHaveTextContent('Awaiting review');
  });

  it('shows a confirmed registration with its code and without the action', async () => {
    mockApi({
      [`GET /api/pilgrims/${pending.id}`]: { body: { success: true, data: confirmed } },
    });
    renderView();
    const panel = await screen.findByRole('region', { name: 'Self-registration' });
    expect(within(panel).getByTestId('self-registration-status')).toHaveTextContent('Confirmed');
    expect(within(panel).getByText('7K2M-9QXA')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm registration' })).toBeNull();
  });

  it('has no self-registration panel for a record staff entered', async () => {
    mockApi({
      [`GET /api/pilgrims/${pending.id}`]: {
        body: { success: true, data: samplePilgrim({ selfRegistration: null }) },
      },
    });
    renderView();
    expect(await screen.findByRole('heading', { name: 'Lucía Fernández Ruiz' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Self-registration' })).toBeNull();
  });
});
