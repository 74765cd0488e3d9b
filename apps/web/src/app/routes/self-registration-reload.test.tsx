import { cleanup, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { stubSignaturePad } from '@/features/desk/test/fixtures';
import { CHECKIN_LINK_INFO } from '@/test/checkin';
import { apiFailure, mockApi, renderPage } from '@/test/utils';
import { SelfRegistrationRoute } from './self-registration';
import { drawSignature, fillRequired, PILGRIM_TRAVELER } from '@/features/desk/test/form';

const LINK = 'lnk_abcdefghijklmnopqrstuvwx';

async function sendRegistration(user: UserEvent) {
  await fillRequired(user, PILGRIM_TRAVELER);
  drawSignature();
  await user.click(screen.getByRole('checkbox', { name: /I have read the legal information/ }));
  await user.click(screen.getByRole('button', { name: 'Send registration' }));
}

const stored = () => JSON.parse(sessionStorage.getItem(STORAGE_KEYS.selfRegistration) ?? 'null');
const open = () => renderPage(<SelfRegistrationRoute />, { path: `/registro-viajero?t=${LINK}` });

// A long form typed key by key: jsdom needs more than the default 5 s on a slow machine.
describe('self check-in: a reload of the tab', { timeout: 60_000 }, () => {
  it('shows the code again instead of a blank form, until a new registration starts', async () => {
    stubSignaturePad();
    const { calls } = mockApi({
      [`GET /api/public/checkin/${LINK}`]: CHECKIN_LINK_INFO,
      [`POST /api/public/checkin/${LINK}`]: {
        status: 201,
        body: { success: true, data: { confirmationCode: '7K2M9QXA' } },
      },
    });
    const { user } = open();
    await screen.findByRole('heading', { name: 'Fill in from your document' });
    await sendRegistration(user);
    expect(await screen.findByTestId('confirmation-code')).toHaveTextContent('7K2M-9QXA');
    // The link and the code only: no personal data in the browser.
    expect(stored()).toEqual({ token: LINK, code: '7K2M9QXA' });

    // "Reload": the page starts again from nothing but the tab's storage.
    cleanup();
    const again = open();
    expect(await screen.findByRole('heading', { name: 'Registration sent' })).toHaveFocus();
    expect(screen.getByTestId('confirmation-code')).toHaveTextContent('7K2M-9QXA');
    expect(screen.queryByRole('button', { name: 'Send registration' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);

    // A new registration forgets it: a reload then shows the form.
    await again.user.click(screen.getByRole('button', { name: 'Register another person' }));
    expect(await screen.findByRole('button', { name: 'Send registration' })).toBeInTheDocument();
    expect(stored()).toBeNull();
    cleanup();
    open();
    expect(await screen.findByRole('button', { name: 'Send registration' })).toBeInTheDocument();
    expect(screen.queryByTestId('confirmation-code')).not.toBeInTheDocument();
  });

  it('keeps showing the code when the link has been renewed since', async () => {
    stubSignaturePad(); // jsdom draws no QR code either
    sessionStorage.setItem(
      STORAGE_KEYS.selfRegistration,
      JSON.stringify({ token: LINK, code: '7K2M9QXA' }),
    );
    mockApi({
      [`GET /api/public/checkin/${LINK}`]: apiFailure(404, 'CHECKIN_LINK_NOT_FOUND', 'Gone'),
    });
    open();
    expect(await screen.findByTestId('confirmation-code')).toHaveTextContent('7K2M-9QXA');
  });

  it('ignores what was kept for another link, or what cannot be a code', async () => {
    mockApi({ [`GET /api/public/checkin/${LINK}`]: CHECKIN_LINK_INFO });
    sessionStorage.setItem(
      STORAGE_KEYS.selfRegistration,
      JSON.stringify({ token: 'lnk_other', code: '7K2M9QXA' }),
    );
    open();
    expect(await screen.findByRole('button', { name: 'Send registration' })).toBeInTheDocument();
    cleanup();

    sessionStorage.setItem(STORAGE_KEYS.selfRegistration, '{"token":"x",');
    open();
    expect(await screen.findByRole('button', { name: 'Send registration' })).toBeInTheDocument();
    cleanup();

    sessionStorage.setItem(
      STORAGE_KEYS.selfRegistration,
      JSON.stringify({ token: LINK, code: '<script>' }),
    );
    open();
    expect(await screen.findByRole('button', { name: 'Send registration' })).toBeInTheDocument();
  });
});
