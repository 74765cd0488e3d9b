import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionRenewalDialog } from '@/features/auth/components/session-renewal-dialog';
import { EditTravelerForm } from '@/features/desk/components/edit-traveler-form';
import { TravelerRegistration } from '@/features/desk/components/traveler-registration';
import {
  ESTABLISHMENT_ID,
  NO_SAME_DOCUMENT,
  sampleTraveler,
  stubSignaturePad,
} from '@/features/desk/test/fixtures';
import { EstablishmentForm } from '@/features/profile/components/establishment-form';
import { authStore } from '@/lib/auth';
import { sessionRenewal } from '@/lib/session-renewal';
import { hasSession } from '@/lib/session-presence';
import { hasUnsavedInput } from '@/lib/unsaved-input';
import {
  apiFailure,
  mockApi,
  renderRoutes,
  sampleUser,
  SIGNED_IN_ME,
  TEST_CSRF_TOKEN,
} from '@/test/utils';
import { api } from '@/lib/api-client';
import { RequireAuth } from './guards';
import { wireSessionExpiry } from './session-expiry';
import { drawSignature, field, fillRequired } from '@/features/desk/test/form';

const NEW_TOKEN = 'tok_new_abcdefghijklmnopqrstuvwxyz0123';
const EXPIRED = apiFailure(
  401,
  'SESSION_EXPIRED',
  'Your session has expired. Please log in again.',
);
const LOGGED_IN = { body: { success: true, token: NEW_TOKEN, user: sampleUser } };
/**
 * The desk's look-ups, and /me answered by the session cookie (every login asks it for the
 * memberships, decision 058).
 */
const SIGNED_IN = {
  unrecorded: { ...NO_SAME_DOCUMENT.unrecorded, 'GET /api/auth/me': SIGNED_IN_ME },
};

/**
 * A signed-in page of the app (behind RequireAuth, with the app's renewal dialog) and a /login
 * stand-in, wired as in main.tsx.
 */
function renderApp(page: ReactElement, path: string) {
  authStore.setSession(sampleUser, { remember: false });
  const rendered = renderRoutes(
    [
      {
        element: <RequireAuth />,
        children: [
          {
            path,
            element: (
              <>
                {page}
                <SessionRenewalDialog />
              </>
            ),
          },
        ],
      },
      { path: '/login', element: <h1>Login stand-in</h1> },
      { path: '/clients/:id', element: <h1>Record stand-in</h1> },
    ],
    { path },
  );
  wireSessionExpiry(rendered.router, rendered.queryClient);
  return rendered;
}

afterEach(() => {
  sessionRenewal.reset();
});

// Long forms typed key by key: jsdom needs more than the default 5 s on a slow machine.
describe('a session that ends over unsaved input', { timeout: 60_000 }, () => {
  it('keeps the registration form and its signature: log in again in a dialog, then Save registers once', async () => {
    stubSignaturePad();
    const saved = sampleTraveler({ documentType: 'P', passportNumber: 'X1234567' });
    let posts = 0;
    const { calls } = mockApi(
      {
        'POST /api/pilgrims': () =>
          ++posts === 1
            ? EXPIRED
            : { status: 201, body: { success: true, message: 'ok', data: saved } },
        'POST /api/auth/login': LOGGED_IN,
      },
      SIGNED_IN,
    );
    const { user, router } = renderApp(
      <TravelerRegistration establishmentId={ESTABLISHMENT_ID} />,
      '/traveler-registration',
    );
    await fillRequired(user);
    drawSignature();
    const save = screen.getByRole('button', { name: 'Save record' });
    await user.click(save);

    const dialog = await screen.findByRole('dialog', { name: 'Your session has expired' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/Log in again to continue/);
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveValue('ana@example.com');
    expect(email).toHaveAttribute('readonly');
    const password = within(dialog).getByLabelText('Password');
    await vi.waitFor(() => expect(password).toHaveFocus());
    // Still signed in on the same page, and no redirect is on its way (the old one came at 1.5 s).
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(router.state.location.pathname).toBe('/traveler-registration');
    expect(authStore.getState().user).toEqual(sampleUser);
    expect(hasSession()).toBe(false);

    // Tab stays inside the dialog.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Go to the login page' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Log in and continue' })).toHaveFocus();
    await user.tab();
    expect(email).toHaveFocus();

    await user.type(password, 'correct horse{Enter}');
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your session has expired' })).toBeNull(),
    );
    expect(
      await screen.findByText('You are logged in again. Save again to finish.'),
    ).toBeInTheDocument();
    const login = calls.find((call) => call.url.pathname === '/api/auth/login');
    // The choice of the first login ("remember me" off) is kept: the server's cookie lasts the
    // browser session only. Nothing of the session is stored where scripts could read it.
    expect(login?.body).toEqual({
      email: 'ana@example.com',
      password: 'correct horse',
      remember: false,
    });
    expect(hasSession()).toBe(true);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(sessionStorage.getItem('auth_token')).toBeNull();
    expect(save).toHaveFocus();

    // Everything typed is still there; Save sends the same data with the same key, once.
    expect(field('First name')).toHaveValue('Lucía');
    expect(field('Emergency contact name')).toHaveValue('Ana Ruiz');
    await user.click(save);
    expect(await screen.findByRole('heading', { name: 'Record saved' })).toBeInTheDocument();
    const sent = calls.filter((call) => call.url.pathname === '/api/pilgrims');
    expect(sent).toHaveLength(2);
    // The session travels in the HttpOnly cookie; the client adds the CSRF token, never a bearer.
    for (const call of sent) {
      expect(call.headers.get('authorization')).toBeNull();
      expect(call.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);
    }
    expect(sent[1]?.body).toEqual(sent[0]?.body);
    expect(sent[1]?.body).toMatchObject({
      firstName: 'Lucía',
      signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(sent[1]?.headers.get('idempotency-key')).toBe(sent[0]?.headers.get('idempotency-key'));
    expect(router.state.location.pathname).toBe('/traveler-registration');
  });

  it('keeps the edit form through a wrong password, then saves the change', async () => {
    const pilgrim = sampleTraveler();
    let puts = 0;
    const { calls } = mockApi(
      {
        [`PUT /api/pilgrims/${pilgrim.id}`]: () =>
          ++puts === 1
            ? EXPIRED
            : {
                body: {
                  success: true,
                  message: 'ok',
                  data: { ...pilgrim, firstName: 'Lucía María' },
                },
              },
        'POST /api/auth/login': (call) =>
          (call.body as { password: string }).password === 'right'
            ? LOGGED_IN
            : apiFailure(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
      },
      SIGNED_IN,
    );
    const onSaved = vi.fn();
    const { user, router } = renderApp(
      <EditTravelerForm traveler={pilgrim} onSaved={onSaved} />,
      '/clients/edit/1',
    );
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Lucía María');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your session has expired' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong{Enter}');
    expect(await within(dialog).findByText('Invalid email or password')).toBeInTheDocument();
    expect(authStore.getState().user).toEqual(sampleUser);
    expect(router.state.location.pathname).toBe('/clients/edit/1');

    const password = within(dialog).getByLabelText('Password');
    await user.clear(password);
    await user.type(password, 'right{Enter}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(field('First name')).toHaveValue('Lucía María');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const sent = calls.filter((call) => call.method === 'PUT');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toMatchObject({ firstName: 'Lucía María' });
    expect(sent[1]?.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);
  });

  it('"Go to the login page" signs out the old way, remembering the page', async () => {
    const pilgrim = sampleTraveler();
    mockApi({ [`PUT /api/pilgrims/${pilgrim.id}`]: EXPIRED }, NO_SAME_DOCUMENT);
    const { user, router } = renderApp(
      <EditTravelerForm traveler={pilgrim} onSaved={() => {}} />,
      '/clients/edit/1',
    );
    await user.type(field('Second surname'), 'z');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your session has expired' });
    // Escape does not throw the input away: only the button does.
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Go to the login page' }));
    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/clients/edit/1' } });
    expect(authStore.getState().user).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks on any 401 over a new registration with input; leaving from the dialog asks nothing more', async () => {
    mockApi({ 'GET /api/pilgrims': EXPIRED });
    const { user, router } = renderApp(
      <TravelerRegistration establishmentId={ESTABLISHMENT_ID} />,
      '/traveler-registration',
    );
    await user.type(field('First name'), 'Lucía');
    await expect(api.get('/pilgrims')).rejects.toMatchObject({ status: 401 });
    const dialog = await screen.findByRole('dialog', { name: 'Your session has expired' });

    await user.click(within(dialog).getByRole('button', { name: 'Go to the login page' }));
    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/traveler-registration' },
    });
  });
});

describe('a session that ends with nothing unsaved', () => {
  it('says so and, 1.5 s later, signs out and goes to /login as before', async () => {
    const pilgrim = sampleTraveler();
    mockApi({ [`PUT /api/pilgrims/${pilgrim.id}`]: EXPIRED }, NO_SAME_DOCUMENT);
    const { user, router } = renderApp(
      <EditTravelerForm traveler={pilgrim} onSaved={() => {}} />,
      '/clients/edit/1',
    );
    expect(hasUnsavedInput()).toBe(false);
    // Saving an untouched record: nothing would be lost.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByRole('heading', { name: 'Login stand-in' }, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/clients/edit/1' } });
    expect(authStore.getState().user).toBeNull();
  });
});

describe('unsaved input', () => {
  it('is reported by the establishment form while it holds changes, and no longer once it is gone', async () => {
    mockApi({}, NO_SAME_DOCUMENT);
    const { user, unmount } = renderApp(
      <EstablishmentForm onDone={() => {}} onCancel={() => {}} />,
      '/profile',
    );
    expect(hasUnsavedInput()).toBe(false);
    await user.type(screen.getByLabelText('Establishment name'), 'Albergue');
    expect(hasUnsavedInput()).toBe(true);
    await user.clear(screen.getByLabelText('Establishment name'));
    expect(hasUnsavedInput()).toBe(false);
    await user.type(screen.getByLabelText('Establishment name'), 'A');
    unmount();
    expect(hasUnsavedInput()).toBe(false);
  });
});
