import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateTravelerInputSchema, type Traveler } from '@hospes/shared/travelers';
import { sampleEstablishment } from '@/features/admin/components/test-data';
import { createTraveler } from '@/features/traveler/api/create-traveler';
import { newRegistrationAttempt } from '@/features/desk/registration-attempt';
import { clearSendQueue, enqueue, sendQueue } from '@/features/desk/send-queue';
import { ESTABLISHMENT_ID, NO_SAME_DOCUMENT, sampleTraveler } from '@/features/desk/test/fixtures';
import { field } from '@/features/desk/test/form';
import {
  emptyTravelerValues,
  toSchemaInput,
  type TravelerFormValues,
} from '@/features/traveler/form-model';
import { authStore } from '@/lib/auth';
import { hasUnsavedInput } from '@/lib/unsaved-input';
import { apiFailure, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { routes } from './router';

const establishments = {
  body: {
    success: true,
    data: [{ ...sampleEstablishment({ id: ESTABLISHMENT_ID }), role: 'owner' }],
  },
};

/** A traveler as the desk's form held them when their save went to the send queue. */
function travelerValues(firstName: string, lastName: string): TravelerFormValues {
  return {
    ...emptyTravelerValues(ESTABLISHMENT_ID, '2026-11-20'),
    firstName,
    lastName,
    nationality: 'ESP',
    dateOfBirth: '1990-05-17',
    gender: 'F',
    documentType: 'P',
    passportNumber: 'X1234567',
    contactInfo: { email: 'lucia@example.com', phone: '+34 600 111 222', phone2: '', address: '' },
    emergencyContact: { name: 'Ana Ruiz', phone: '+34 600 333 444', relationship: 'parent' },
    signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
  };
}

/** Puts a registration in the send queue, sent through the mocked API as the desk sends it. */
function queueRegistration(firstName: string, lastName: string) {
  const values = travelerValues(firstName, lastName);
  const attempt = newRegistrationAttempt();
  enqueue({
    name: `${firstName} ${lastName}`,
    establishmentId: ESTABLISHMENT_ID,
    values,
    input: CreateTravelerInputSchema.parse(toSchemaInput(values)),
    attempt,
    calls: {
      create: async (input, key) => (await createTraveler({ input, key })).data,
      update: () => Promise.reject(new Error('not expected')),
    },
  });
  return attempt;
}

/** The route's page loads on demand: the first time may take a while on a slow machine. */
const LOADED = { timeout: 10_000 };

const banner = () => screen.getByRole('banner');

afterEach(() => clearSendQueue());

describe('the desk’s send queue in the app', { timeout: 60_000 }, () => {
  it('a registration that needed attention before the header was there is announced when it appears', async () => {
    mockApi(
      {
        'GET /api/establishments/user': establishments,
        'POST /api/pilgrims': () =>
          apiFailure(400, 'VALIDATION_FAILED', 'Validation failed', [
            { field: 'passportNumber', message: 'This document is already registered' },
          ]),
      },
      NO_SAME_DOCUMENT,
    );
    // Refused before the app (and the header's indicator) is on screen.
    authStore.setSession(sampleUser, { remember: true });
    queueRegistration('Lucía', 'Fernández');
    await vi.waitFor(() => expect(sendQueue.getState()[0]?.status).toBe('attention'));
    renderRoutes(routes, { path: '/traveler-registration' });
    await screen.findByRole('banner', {}, LOADED);
    await within(banner()).findByRole('link', { name: 'Needs attention: Lucía Fernández' }, LOADED);
    await vi.waitFor(() =>
      expect(
        within(banner())
          .getAllByRole('status')
          .some((region) => /Needs attention: Lucía/.test(region.textContent)),
      ).toBe(true),
    );
  });

  it('a refused registration needs attention: opened from the header, fixed and saved with the same key', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const saved: Traveler = sampleTraveler({ reportNumber: '2026/000012' });
    let posts = 0;
    const { calls } = mockApi(
      {
        'GET /api/establishments/user': establishments,
        'POST /api/pilgrims': () =>
          ++posts === 1
            ? apiFailure(400, 'VALIDATION_FAILED', 'Validation failed', [
                { field: 'passportNumber', message: 'This document is already registered' },
              ])
            : { status: 201, body: { success: true, message: 'ok', data: saved } },
      },
      NO_SAME_DOCUMENT,
    );
    const { user, router } = renderRoutes(routes, { path: '/traveler-registration' });
    expect(await screen.findByRole('button', { name: 'Save record' }, LOADED)).toBeInTheDocument();
    // The header's queue indicator loads once the user is known (decision 067): its live region
    // hears the queue's changes from then on.
    await within(banner()).findByRole('status', {}, LOADED);

    const attempt = queueRegistration('Lucía', 'Fernández');
    const link = await within(banner()).findByRole('link', {
      name: 'Needs attention: Lucía Fernández',
    });
    // The live region says it too, once its announcement has been written (after the link's
    // render: not in the same tick).
    await vi.waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .some((region) => /Needs attention: Lucía/.test(region.textContent)),
      ).toBe(true),
    );
    // In the danger colour alone (with the link colour too, the latter won: it looked saved).
    expect(link).toHaveClass('text-danger');
    expect(link).not.toHaveClass('text-primary');
    await user.click(link);

    // Her form as it was sent, the refusal on its field.
    expect(
      await screen.findByRole('heading', {
        name: 'Registration of Lucía Fernández: needs attention',
      }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toMatch(/^\?queued=/);
    expect(field('First name')).toHaveValue('Lucía');
    expect(field('Document number')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Document number')).toHaveAccessibleDescription(
      expect.stringContaining('This document is already registered'),
    );
    expect(field('Document number')).toHaveFocus();

    await user.clear(field('Document number'));
    await user.type(field('Document number'), 'X7654321');
    await user.click(screen.getByRole('button', { name: 'Save record' }));

    // Saved here and now, as the desk saves: the summary, and the queue is empty.
    expect(await screen.findByRole('heading', { name: 'Record saved' })).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
    const [first, second] = calls.filter((call) => call.method === 'POST');
    expect(first?.headers.get('idempotency-key')).toBe(attempt.key);
    expect(second?.headers.get('idempotency-key')).toBe(attempt.key);
    expect(second?.body).toMatchObject({ firstName: 'Lucía', passportNumber: 'X7654321' });
    expect(sendQueue.getState()).toEqual([]);
    expect(within(banner()).queryByRole('region', { name: 'Registrations being sent' })).toBeNull();
  });

  it('a refused registration can be discarded after a question', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi(
      {
        'GET /api/establishments/user': establishments,
        'POST /api/pilgrims': apiFailure(400, 'VALIDATION_FAILED', 'Validation failed', [
          { field: 'passportNumber', message: 'Invalid document number' },
        ]),
      },
      NO_SAME_DOCUMENT,
    );
    const { user, router } = renderRoutes(routes, { path: '/traveler-registration' });
    expect(await screen.findByRole('button', { name: 'Save record' }, LOADED)).toBeInTheDocument();
    queueRegistration('Hans', 'Weber');
    await user.click(
      await within(banner()).findByRole('link', { name: 'Needs attention: Hans Weber' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Discard registration' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Discard the registration of Hans Weber?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(sendQueue.getState()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Discard registration' }));
    await user.click(
      within(
        screen.getByRole('alertdialog', { name: 'Discard the registration of Hans Weber?' }),
      ).getByRole('button', { name: 'Discard registration' }),
    );
    expect(sendQueue.getState()).toEqual([]);
    await vi.waitFor(() => expect(router.state.location.search).not.toMatch(/queued=/));
    expect(within(banner()).queryByRole('link', { name: /Needs attention/ })).toBeNull();
  });

  it('discarding a fix form that was changed asks once', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi(
      {
        'GET /api/establishments/user': establishments,
        'POST /api/pilgrims': apiFailure(400, 'VALIDATION_FAILED', 'Validation failed', [
          { field: 'passportNumber', message: 'Invalid document number' },
        ]),
      },
      NO_SAME_DOCUMENT,
    );
    const { user, router } = renderRoutes(routes, { path: '/traveler-registration' });
    expect(await screen.findByRole('button', { name: 'Save record' }, LOADED)).toBeInTheDocument();
    queueRegistration('Hans', 'Weber');
    await user.click(
      await within(banner()).findByRole('link', { name: 'Needs attention: Hans Weber' }),
    );
    const number = await screen.findByLabelText(/^Document number/);
    await user.clear(number);
    await user.type(number, 'X7654321');

    await user.click(screen.getByRole('button', { name: 'Discard registration' }));
    await user.click(
      within(
        screen.getByRole('alertdialog', { name: 'Discard the registration of Hans Weber?' }),
      ).getByRole('button', { name: 'Discard registration' }),
    );
    await vi.waitFor(() => expect(router.state.location.search).not.toMatch(/queued=/));
    // Discarded is discarded: no "Leave this page?" after the question already answered.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sendQueue.getState()).toEqual([]);
  });

  it('asks before the tab is closed and before logging out while registrations are being sent', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const { calls } = mockApi(
      {
        'GET /api/establishments/user': establishments,
        // A connection that never answers.
        'POST /api/pilgrims': () => new Promise(() => {}),
        'POST /api/auth/logout': { body: { success: true, message: 'ok' } },
      },
      NO_SAME_DOCUMENT,
    );
    const { user, router } = renderRoutes(routes, { path: '/traveler-registration' });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByRole('button', { name: 'Save record' }, LOADED);
    expect(unload()).toBe(false);

    queueRegistration('Lucía', 'Fernández');
    expect(
      await within(banner()).findByRole('region', { name: 'Registrations being sent' }),
    ).toHaveTextContent('Sending 1 registration…');
    expect(unload()).toBe(true);
    // Unsaved input too: a session that ends now is renewed in place, not signed out.
    expect(hasUnsavedInput()).toBe(true);

    const nav = () => within(banner()).getAllByRole('navigation', { name: 'Main' })[0]!;
    await user.click(within(nav()).getByRole('button', { name: 'Log out' }));
    const question = screen.getByRole('alertdialog', { name: 'Log out?' });
    expect(question).toHaveTextContent('1 registration is still being sent: it will be lost.');
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(authStore.getState().user).not.toBeNull();
    expect(calls.some((call) => call.url.pathname === '/api/auth/logout')).toBe(false);

    fireEvent.click(within(nav()).getByRole('button', { name: 'Log out' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Log out?' })).getByRole('button', {
        name: 'Log out anyway',
      }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.url.pathname === '/api/auth/logout')).toBe(true);
    expect(sendQueue.getState()).toEqual([]);
    expect(unload()).toBe(false);
    expect(hasUnsavedInput()).toBe(false);
  });
});
