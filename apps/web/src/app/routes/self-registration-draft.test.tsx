import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { stubSignaturePad } from '@/features/desk/test/fixtures';
import { drawSignature, field, fillRequired, PILGRIM_TRAVELER } from '@/features/desk/test/form';
import { CHECKIN_LINK_INFO } from '@/test/checkin';
import { mockApi, renderPage } from '@/test/utils';
import { SelfRegistrationRoute } from './self-registration';
import { DRAFT_MAX_AGE_MS } from './use-checkin-draft';

const LINK = 'lnk_abcdefghijklmnopqrstuvwx';
const RESTORED =
  'What you typed before has been restored. Photos and the signature must be added again.';

const stored = () =>
  JSON.parse(sessionStorage.getItem(STORAGE_KEYS.checkinDraft) ?? 'null') as {
    token: string;
    values: Record<string, unknown>;
  } | null;
const open = async () => {
  const page = renderPage(<SelfRegistrationRoute />, { path: `/registro-viajero?t=${LINK}` });
  await screen.findByRole('heading', { name: 'Fill in from your document' });
  return page;
};

// A long form typed key by key: jsdom needs more than the default 5 s on a slow machine.
describe('self check-in: what was typed survives a reload of the tab', { timeout: 60_000 }, () => {
  it('opens the form as it was, without the signature, and forgets it once sent', async () => {
    stubSignaturePad();
    const { calls } = mockApi({
      [`GET /api/public/checkin/${LINK}`]: CHECKIN_LINK_INFO,
      [`POST /api/public/checkin/${LINK}`]: {
        status: 201,
        body: { success: true, data: { confirmationCode: '7K2M9QXA' } },
      },
    });
    const { user } = await open();
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
    await fillRequired(user, PILGRIM_TRAVELER);
    drawSignature();

    // Kept once the typing pauses: the link and the text fields, no signature or photo.
    await vi.waitFor(() =>
      expect(stored()?.values).toMatchObject({
        firstName: 'Erika',
        nationality: 'DEU',
        passportNumber: 'C01X00T47',
        emergencyContact: { name: 'Max Mustermann', relationship: 'spouse' },
      }),
    );
    expect(stored()?.token).toBe(LINK);
    expect(sessionStorage.getItem(STORAGE_KEYS.checkinDraft)).not.toMatch(
      /signatureImage|DocImage|data:image/,
    );

    // "Reload": the tab's storage only. The fields are back, said in one line; the signature not.
    cleanup();
    const again = await open();
    expect(screen.getByText(RESTORED)).toBeInTheDocument();
    expect(field('First name')).toHaveValue('Erika');
    expect(field('First surname')).toHaveValue('Mustermann');
    expect(screen.getByRole('combobox', { name: 'Nationality' })).toHaveValue('Germany');
    expect(field('Date of birth')).toHaveValue('1983-08-12');
    expect(field('Document number')).toHaveValue('C01X00T47');
    expect(field('Email')).toHaveValue('erika@example.de');
    expect(field('Relationship')).toHaveValue('spouse');

    await again.user.click(
      screen.getByRole('checkbox', { name: /I have read the legal information/ }),
    );
    await again.user.click(screen.getByRole('button', { name: 'Send registration' }));
    // The signature is asked for again: it was not kept.
    expect(await screen.findByText('Signature is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    drawSignature();
    await again.user.click(screen.getByRole('button', { name: 'Send registration' }));
    expect(await screen.findByTestId('confirmation-code')).toHaveTextContent('7K2M-9QXA');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ firstName: 'Erika', passportNumber: 'C01X00T47' });
    // Sent: nothing typed is left in the browser.
    expect(sessionStorage.getItem(STORAGE_KEYS.checkinDraft)).toBeNull();
  });

  it('starts empty for another person, and a reload then restores nothing', async () => {
    stubSignaturePad();
    mockApi({
      [`GET /api/public/checkin/${LINK}`]: CHECKIN_LINK_INFO,
      [`POST /api/public/checkin/${LINK}`]: {
        status: 201,
        body: { success: true, data: { confirmationCode: '7K2M9QXA' } },
      },
    });
    sessionStorage.setItem(
      STORAGE_KEYS.selfRegistration,
      JSON.stringify({ token: LINK, code: '7K2M9QXA' }),
    );
    // A draft left over (say, from a tab closed at the wrong moment): not the next person's.
    sessionStorage.setItem(
      STORAGE_KEYS.checkinDraft,
      JSON.stringify({ token: LINK, values: { firstName: 'Erika' } }),
    );
    const { user } = renderPage(<SelfRegistrationRoute />, {
      path: `/registro-viajero?t=${LINK}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Register another person' }));
    await screen.findByRole('heading', { name: 'Fill in from your document' });
    expect(field('First name')).toHaveValue('');
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEYS.checkinDraft)).toBeNull();

    cleanup();
    await open();
    expect(field('First name')).toHaveValue('');
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
  });

  it('writes what is pending at once when the tab is hidden (another app, the camera)', async () => {
    mockApi({ [`GET /api/public/checkin/${LINK}`]: CHECKIN_LINK_INFO });
    const { user } = await open();
    await user.type(field('Document number'), 'C01X');
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    hidden.mockRestore();
    // Before the typing pause is over: the browser may end a hidden tab without another word.
    expect(stored()?.values).toMatchObject({ passportNumber: 'C01X' });
  });

  it('ignores a draft of another link, or what cannot be one', async () => {
    mockApi({ [`GET /api/public/checkin/${LINK}`]: CHECKIN_LINK_INFO });
    sessionStorage.setItem(
      STORAGE_KEYS.checkinDraft,
      JSON.stringify({ token: 'lnk_other', values: { firstName: 'Erika' } }),
    );
    await open();
    expect(field('First name')).toHaveValue('');
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
    cleanup();

    for (const broken of [
      '{"token":',
      JSON.stringify({ token: LINK, values: 'Erika' }),
      // Older than two hours (a tab the browser restored the next day): not restored.
      JSON.stringify({
        token: LINK,
        values: { firstName: 'Erika' },
        savedAt: Date.now() - DRAFT_MAX_AGE_MS - 1000,
      }),
    ]) {
      sessionStorage.setItem(STORAGE_KEYS.checkinDraft, broken);
      await open();
      expect(field('First name')).toHaveValue('');
      expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
      cleanup();
    }
  });
});
