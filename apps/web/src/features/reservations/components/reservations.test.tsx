import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Feed, Reservation } from '@hospes/shared/reservations';
import type { ReservationReport } from '@hospes/shared/reservation-report';
import { mockApi, renderPage } from '@/test/utils';
import { CalendarFeeds } from './calendar-feeds';
import { ReservationsList } from './reservations-list';
import { TodayArrivals } from './today-arrivals';

const EST = '0190a3b2-0000-7000-8000-000000000001';

const reservation = (overrides: Partial<Reservation>): Reservation => ({
  id: '0190a3b2-0000-7000-8000-0000000000a1',
  establishmentId: EST,
  holderName: 'Anna Schmidt',
  holderEmail: null,
  holderPhone: null,
  arrival: '2026-12-01',
  departure: '2026-12-04',
  guests: 2,
  unit: 'Loft',
  channel: 'Airbnb',
  paymentType: null,
  status: 'confirmed',
  notes: null,
  source: 'ical',
  feedId: null,
  externalUid: null,
  overlapsWith: [],
  registeredGuests: 0,
  reminderSentAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const A = reservation({
  id: '0190a3b2-0000-7000-8000-0000000000a1',
  overlapsWith: ['0190a3b2-0000-7000-8000-0000000000b2'],
});
const B = reservation({
  id: '0190a3b2-0000-7000-8000-0000000000b2',
  holderName: 'Jean Dupont',
  arrival: '2026-12-03',
  departure: '2026-12-05',
  status: 'checked_in',
  source: 'manual',
  overlapsWith: ['0190a3b2-0000-7000-8000-0000000000a1'],
});

const page = (data: Reservation[]) => ({
  body: {
    success: true,
    data,
    pagination: { total: data.length, page: 1, limit: 50, totalPages: 1 },
  },
});

/** No report (RH) known yet: the list's other tests do not look at them. */
const NO_REPORTS = { body: { success: true, data: [] } };

describe('reservations', () => {
  it('lists reservations by arrival with their status and warns of an overlap on the same unit', async () => {
    const { calls } = mockApi({
      [`GET /api/establishments/${EST}/reservations`]: page([A, B]),
      [`GET /api/establishments/${EST}/reservation-reports`]: NO_REPORTS,
    });
    renderPage(<ReservationsList establishmentId={EST} today="2026-12-01" />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Anna Schmidt')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Confirmed')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Overlaps on Loft with: Jean Dupont')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Checked in')).toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('from')).toBe('2026-12-01');
  });

  it('enters a reservation by hand with an Idempotency-Key, refusing a departure before the arrival', async () => {
    const { calls } = mockApi({
      [`GET /api/establishments/${EST}/reservation-reports`]: NO_REPORTS,
      [`GET /api/establishments/${EST}/reservations`]: page([]),
      [`POST /api/establishments/${EST}/reservations`]: {
        status: 201,
        body: { success: true, data: reservation({ source: 'manual' }) },
      },
    });
    const { user } = renderPage(<ReservationsList establishmentId={EST} today="2026-12-01" />);
    await screen.findByText('No reservations from this day on.');
    await user.click(screen.getByRole('button', { name: 'New reservation' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText("Holder's name"), 'Anna Schmidt');
    await user.type(within(dialog).getByLabelText('Departure'), '2026-11-30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The departure must be after the arrival'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Departure'));
    await user.type(within(dialog).getByLabelText('Departure'), '2026-12-04');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reservation saved')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.body).toMatchObject({
      holderName: 'Anna Schmidt',
      arrival: '2026-12-01',
      departure: '2026-12-04',
      guests: 1,
    });
  });

  it('shows each calendar’s last reading, and why it failed', async () => {
    const feed = (overrides: Partial<Feed>): Feed => ({
      id: '0190a3b2-0000-7000-8000-0000000000f1',
      establishmentId: EST,
      unit: 'Loft',
      channel: 'Airbnb',
      url: 'https://www.airbnb.example/calendar/ical/1.ics',
      lastFetchedAt: '2026-12-01T09:00:00.000Z',
      lastResult: 'ok',
      lastError: null,
      lastErrorStatus: null,
      lastChanges: { created: 2, updated: 1, cancelled: 0 },
      createdAt: '2026-11-01T09:00:00.000Z',
      ...overrides,
    });
    mockApi({
      [`GET /api/establishments/${EST}/reservation-feeds`]: {
        body: {
          success: true,
          data: [
            feed({}),
            feed({
              id: '0190a3b2-0000-7000-8000-0000000000f2',
              unit: 'Ático',
              lastResult: 'error',
              lastError: 'invalid_calendar',
            }),
          ],
        },
      },
    });
    renderPage(<CalendarFeeds establishmentId={EST} />);
    expect(await screen.findByText(/2 new, 1 changed, 0 cancelled/)).toBeInTheDocument();
    expect(screen.getByText(/is not a calendar\. Nothing was changed\./)).toBeInTheDocument();
  });

  it('shows the desk today’s arrivals with their state', async () => {
    mockApi({
      [`GET /api/establishments/${EST}/reservations/today`]: {
        body: {
          success: true,
          data: {
            day: '2026-12-01',
            reservations: [
              A,
              reservation({ id: 'x', holderName: 'Ole Hansen', status: 'checked_in' }),
            ],
          },
        },
      },
    });
    renderPage(<TodayArrivals establishmentId={EST} />);
    expect(
      await screen.findByRole('heading', { name: "Today's arrivals (2)" }),
    ).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Confirmed')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Checked in')).toBeInTheDocument();
  });

  it('shows each reservation’s check-in, copies its link and e-mails it to the holder in their language', async () => {
    const url = 'http://localhost/registro-viajero?t=abcdefghijklmnopqrstuvwxyz012345';
    const linkReply = { body: { success: true, data: { url, guests: 2, registeredGuests: 1 } } };
    const holder = reservation({
      holderEmail: 'anna@example.de',
      registeredGuests: 1,
    });
    const done = reservation({
      id: '0190a3b2-0000-7000-8000-0000000000c3',
      holderName: 'Ole Hansen',
      guests: 1,
      registeredGuests: 1,
    });
    const { calls } = mockApi({
      [`GET /api/establishments/${EST}/reservation-reports`]: NO_REPORTS,
      [`GET /api/establishments/${EST}/reservations`]: page([holder, done]),
      [`GET /api/reservations/${holder.id}/checkin-link`]: linkReply,
      [`POST /api/reservations/${holder.id}/checkin-link/send`]: linkReply,
    });
    const { user } = renderPage(<ReservationsList establishmentId={EST} today="2026-12-01" />);
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText('Check-in: 1 of 2 guests')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Check-in complete (1 of 1)')).toBeInTheDocument();
    // Without the holder's e-mail there is nothing to send it to.
    expect(within(items[1]!).queryByRole('button', { name: /E-mail the link/ })).toBeNull();

    await user.click(within(items[0]!).getByRole('button', { name: /Copy check-in link/ }));
    expect(await screen.findByText('Check-in link copied')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(url);

    await user.click(within(items[0]!).getByRole('button', { name: /E-mail the link/ }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Language of the e-mail'), 'de');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Check-in link sent to anna@example.de')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/reservations/${holder.id}/checkin-link/send`);
    expect(post.body).toEqual({ language: 'de' });
  });
});

describe('the reservation report (RH) of each reservation', () => {
  const report = (overrides: Partial<ReservationReport>): ReservationReport => ({
    reservationId: A.id,
    state: 'to_send',
    problems: [],
    action: 'alta',
    communicationCode: null,
    error: null,
    submissionId: null,
    sentAt: null,
    guestsSent: null,
    ...overrides,
  });
  const C = reservation({ id: '0190a3b2-0000-7000-8000-0000000000c3', holderName: 'Ole Hansen' });

  it('shows its state, why it cannot be reported, the Ministry’s error, and sends what it calls for', async () => {
    const { calls } = mockApi({
      [`GET /api/establishments/${EST}/reservations`]: page([A, B, C]),
      [`GET /api/establishments/${EST}/reservation-reports`]: {
        body: {
          success: true,
          data: [
            report({
              reservationId: A.id,
              state: 'unreportable',
              action: null,
              problems: ['holderContact', 'paymentType'],
            }),
            report({
              reservationId: B.id,
              state: 'accepted',
              action: null,
              communicationCode: 'c0de0000-0000-4000-8000-000000000001',
            }),
            report({
              reservationId: C.id,
              state: 'refused',
              action: 'alta',
              error: 'El código de establecimiento no existe',
            }),
          ],
        },
      },
      [`POST /api/reservations/${C.id}/ses-report/send`]: {
        body: { success: true, data: report({ reservationId: C.id, state: 'sent', action: null }) },
      },
    });
    const { user } = renderPage(<ReservationsList establishmentId={EST} today="2026-12-01" />);
    const items = await screen.findAllByRole('listitem');
    const [a, b, c] = items.filter((li) => li.closest('ul')?.parentElement?.tagName === 'SECTION');
    expect(await within(a!).findByText('cannot be reported')).toBeInTheDocument();
    expect(within(a!).getByText('a phone or e-mail of the holder')).toBeInTheDocument();
    expect(within(a!).getByText('the payment type')).toBeInTheDocument();
    expect(within(a!).queryByRole('button', { name: /Send/ })).toBeNull();
    expect(within(b!).getByText('accepted')).toBeInTheDocument();
    expect(
      within(b!).getByText(/stored under c0de0000-0000-4000-8000-000000000001/),
    ).toBeInTheDocument();
    expect(within(c!).getByText('refused')).toBeInTheDocument();
    expect(
      within(c!).getByText('The Ministry answered: El código de establecimiento no existe'),
    ).toBeInTheDocument();
    await user.click(within(c!).getByRole('button', { name: 'Send again : Ole Hansen' }));
    expect(await screen.findByText('Sent to SES.HOSPEDAJES')).toBeInTheDocument();
    expect(
      calls.some((x) => x.method === 'POST' && x.url.pathname.endsWith(`${C.id}/ses-report/send`)),
    ).toBe(true);
  });
});

describe('an unanswered reservation report', () => {
  it('is sent again only after the user confirms the Ministry does not hold it', async () => {
    const { calls } = mockApi({
      [`GET /api/establishments/${EST}/reservations`]: page([A]),
      [`GET /api/establishments/${EST}/reservation-reports`]: {
        body: {
          success: true,
          data: [
            {
              reservationId: A.id,
              state: 'uncertain',
              problems: [],
              action: 'alta',
              communicationCode: null,
              error: null,
              submissionId: null,
              sentAt: null,
              guestsSent: null,
            },
          ],
        },
      },
      [`POST /api/reservations/${A.id}/ses-report/send`]: {
        body: {
          success: true,
          data: {
            reservationId: A.id,
            state: 'sent',
            problems: [],
            action: null,
            communicationCode: null,
            error: null,
            submissionId: null,
            sentAt: null,
            guestsSent: 0,
          },
        },
      },
    });
    const { user } = renderPage(<ReservationsList establishmentId={EST} today="2026-12-01" />);
    await user.click(await screen.findByRole('button', { name: 'Send again : Anna Schmidt' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Send the reservation report again?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Send again : Anna Schmidt' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send again' }),
    );
    expect(await screen.findByText('Sent to SES.HOSPEDAJES')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('one check-in link per guest', () => {
  it('lists each guest’s link with its state, to copy or e-mail', async () => {
    const id = A.id;
    mockApi({
      [`GET /api/establishments/${EST}/reservations`]: page([reservation({ guests: 2 })]),
      [`GET /api/establishments/${EST}/reservation-reports`]: NO_REPORTS,
      [`GET /api/reservations/${id}/guest-links`]: {
        body: {
          success: true,
          data: [
            { slot: 1, url: 'http://localhost/registro-viajero?t=holder', registered: true },
            { slot: 2, url: 'http://localhost/registro-viajero?t=second', registered: false },
          ],
        },
      },
    });
    const { user } = renderPage(<ReservationsList establishmentId={EST} today="2026-12-01" />);
    await user.click(await screen.findByRole('button', { name: "Guests' links : Anna Schmidt" }));
    const dialog = await screen.findByRole('dialog');
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('registered')).toBeInTheDocument();
    expect(within(items[1]!).getByText('not registered yet')).toBeInTheDocument();
    await user.click(within(items[1]!).getByRole('button', { name: 'Copy link : Guest 2' }));
    expect(await screen.findByText('Check-in link copied')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('http://localhost/registro-viajero?t=second');
    const mail = within(items[1]!).getByRole('link', { name: 'E-mail : Guest 2' });
    expect(mail.getAttribute('href')).toContain(
      encodeURIComponent('http://localhost/registro-viajero?t=second'),
    );
  });
});
