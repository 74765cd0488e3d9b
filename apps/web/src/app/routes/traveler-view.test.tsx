import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Traveler } from '@hospes/shared/travelers';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { sampleEstablishment } from '@/features/admin/components/test-data';
import { ESTABLISHMENT_ID, sampleTraveler } from '@/features/desk/test/fixtures';
import { TravelerViewRoute } from './traveler-view';

const pending = sampleTraveler({
  selfRegistration: { status: 'pending', confirmationCode: '7K2M9QXA' },
});
const confirmed: Traveler = {
  ...pending,
  selfRegistration: { status: 'confirmed', confirmationCode: '7K2M9QXA' },
};

/** The user's establishments: the traveler's, in A Coruña (the mainland's clock) unless moved. */
const establishmentsIn = (place: { province: string; postalCode: string } | null) => ({
  'GET /api/establishments/user': {
    body: {
      success: true,
      data: place
        ? [{ ...sampleEstablishment({ id: ESTABLISHMENT_ID, ...place }), role: 'owner' }]
        : [],
    },
  },
});
const MAINLAND = { province: 'A Coruña', postalCode: '15705' };
const TENERIFE = { province: 'Santa Cruz de Tenerife', postalCode: '38001' };

afterEach(() => {
  vi.useRealTimers();
});

function renderView() {
  authStore.setSession(sampleUser, { remember: true });
  return renderRoutes([{ path: '/clients/view/:id', element: <TravelerViewRoute /> }], {
    path: `/clients/view/${pending.id}`,
  });
}

describe('the record of a self-registered traveler', { timeout: 20_000 }, () => {
  it('shows the status and the code, and confirms after the check against the document', async () => {
    // The form was sent the evening before (its entry date); the traveler arrives today.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T09:15:00Z') });
    let current = pending;
    const { calls } = mockApi(
      {
        [`GET /api/pilgrims/${pending.id}`]: () => ({ body: { success: true, data: current } }),
        [`POST /api/pilgrims/${pending.id}/confirm`]: () => {
          current = confirmed;
          return { body: { success: true, data: confirmed } };
        },
      },
      { unrecorded: establishmentsIn(MAINLAND) },
    );
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
    // The day of arrival, today, not the day the form was sent: one tap confirms it.
    const arrival = within(screen.getByRole('alertdialog')).getByLabelText('Arrival date');
    expect(arrival).toHaveValue('2026-11-21');
    expect(arrival).toHaveAttribute('type', 'date');
    expect(arrival).toHaveAccessibleDescription(/Saved as the entry date/);
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
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([{ entryDate: '2026-11-21' }]);
  });

  it('proposes the day of the establishment’s clock, and sends the day staff chose', async () => {
    // 23:30 in Tenerife is already the next day in Madrid.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-15T23:30:00Z') });
    const { calls } = mockApi(
      {
        [`GET /api/pilgrims/${pending.id}`]: { body: { success: true, data: pending } },
        [`POST /api/pilgrims/${pending.id}/confirm`]: { body: { success: true, data: confirmed } },
      },
      { unrecorded: establishmentsIn(TENERIFE) },
    );
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Confirm registration' }));
    const dialog = screen.getByRole('alertdialog');
    const arrival = within(dialog).getByLabelText('Arrival date');
    expect(arrival).toHaveValue('2026-01-15');
    fireEvent.change(arrival, { target: { value: '2026-01-14' } });
    // Enter in the field confirms, as the button does.
    await user.type(arrival, '{Enter}');
    expect(await screen.findByText('Registration confirmed.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { entryDate: '2026-01-14' },
    ]);
  });

  it('proposes the day of the stay’s check-in time when staff recorded one', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T09:00:00Z') });
    const withStay: Traveler = {
      ...pending,
      stay: { ...pending.stay, entryDateTime: '2026-11-22T19:30:00' },
    };
    mockApi(
      { [`GET /api/pilgrims/${pending.id}`]: { body: { success: true, data: withStay } } },
      { unrecorded: establishmentsIn(MAINLAND) },
    );
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Confirm registration' }));
    expect(within(screen.getByRole('alertdialog')).getByLabelText('Arrival date')).toHaveValue(
      '2026-11-22',
    );
  });

  it('without the establishment’s clock sends no day unless staff change it (the server’s day)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T09:00:00Z') });
    const { calls } = mockApi(
      {
        [`GET /api/pilgrims/${pending.id}`]: { body: { success: true, data: pending } },
        [`POST /api/pilgrims/${pending.id}/confirm`]: apiFailure(502, 'HTTP_502', 'Bad gateway'),
      },
      // Not one of the user's establishments (an admin's view).
      { unrecorded: establishmentsIn(null) },
    );
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Confirm registration' }));
    const dialog = screen.getByRole('alertdialog');
    const arrival = within(dialog).getByLabelText('Arrival date');
    expect(arrival).toHaveValue('2026-11-23');
    const confirmButton = within(dialog).getByRole('button', { name: 'Confirm registration' });
    await user.click(confirmButton);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The registration could not be confirmed.',
    );
    fireEvent.change(arrival, { target: { value: '2026-11-22' } });
    await user.click(confirmButton);
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        {},
        { entryDate: '2026-11-22' },
      ]),
    );
  });

  it('asks for a day before sending, and shows the server’s reasons when it refuses one', async () => {
    const { calls } = mockApi(
      {
        [`GET /api/pilgrims/${pending.id}`]: { body: { success: true, data: pending } },
        [`POST /api/pilgrims/${pending.id}/confirm`]: apiFailure(
          400,
          'VALIDATION_FAILED',
          'Error in the data sent',
          [
            {
              field: 'entryDate',
              code: 'validation.entryBeforeBirth',
              message: 'The entry date cannot be before the date of birth',
            },
            {
              field: 'documentExpeditionDate',
              code: 'validation.expeditionAfterEntry',
              message: 'The expedition date cannot be after the entry date',
            },
          ],
        ),
      },
      { unrecorded: establishmentsIn(MAINLAND) },
    );
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Confirm registration' }));
    const dialog = screen.getByRole('alertdialog');
    const arrival = within(dialog).getByLabelText('Arrival date');
    const confirmButton = within(dialog).getByRole('button', { name: 'Confirm registration' });

    fireEvent.change(arrival, { target: { value: '' } });
    await user.click(confirmButton);
    expect(arrival).toHaveAccessibleDescription(/This field is required/);
    expect(arrival).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(arrival, { target: { value: '1980-01-01' } });
    await user.click(confirmButton);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The entry date cannot be before the date of birth');
    expect(alert).toHaveTextContent('The expedition date cannot be after the entry date');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByTestId('self-registration-status')).toHaveTextContent('Awaiting review');
    // Another day clears the refusal, to be sent again.
    fireEvent.change(arrival, { target: { value: '1990-06-01' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('keeps the question open with the reason when the confirmation fails', async () => {
    mockApi(
      {
        [`GET /api/pilgrims/${pending.id}`]: { body: { success: true, data: pending } },
        [`POST /api/pilgrims/${pending.id}/confirm`]: apiFailure(
          404,
          'PILGRIM_NOT_FOUND',
          'Pilgrim not found',
        ),
      },
      { unrecorded: establishmentsIn(MAINLAND) },
    );
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Confirm registration' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm registration' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Pilgrim not found');
    expect(screen.getByTestId('self-registration-status')).toHaveTextContent('Awaiting review');
  });

  it('shows a confirmed registration with its code and without the action', async () => {
    mockApi(
      { [`GET /api/pilgrims/${pending.id}`]: { body: { success: true, data: confirmed } } },
      { unrecorded: establishmentsIn(MAINLAND) },
    );
    renderView();
    const panel = await screen.findByRole('region', { name: 'Self-registration' });
    expect(within(panel).getByTestId('self-registration-status')).toHaveTextContent('Confirmed');
    expect(within(panel).getByText('7K2M-9QXA')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm registration' })).toBeNull();
  });

  it('has no self-registration panel for a record staff entered', async () => {
    mockApi(
      {
        [`GET /api/pilgrims/${pending.id}`]: {
          body: { success: true, data: sampleTraveler({ selfRegistration: null }) },
        },
      },
      { unrecorded: establishmentsIn(MAINLAND) },
    );
    renderView();
    expect(await screen.findByRole('heading', { name: 'Lucía Fernández Ruiz' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Self-registration' })).toBeNull();
  });
});
