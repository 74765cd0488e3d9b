import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import {
  ESTABLISHMENT_ID,
  NO_SAME_DOCUMENT,
  sampleTraveler,
  stubSignaturePad,
} from '../test/fixtures';
import { TravelerRegistration } from './traveler-registration';
import { drawSignature, field, fillRequired } from '../test/form';

function signIn() {
  authStore.setSession(sampleUser, { remember: true });
}

function renderRegistration() {
  signIn();
  return renderPage(<TravelerRegistration establishmentId={ESTABLISHMENT_ID} />, {
    path: '/traveler-registration',
  });
}

// A long form typed key by key: jsdom needs more than the default 5 s on a slow machine.
describe('traveler form: the rules of spec §3 and §5', { timeout: 30_000 }, () => {
  /**
   * POST /api/pilgrims as the server answers it (decision 020): a key registers once; the same
   * key with the same body answers that traveler again, with other data 422. `lost` answers are
   * dropped on the way back after the server has registered (or, with `arrives: false`, before).
   */
  function registrationServer(lost: { arrives: boolean }[]) {
    const registered = new Map<string, string>();
    const saved = sampleTraveler({
      id: '0c6f8a52-1d2e-4f3a-9b4c-5d6e7f8a9b0c',
      reportNumber: '2026/000010',
      documentType: 'P',
      passportNumber: 'X1234567',
    });
    let sends = 0;
    return {
      saved,
      registered,
      route: (call: { headers: Headers; body: unknown }) => {
        const key = call.headers.get('idempotency-key') ?? '';
        const body = JSON.stringify(call.body);
        const loss = lost[sends++];
        if (loss && !loss.arrives) return new TypeError('Failed to fetch');
        const earlier = registered.get(key);
        if (earlier !== undefined && earlier !== body) {
          return apiFailure(422, 'IDEMPOTENCY_KEY_REUSED', 'Key already used with other data');
        }
        registered.set(key, body);
        if (loss) return new TypeError('Failed to fetch');
        return { status: 201, body: { success: true, message: 'ok', data: saved } };
      },
    };
  }

  it('sends a retry of the same data with the same Idempotency-Key, and an edit too: a first send that never arrived registers once', async () => {
    stubSignaturePad();
    // The first two sends never reach the server.
    const server = registrationServer([{ arrives: false }, { arrives: false }]);
    const { calls } = mockApi({ 'POST /api/pilgrims': server.route }, NO_SAME_DOCUMENT);
    const { user } = renderRegistration();
    await fillRequired(user);
    drawSignature();
    const save = () => user.click(screen.getByRole('button', { name: 'Save record' }));

    await save();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await save();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const keys = () => calls.map((c) => c.headers.get('idempotency-key'));
    expect(keys()[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys()[1]).toBe(keys()[0]);

    // Edited after sends whose outcome is unknown: still the same key. The identity, complete
    // and left, is one line with its "Edit" button (decision 072).
    await user.click(screen.getByRole('button', { name: 'Edit: Identity' }));
    expect(field('First name')).toHaveFocus();
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Lucía María');
    await save();
    expect(await screen.findByRole('heading', { name: 'Record saved' })).toBeInTheDocument();
    expect(calls).toHaveLength(3);
    expect(keys()[2]).toBe(keys()[0]);
    expect(calls[2]?.body).toMatchObject({ firstName: 'Lucía María' });
    expect(server.registered.size).toBe(1);
  });

  it('an edit after a lost answer updates the traveler the first save registered: one traveler, one report number', async () => {
    stubSignaturePad();
    // The first save is registered by the server, and its answer lost on the way back.
    const server = registrationServer([{ arrives: true }]);
    const updated = { ...server.saved, contactInfo: { ...server.saved.contactInfo } };
    const { calls } = mockApi(
      {
        'POST /api/pilgrims': server.route,
        [`PUT /api/pilgrims/${server.saved.id}`]: {
          body: { success: true, message: 'ok', data: updated },
        },
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderRegistration();
    await fillRequired(user);
    drawSignature();
    const save = () => user.click(screen.getByRole('button', { name: 'Save record' }));

    await save();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    // The hospitalero fixes one digit of the phone and saves again.
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+34 600 111 223');
    await save();

    expect(await screen.findByRole('heading', { name: 'Record saved' })).toBeInTheDocument();
    expect(server.registered.size).toBe(1);
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST', 'POST', 'PUT']);
    const key = calls[0]?.headers.get('idempotency-key');
    expect(calls.slice(0, 3).map((c) => c.headers.get('idempotency-key'))).toEqual([key, key, key]);
    // The edit met the registration (422), the first save was sent again and named its traveler,
    // and the traveler was updated with the edit: no second registration.
    expect(calls[1]?.body).toMatchObject({ contactInfo: { phone: '+34 600 111 223' } });
    expect(calls[2]?.body).toEqual(calls[0]?.body);
    expect(calls[3]?.url.pathname).toBe(`/api/pilgrims/${server.saved.id}`);
    expect(calls[3]?.body).toMatchObject({
      firstName: 'Lucía',
      contactInfo: { phone: '+34 600 111 223' },
    });
    // The signature the traveler already has is not sent again.
    expect(calls[3]?.body).not.toHaveProperty('signatureImage');
    expect(calls[3]?.body).not.toHaveProperty('establishmentId');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an edit whose update is lost is sent again as an update, not as a registration', async () => {
    stubSignaturePad();
    const server = registrationServer([{ arrives: true }]);
    let puts = 0;
    const { calls } = mockApi(
      {
        'POST /api/pilgrims': server.route,
        [`PUT /api/pilgrims/${server.saved.id}`]: () =>
          ++puts === 1
            ? new TypeError('Failed to fetch')
            : { body: { success: true, message: 'ok', data: server.saved } },
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderRegistration();
    await fillRequired(user);
    drawSignature();
    const save = () => user.click(screen.getByRole('button', { name: 'Save record' }));

    await save();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+34 600 111 223');
    await save();
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await save();

    expect(await screen.findByRole('heading', { name: 'Record saved' })).toBeInTheDocument();
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST', 'POST', 'PUT', 'PUT']);
    expect(server.registered.size).toBe(1);
  });

  it('another traveler typed in after a lost answer is registered with a new key', async () => {
    stubSignaturePad();
    const server = registrationServer([{ arrives: true }]);
    const { calls } = mockApi({ 'POST /api/pilgrims': server.route }, NO_SAME_DOCUMENT);
    const { user } = renderRegistration();
    await fillRequired(user);
    drawSignature();
    const save = () => user.click(screen.getByRole('button', { name: 'Save record' }));

    await save();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    // Someone else: another document, another birth date and surname.
    await user.clear(field('Document number'));
    await user.type(field('Document number'), 'Y7654321');
    await user.clear(field('First surname'));
    await user.type(field('First surname'), 'Smith');
    fireEvent.change(field('Date of birth'), { target: { value: '1975-02-03' } });
    await save();

    expect(await screen.findByRole('heading', { name: 'Record saved' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers.get('idempotency-key')).not.toBe(
      calls[0]?.headers.get('idempotency-key'),
    );
    expect(server.registered.size).toBe(2);
  });
});
