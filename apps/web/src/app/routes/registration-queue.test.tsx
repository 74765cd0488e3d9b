/**
 * The desk's queue of arrivals (decision 052): the self check-ins still to confirm, listed live
 * above the entry modes, each opened, checked and confirmed in two taps.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Traveler } from '@hospes/shared/travelers';
import { authStore } from '@/lib/auth';
import { PENDING_ARRIVALS_REFRESH_MS } from '@/features/traveler/api/get-pending-arrivals';
import { mockApi, renderPage, sampleUser, type MockCall } from '@/test/utils';
import { ESTABLISHMENT_ID, sampleTraveler } from '@/features/desk/test/fixtures';
import { loadReviewForm, RegistrationModes } from './registration-modes';

afterEach(() => {
  vi.useRealTimers();
});

const list = (data: Traveler[]) => ({
  body: {
    success: true,
    data,
    pagination: { total: data.length, page: 1, limit: 50, totalPages: 1 },
  },
});

function arrival(id: string, firstName: string, passportNumber: string, createdAt: string) {
  return sampleTraveler({
    id,
    firstName,
    lastName: 'Keller',
    secondLastName: null,
    nationality: 'DEU',
    documentType: 'P',
    passportNumber,
    entryDate: '2026-11-21',
    createdAt,
    selfRegistration: { status: 'pending', confirmationCode: `CODE${id.slice(0, 4)}` },
  });
}

describe('the queue of arrivals at the desk', { timeout: 90_000 }, () => {
  // The review's form, loaded after the page's first render (decision 082), as once loaded.
  beforeAll(async () => {
    await loadReviewForm();
  });
  it('lists the pending self check-ins newest first, shows a new one without a reload, and confirms one in two taps', async () => {
    vi.useFakeTimers({
      toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
      now: new Date('2026-11-21T13:00:00Z'),
    });
    authStore.setSession(sampleUser, { remember: true });
    const anna = arrival(
      '0a000000-0000-4000-8000-000000000001',
      'Anna',
      'C01X00T47',
      '2026-11-21T12:50:00Z',
    );
    const jonas = arrival(
      '0a000000-0000-4000-8000-000000000002',
      'Jonas',
      'C02X00T48',
      '2026-11-21T13:05:00Z',
    );
    // What the server holds: the list the desk asks for, newest first as it asked.
    let pending: Traveler[] = [anna];
    const listCalls: MockCall[] = [];
    const { calls } = mockApi({
      'GET /api/pilgrims': (call) => {
        listCalls.push(call);
        return list(pending);
      },
      [`GET /api/pilgrims/${jonas.id}`]: { body: { success: true, data: jonas } },
      [`PUT /api/pilgrims/${jonas.id}`]: (call) => ({
        body: {
          success: true,
          data: { ...jonas, entryDate: (call.body as { entryDate: string }).entryDate },
        },
      }),
      [`POST /api/pilgrims/${jonas.id}/confirm`]: () => {
        pending = pending.filter((p) => p.id !== jonas.id);
        return {
          body: {
            success: true,
            data: { ...jonas, selfRegistration: { status: 'confirmed', confirmationCode: 'X' } },
          },
        };
      },
    });
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });

    const queue = await screen.findByRole('region', { name: 'Arrivals to confirm' });
    expect(
      await within(queue).findByRole('button', { name: 'Check and confirm Anna Keller' }),
    ).toHaveTextContent('Passport C01X00T47');
    expect(within(queue).getByRole('status')).toHaveTextContent('Waiting: 1');
    // The establishment's self check-ins still to confirm, newest first.
    const query = listCalls[0]?.url.searchParams;
    expect(query?.get('establishmentId')).toBe(ESTABLISHMENT_ID);
    expect(query?.get('review')).toBe('pending');
    expect(query?.get('sortBy')).toBe('createdAt');
    expect(query?.get('sortOrder')).toBe('desc');
    expect(within(queue).getByRole('link', { name: 'Poster with QR code' })).toHaveAttribute(
      'href',
      `/checkin-poster?establishmentId=${ESTABLISHMENT_ID}`,
    );

    // Jonas sends the form from his phone: the desk sees him at the next refresh, on top.
    pending = [jonas, anna];
    await act(() => vi.advanceTimersByTimeAsync(PENDING_ARRIVALS_REFRESH_MS));
    await within(queue).findByRole('button', { name: 'Check and confirm Jonas Keller' });
    expect(
      within(queue)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Check and confirm Jonas Keller', 'Check and confirm Anna Keller']);
    expect(within(queue).getByRole('status')).toHaveTextContent('Waiting: 2');

    // Tap 1: open him. The record as it is now, with the day of arrival as entry date.
    await user.click(within(queue).getByRole('button', { name: 'Check and confirm Jonas Keller' }));
    const review = await screen.findByRole('region', {
      name: 'Check and confirm the registration',
    });
    expect(screen.queryByRole('region', { name: 'Arrivals to confirm' })).not.toBeInTheDocument();
    expect(within(review).getByLabelText(/First name/)).toHaveValue('Jonas');
    expect(within(review).getByLabelText('Entry date')).toHaveValue('2026-11-21');
    // Tap 2: confirm. Back to the queue, without him.
    await user.click(within(review).getByRole('button', { name: 'Save and confirm' }));
    expect(await screen.findByText('Jonas Keller: arrival confirmed.')).toBeInTheDocument();
    const back = await screen.findByRole('region', { name: 'Arrivals to confirm' });
    await within(back).findByText('Waiting: 1');
    expect(within(back).queryByRole('button', { name: /Jonas/ })).not.toBeInTheDocument();
    const confirm = calls.find((call) => call.url.pathname.endsWith('/confirm'));
    expect(confirm?.body).toEqual({ entryDate: '2026-11-21' });
  });

  it('says so when nobody is waiting', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({ 'GET /api/pilgrims': list([]) });
    renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });
    const queue = await screen.findByRole('region', { name: 'Arrivals to confirm' });
    expect(await within(queue).findByText('Waiting: 0')).toBeInTheDocument();
    expect(queue).toHaveTextContent(/Nobody is waiting/);
    expect(within(queue).queryAllByRole('listitem')).toHaveLength(0);
  });
});
