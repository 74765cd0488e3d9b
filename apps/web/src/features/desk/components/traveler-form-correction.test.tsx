/**
 * Decision 045: saving a reported traveler's reported fields offers the correction (cancel the
 * stored parte, send the corrected one); a change the parte does not carry offers nothing.
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { queuedSubmission } from '@/test/ses-submissions';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { NO_SAME_DOCUMENT, sampleTraveler, STORED_PARTE } from '../test/fixtures';
import { EditTravelerForm } from './edit-traveler-form';
import { field } from '../test/form';
/**
 * Each test's traveler has an id of its own: the correction notice is a toast named after the
 * traveler, and the toaster of a finished test still removes, a second later, the toast it
 * dismissed by that name (react-hot-toast's removal timer outlives its toaster), which took the
 * next test's notice away.
 */
let ID = '';
beforeEach(() => {
  ID = crypto.randomUUID();
});
const stored = STORED_PARTE;

const submission = (operation: 'A' | 'B') =>
  queuedSubmission({
    id:
      operation === 'A'
        ? '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c'
        : '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d',
    operation,
    correctionId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5f',
    lote: `lote-${operation}`,
  });

/** Waiting for what follows a save and a call, on a machine that may be loaded. */
const LOADED = { timeout: 10_000 };

describe('editing a traveler already reported to SES.HOSPEDAJES', { timeout: 30_000 }, () => {
  it('offers the correction after a save that changed what the parte carries, and sends it', async () => {
    const pilgrim = sampleTraveler({ id: ID });
    const { calls } = mockApi(
      {
        [`PUT /api/pilgrims/${ID}`]: { body: { success: true, message: 'ok', data: pilgrim } },
        [`GET /api/pilgrims/${ID}/ses-communications`]: {
          body: { success: true, data: [stored] },
        },
        [`POST /api/pilgrims/${ID}/ses/correct`]: {
          status: 201,
          body: {
            success: true,
            data: {
              correctionId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5f',
              cancellation: submission('B'),
              // The corrected parte waits for the cancellation's lote (decision 048).
              alta: null,
              state: 'waiting',
            },
          },
        },
      },
      NO_SAME_DOCUMENT,
    );
    authStore.setSession(sampleUser, { remember: true });
    const onSaved = vi.fn();
    const { user } = renderPage(<EditTravelerForm traveler={pilgrim} onSaved={onSaved} />, {
      path: '/clients/edit/1',
    });
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Lucía María{Enter}');

    const send = await screen.findByRole('button', { name: 'Send the correction' });
    expect(onSaved).toHaveBeenCalled();
    expect(
      screen.getByText(/already reported to SES\.HOSPEDAJES, which still holds the data/),
    ).toBeInTheDocument();
    await user.click(send);
    expect(
      await screen.findByText(
        /Correction asked: the stored parte is being cancelled; the corrected one is sent once the Ministry has processed the cancellation/,
      ),
    ).toBeInTheDocument();
    const correction = calls.find((c) => c.url.pathname.endsWith('/ses/correct'));
    expect(correction?.body).toEqual({ kind: 'PV' });
    // The notice goes once done (after its closing animation).
    await vi.waitFor(
      () => expect(screen.queryByRole('button', { name: 'Send the correction' })).toBeNull(),
      { timeout: 5_000 },
    );
  });

  it('offers the correction of the reserva too when the Ministry holds both', async () => {
    const pilgrim = sampleTraveler({ id: ID });
    const { calls } = mockApi(
      {
        [`PUT /api/pilgrims/${ID}`]: { body: { success: true, message: 'ok', data: pilgrim } },
        [`GET /api/pilgrims/${ID}/ses-communications`]: {
          body: {
            success: true,
            data: [
              { ...stored, submissionId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60', kind: 'RH' },
              stored,
            ],
          },
        },
        [`POST /api/pilgrims/${ID}/ses/correct`]: {
          status: 201,
          body: {
            success: true,
            data: {
              correctionId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5f',
              cancellation: { ...submission('B'), kind: 'RH' },
              alta: null,
              state: 'waiting',
            },
          },
        },
      },
      NO_SAME_DOCUMENT,
    );
    authStore.setSession(sampleUser, { remember: true });
    const { user } = renderPage(<EditTravelerForm traveler={pilgrim} onSaved={vi.fn()} />, {
      path: '/clients/edit/1',
    });
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Lucía María{Enter}');

    // The offers come after the save and the communications' call: give a loaded machine time.
    await screen.findByRole('button', { name: 'Correct the parte de viajeros' }, LOADED);
    await user.click(await screen.findByRole('button', { name: 'Correct the reserva' }, LOADED));
    await vi.waitFor(() =>
      expect(
        calls.filter((c) => c.url.pathname.endsWith('/ses/correct')).map((c) => c.body),
      ).toEqual([{ kind: 'RH' }]),
    );
    // The parte's is still offered (its button is drawn again once the list has been read anew).
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Correct the reserva' })).toBeNull(),
    );
    // Queried afresh until it holds: the toaster may draw the notice's buttons anew meanwhile.
    await vi.waitFor(
      () =>
        expect(
          screen.getByRole('button', { name: 'Correct the parte de viajeros' }),
        ).toBeInTheDocument(),
      LOADED,
    );
  });

  it('offers nothing when the stored communication was cancelled already', async () => {
    const pilgrim = sampleTraveler({ id: ID });
    const { calls } = mockApi(
      {
        [`PUT /api/pilgrims/${ID}`]: { body: { success: true, message: 'ok', data: pilgrim } },
        [`GET /api/pilgrims/${ID}/ses-communications`]: {
          body: { success: true, data: [{ ...stored, cancellation: 'done' }] },
        },
      },
      NO_SAME_DOCUMENT,
    );
    authStore.setSession(sampleUser, { remember: true });
    const onSaved = vi.fn();
    const { user } = renderPage(<EditTravelerForm traveler={pilgrim} onSaved={onSaved} />, {
      path: '/clients/edit/1',
    });
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Lucía María{Enter}');
    await vi.waitFor(() =>
      expect(calls.some((c) => c.url.pathname.endsWith('/ses-communications'))).toBe(true),
    );
    // Its stored communication was cancelled already: nothing to correct.
    expect(screen.queryByRole('button', { name: 'Send the correction' })).toBeNull();
  });
});
