import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Traveler } from '@hospes/shared/travelers';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { clearSendQueue, sendQueue } from '../send-queue';
import { companionPrefill } from '@/features/traveler/form-model';
import {
  ESTABLISHMENT_ID,
  NO_SAME_DOCUMENT,
  sampleTraveler,
  stubSignaturePad,
} from '../test/fixtures';
import { drawSignature, field, fillRequired, PILGRIM_TRAVELER } from '../test/form';
import { SendQueueIndicator } from './send-queue-indicator';
import {
  RegistrationSuccess,
  SLOW_SAVE_OFFER_MS,
  TravelerRegistration,
} from './traveler-registration';

/** The desk: the registration form, and the header's indicator of the send queue. */
function renderDesk() {
  authStore.setSession(sampleUser, { remember: true });
  return renderPage(
    <>
      <SendQueueIndicator />
      <TravelerRegistration establishmentId={ESTABLISHMENT_ID} />
    </>,
    { path: '/traveler-registration' },
  );
}

const saved = sampleTraveler({
  id: '0c6f8a52-1d2e-4f3a-9b4c-5d6e7f8a9b0c',
  reportNumber: '2026/000010',
  documentType: 'P',
  passportNumber: 'X1234567',
});

const continueButton = () =>
  screen.queryByRole('button', { name: 'Continue with the next traveler' });

/** Whether a status region (read out by screen readers) says this of the save. */
const offerSaid = (text: RegExp) =>
  screen.getAllByRole('status').some((region) => text.test(region.textContent));

afterEach(() => {
  clearSendQueue();
  vi.useRealTimers();
});

// A long form typed key by key: jsdom needs more than the default 5 s on a slow machine.
describe('continuing with the next traveler while a slow save is sent', { timeout: 60_000 }, () => {
  it('offers it only once a save has gone unanswered for a while; the registration goes on in the background and a fresh form opens', async () => {
    stubSignaturePad();
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const { calls } = mockApi(
      {
        'POST /api/pilgrims': () =>
          new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve)),
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderDesk();
    await fillRequired(user);
    drawSignature();

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(SLOW_SAVE_OFFER_MS - 500));
    expect(continueButton()).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(continueButton()).toBeInTheDocument();
    // Said to a screen reader too, from a region that was there before.
    expect(offerSaid(/connection is slow/)).toBe(true);

    await user.click(continueButton()!);
    // A fresh form at once, on its first field; this traveler is being sent meanwhile.
    expect(field('First name')).toHaveValue('');
    expect(field('First name')).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Record saved' })).not.toBeInTheDocument();
    const indicator = screen.getByRole('region', { name: 'Registrations being sent' });
    expect(indicator).toHaveTextContent('Sending 1 registration…');
    expect(sendQueue.getState()[0]).toMatchObject({
      name: 'Lucía Fernández',
      status: 'sending',
      attempt: { key: calls[0]?.headers.get('idempotency-key') },
    });

    // The next traveler, saved while the first is still on the wire, waits for its turn: one
    // upload at a time on the desk's link, the report numbers in the order of the saves.
    const first = answer;
    await fillRequired(user, PILGRIM_TRAVELER);
    drawSignature();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await act(() => vi.advanceTimersByTimeAsync(SLOW_SAVE_OFFER_MS));
    expect(calls).toHaveLength(1);
    expect(indicator).toHaveTextContent('Sending 1 registration…');
    // The offer comes for this one too, saying what it waits for: the queue, not its own upload.
    expect(continueButton()).toBeInTheDocument();
    expect(offerSaid(/saved before this one are still being sent; this traveler goes next/)).toBe(
      true,
    );
    expect(offerSaid(/connection is slow/)).toBe(false);

    // The first send's answer arrives: told with the report number, linked to the record. Not
    // sent again: the one on the wire was awaited.
    act(() => first({ status: 201, body: { success: true, message: 'ok', data: saved } }));
    const link = await within(indicator).findByRole('link', {
      name: 'Saved: Lucía Fernández (2026/000010)',
    });
    expect(link).toHaveAttribute('href', `/clients/view/${saved.id}`);
    expect(
      screen
        .getAllByRole('status')
        .some((region) => region.textContent === 'Saved: Lucía Fernández (2026/000010)'),
    ).toBe(true);
    // The new form was left alone: no summary of the queued traveler over it.
    expect(screen.queryByRole('heading', { name: 'Record saved' })).not.toBeInTheDocument();
    // Then the form's own save goes, and its answer comes back to the form.
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ firstName: 'Erika' });
    // On the wire now: the wait is the link's.
    await vi.waitFor(() => expect(offerSaid(/connection is slow/)).toBe(true));
    expect(calls[1]?.headers.get('idempotency-key')).not.toBe(
      calls[0]?.headers.get('idempotency-key'),
    );
    act(() =>
      answer({
        status: 201,
        body: {
          success: true,
          message: 'ok',
          data: sampleTraveler({ firstName: 'Erika', reportNumber: '2026/000011' }),
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Record saved' })).toHaveFocus();
  });

  it('goes on with a companion on the same stay when the form came with one', async () => {
    stubSignaturePad();
    mockApi({ 'POST /api/pilgrims': () => new Promise(() => {}) }, NO_SAME_DOCUMENT);
    authStore.setSession(sampleUser, { remember: true });
    const onDone = vi.fn();
    const shared = companionPrefill(sampleTraveler({ reportNumber: '2026/000009' }));
    const { user } = renderPage(
      <TravelerRegistration establishmentId={ESTABLISHMENT_ID} prefill={shared} onDone={onDone} />,
      { path: '/traveler-registration' },
    );
    await fillRequired(user);
    drawSignature();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await act(() => vi.advanceTimersByTimeAsync(SLOW_SAVE_OFFER_MS));
    expect(continueButton()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue with a companion (same stay)' }));
    // The next form shares the stay, under the contract the first one named.
    expect(onDone).toHaveBeenCalledWith(
      expect.objectContaining({
        values: expect.objectContaining({
          entryDate: shared.values.entryDate,
          stay: expect.objectContaining({ contractReference: '2026/000009' }),
        }),
      }),
      'Lucía Fernández',
    );
    expect(sendQueue.getState()).toHaveLength(1);
  });

  it('never offers it when the save is answered quickly', async () => {
    stubSignaturePad();
    mockApi(
      {
        'POST /api/pilgrims': {
          status: 201,
          body: { success: true, message: 'ok', data: saved satisfies Traveler },
        },
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderDesk();
    await fillRequired(user);
    drawSignature();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByRole('heading', { name: 'Record saved' })).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(2 * SLOW_SAVE_OFFER_MS));
    expect(continueButton()).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Registrations being sent' })).toBeNull();
  });
});

describe('the summary of a saved traveler', () => {
  it('says that a minor registered without an identity document has none, not a document type', () => {
    const child = sampleTraveler({ firstName: 'Pablo', documentType: 'D', passportNumber: '' });
    renderPage(<RegistrationSuccess pilgrim={child} onAnother={() => {}} />);
    const document = screen.getByText('Document').nextElementSibling;
    expect(document).toHaveTextContent('No identity document (minor)');
    expect(document).not.toHaveTextContent('DNI');
  });
});
