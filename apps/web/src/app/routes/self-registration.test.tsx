import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { SPECIMEN_SCAN, stubSignaturePad } from '@/features/desk/test/fixtures';
import { CHECKIN_LINK_INFO } from '@/test/checkin';
import { scanChosenPhoto } from '@/test/image';
import { mockApi, renderPage, type MockCall } from '@/test/utils';
import { SelfRegistrationRoute } from './self-registration';
import { drawSignature, field, fillRequired, PILGRIM_TRAVELER } from '@/features/desk/test/form';

const LINK = 'lnk_abcdefghijklmnopqrstuvwx';
const CODES = ['7K2M9QXA', 'B4DF8HJN'];

async function sendRegistration(user: UserEvent, firstName: string) {
  await fillRequired(user, { ...PILGRIM_TRAVELER, firstName: firstName });
  drawSignature();
  await user.click(screen.getByRole('checkbox', { name: /I have read the legal information/ }));
  await user.click(screen.getByRole('button', { name: 'Send registration' }));
}

// A long form typed key by key: jsdom needs more than the default 5 s on a slow machine.
describe('self check-in: the finish screen', { timeout: 60_000 }, () => {
  it('asks to keep the code and registers another person on the same link, on an empty form', async () => {
    stubSignaturePad();
    let sent = 0;
    const { calls } = mockApi({
      [`GET /api/public/checkin/${LINK}`]: CHECKIN_LINK_INFO,
      [`POST /api/public/checkin/${LINK}`]: () => ({
        status: 201,
        body: { success: true, data: { confirmationCode: CODES[sent++] } },
      }),
    });
    const { user } = renderPage(<SelfRegistrationRoute />, { path: `/registro-viajero?t=${LINK}` });
    await screen.findByRole('heading', { name: 'Fill in from your document' });

    await sendRegistration(user, 'Erika');
    expect(await screen.findByRole('heading', { name: 'Registration sent' })).toHaveFocus();
    expect(screen.getByTestId('confirmation-code')).toHaveTextContent('7K2M-9QXA');
    expect(
      screen.getByText('Keep this code until you arrive: take a screenshot or write it down.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Register another person' }));
    expect(screen.queryByRole('heading', { name: 'Registration sent' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fill in from your document' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Manual' })).toHaveAttribute('aria-checked', 'true');
    expect(field('First name')).toHaveValue('');
    expect(field('Document number')).toHaveValue('');
    expect(
      screen.getByRole('checkbox', { name: /I have read the legal information/ }),
    ).not.toBeChecked();

    await sendRegistration(user, 'Max');
    expect(await screen.findByRole('heading', { name: 'Registration sent' })).toBeInTheDocument();
    expect(screen.getByTestId('confirmation-code')).toHaveTextContent('B4DF-8HJN');

    // Two registrations on the same link, each with its own Idempotency-Key.
    const posts = calls.filter((call: MockCall) => call.method === 'POST');
    expect(posts.map((call) => (call.body as { firstName: string }).firstName)).toEqual([
      'Erika',
      'Max',
    ]);
    const keys = posts.map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe('self check-in: the document scan', { timeout: 60_000 }, () => {
  it('keeps what was typed through the scanner, and merges the scan into it', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });

    mockApi({
      [`GET /api/public/checkin/${LINK}`]: CHECKIN_LINK_INFO,
      [`POST /api/public/checkin/${LINK}/ocr`]: { body: { success: true, data: SPECIMEN_SCAN } },
    });
    try {
      const { user } = renderPage(<SelfRegistrationRoute />, {
        path: `/registro-viajero?t=${LINK}`,
      });
      await screen.findByRole('heading', { name: 'Fill in from your document' });
      await user.type(field('Email'), 'erika@example.de');
      await user.type(field('Phone'), '+49 30 1234567');

      // To the scanner by mistake, and back: nothing lost.
      await user.click(screen.getByRole('radio', { name: 'Scan document' }));
      await screen.findByText(/permission was denied/);
      expect(field('Email')).not.toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Enter the details by hand' }));
      expect(field('Email')).toHaveValue('erika@example.de');

      // A photo of the document: its fields join what was typed.
      await scanChosenPhoto(user);
      const firstName = screen.getByLabelText(/^First name/);
      await vi.waitFor(() => expect(firstName).toHaveValue('Erika'));
      expect(firstName).toHaveAccessibleName(/Please check/);
      expect(firstName).toHaveFocus();
      expect(field('Email')).toHaveValue('erika@example.de');
      expect(field('Phone')).toHaveValue('+49 30 1234567');
      // The tab's draft takes the scan's fields too, but not the photo of the document.
      await vi.waitFor(() =>
        expect(
          JSON.parse(sessionStorage.getItem(STORAGE_KEYS.checkinDraft) ?? 'null'),
        ).toMatchObject({
          values: { firstName: 'Erika', passportNumber: SPECIMEN_SCAN.passportNumber },
        }),
      );
      expect(sessionStorage.getItem(STORAGE_KEYS.checkinDraft)).not.toMatch(/DocImage|data:/);
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });
});

describe('self check-in: a reservation’s link (decision 066)', { timeout: 60_000 }, () => {
  it('shows the booking’s nights and how many of its guests have registered', async () => {
    mockApi({
      [`GET /api/public/checkin/${LINK}`]: {
        body: {
          ...CHECKIN_LINK_INFO.body,
          data: {
            ...CHECKIN_LINK_INFO.body.data,
            reservation: {
              arrival: '2026-12-03',
              departure: '2026-12-06',
              guests: 2,
              registeredGuests: 1,
            },
          },
        },
      },
    });
    renderPage(<SelfRegistrationRoute />, { path: `/registro-viajero?t=${LINK}` });
    expect(await screen.findByText('Your booking: Dec 3, 2026 to Dec 6, 2026')).toBeInTheDocument();
    expect(
      screen.getByText('1 of 2 guests have registered. Each guest fills in this form once.'),
    ).toBeInTheDocument();
  });
});

describe('self check-in: a guest’s own link (decision 071)', { timeout: 60_000 }, () => {
  const withGuest = (guest: Record<string, unknown>) => ({
    body: {
      ...CHECKIN_LINK_INFO.body,
      data: {
        ...CHECKIN_LINK_INFO.body.data,
        reservation: {
          arrival: '2026-12-03',
          departure: '2026-12-06',
          guests: 3,
          registeredGuests: 0,
          guest,
        },
      },
    },
  });

  it('opens the holder’s slot with the booking’s name and e-mail', async () => {
    mockApi({
      [`GET /api/public/checkin/${LINK}`]: withGuest({
        slot: 1,
        registered: false,
        firstName: 'Anna',
        lastName: 'Schmidt',
        email: 'anna@example.de',
        phone: null,
      }),
    });
    renderPage(<SelfRegistrationRoute />, { path: `/registro-viajero?t=${LINK}` });
    expect(
      await screen.findByText('You are guest 1 of 3: fill in your own details.'),
    ).toBeInTheDocument();
    expect(field('First name')).toHaveValue('Anna');
    expect(field('First surname')).toHaveValue('Schmidt');
    expect(field('Email')).toHaveValue('anna@example.de');
  });

  it('opens another guest’s slot empty, and says when it was used already', async () => {
    mockApi({
      [`GET /api/public/checkin/${LINK}`]: withGuest({ slot: 2, registered: true }),
    });
    renderPage(<SelfRegistrationRoute />, { path: `/registro-viajero?t=${LINK}` });
    expect(
      await screen.findByText('You are guest 2 of 3: fill in your own details.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Someone has already registered with this link. If it was not you, ask the lodging for your own link.',
      ),
    ).toBeInTheDocument();
    expect(field('First name')).toHaveValue('');
  });
});
