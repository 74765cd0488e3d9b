import { fireEvent, screen, within } from '@testing-library/react';
import { Link, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { todayIso } from '@hospes/shared/dates';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderPage, renderRoutes, sampleUser } from '@/test/utils';
import {
  ESTABLISHMENT_ID,
  NO_SAME_DOCUMENT,
  sampleTraveler,
  stubSignaturePad,
} from '../test/fixtures';
import { EditTravelerForm } from './edit-traveler-form';
import { TravelerRegistration } from './traveler-registration';
import { RegistrationModes } from '@/app/routes/registration-modes';
import { DESK_TRAVELER, drawSignature, field, fillRequired } from '../test/form';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';

function signIn() {
  authStore.setSession(TOKEN, sampleUser, { remember: true });
}

function renderRegistration() {
  signIn();
  return renderPage(<TravelerRegistration establishmentId={ESTABLISHMENT_ID} />, {
    path: '/traveler-registration',
  });
}

// A long form typed key by key: jsdom needs more than the default 5 s on a slow machine.
describe('traveler form: the rules of spec §3 and §5', { timeout: 30_000 }, () => {
  it('starts on the first name and names every required field that is empty, without calling the server', async () => {
    const { fetchMock } = mockApi({}, NO_SAME_DOCUMENT);
    const { user } = renderRegistration();
    expect(field('First name')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save record' }));

    for (const label of [
      'First name',
      'First surname',
      'Date of birth',
      'Sex',
      'Email',
      'Phone',
      'Emergency contact name',
      'Emergency contact phone',
      'Relationship',
    ]) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription(
        expect.stringContaining('This field is required'),
      );
    }
    // Without a date of birth the traveler counts as an adult, who needs the document number.
    expect(field('Document number')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Document number')).toHaveAccessibleDescription(
      expect.stringContaining('Required from the age of 18'),
    );
    expect(screen.getByRole('combobox', { name: 'Nationality' })).toHaveAccessibleDescription(
      expect.stringContaining('This field is required'),
    );
    await vi.waitFor(() => expect(field('First name')).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the DNI letter, and asks for the support number of a DNI or NIE only', async () => {
    mockApi({}, NO_SAME_DOCUMENT);
    const { user } = renderRegistration();
    expect(screen.queryByLabelText('Support number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Back of the document')).not.toBeInTheDocument();

    await user.selectOptions(field('Document type'), 'D');
    expect(field('Support number')).toBeInTheDocument();
    expect(field('Back of the document')).toBeInTheDocument();
    await user.type(field('Document number'), '12345678A');
    await user.click(screen.getByRole('button', { name: 'Save record' }));

    expect(field('Document number')).toHaveAccessibleDescription(
      expect.stringContaining('Invalid DNI: check the control letter'),
    );
    expect(field('Support number')).toHaveAccessibleDescription(
      expect.stringContaining('The support number is required for a DNI or NIE'),
    );

    await user.clear(field('Document number'));
    await user.type(field('Document number'), '12345678Z');
    expect(field('Document number')).not.toHaveAttribute('aria-invalid');

    await user.selectOptions(field('Document type'), 'N');
    expect(field('Support number')).toBeInTheDocument();
    expect(field('Document number')).toHaveAccessibleDescription(
      expect.stringContaining('Invalid NIE: check the control letter'),
    );
    await user.selectOptions(field('Document type'), 'P');
    expect(screen.queryByLabelText('Support number')).not.toBeInTheDocument();
  });

  it('refuses a check-out before the entry', async () => {
    mockApi({}, NO_SAME_DOCUMENT);
    const { user } = renderRegistration();
    fireEvent.change(field('Entry date'), { target: { value: '2026-11-20' } });
    fireEvent.change(field('Check-out date'), { target: { value: '2026-11-18' } });
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(field('Check-out date')).toHaveAccessibleDescription(
      expect.stringContaining('The check-out date cannot be before the entry date'),
    );
  });

  it('requires the signature; once drawn, the record is sent with it and a success summary follows', async () => {
    stubSignaturePad();
    const saved = sampleTraveler({ documentType: 'P', passportNumber: 'X1234567' });
    const { calls } = mockApi(
      {
        'POST /api/pilgrims': { status: 201, body: { success: true, message: 'ok', data: saved } },
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderRegistration();
    // At the desk the hint speaks to staff.
    expect(screen.getByRole('img', { name: /Traveler's signature/ })).toHaveAccessibleDescription(
      /Ask the traveler to sign in the box/,
    );
    await fillRequired(user);

    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText('Signature is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    drawSignature();
    await vi.waitFor(() =>
      expect(screen.queryByText('Signature is required')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Save record' }));

    expect(await screen.findByRole('heading', { name: 'Record saved' })).toHaveFocus();
    expect(calls[0]?.body).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Fernández',
      nationality: 'ESP',
      documentType: 'P',
      passportNumber: 'X1234567',
      dateOfBirth: '1990-05-17',
      gender: 'F',
      establishmentId: ESTABLISHMENT_ID,
      contactInfo: { email: 'lucia@example.com', phone: '+34 600 111 222' },
      emergencyContact: { name: 'Ana Ruiz', phone: '+34 600 333 444', relationship: 'parent' },
      signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
      address: null,
      stay: null,
    });

    // "Register another traveler" starts again, empty, on the first name.
    await user.click(screen.getByRole('button', { name: 'Register another traveler' }));
    expect(field('First name')).toHaveValue('');
    expect(field('First name')).toHaveFocus();
  });

  it('registers a companion on the same stay: dates, home address and contract copied, for one SES communication', async () => {
    stubSignaturePad();
    signIn();
    const adult = sampleTraveler({
      documentType: 'P',
      passportNumber: 'X1234567',
      reportNumber: '2026/000123',
      checkOutDate: '2026-11-21',
      address: {
        street: 'Calle Mayor 5',
        complement: null,
        municipalityCode: '28079',
        municipalityName: 'Madrid',
        postalCode: '28013',
        country: 'ESP',
      },
      stay: { ...sampleTraveler().stay, paymentType: 'EFECT' },
    });
    const { calls } = mockApi(
      {
        'POST /api/pilgrims': { status: 201, body: { success: true, message: 'ok', data: adult } },
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });
    await fillRequired(user);
    drawSignature();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await screen.findByRole('heading', { name: 'Record saved' });

    await user.click(screen.getByRole('button', { name: 'Register a companion (same stay)' }));
    expect(
      screen.getByText(/Companion of Lucía Fernández Ruiz: .*contract 2026\/000123/),
    ).toBeInTheDocument();
    // A new person: no name, no document; the shared stay is there.
    expect(field('First name')).toHaveValue('');
    expect(field('Document number')).toHaveValue('');
    expect(field('Entry date')).toHaveValue('2026-11-20');
    // The contact a child or a partner gives in practice; their own emergency contact is not.
    expect(field('Email')).toHaveValue(adult.contactInfo.email);
    expect(field('Phone')).toHaveValue(adult.contactInfo.phone);
    expect(field('Emergency contact name')).toHaveValue('');

    await fillRequired(user);
    drawSignature();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({
      entryDate: '2026-11-20',
      checkOutDate: '2026-11-21',
      address: { street: 'Calle Mayor 5', municipalityCode: '28079', postalCode: '28013' },
      stay: { contractReference: '2026/000123', contractDate: '2026-11-20', paymentType: 'EFECT' },
    });
  });

  it('says when the document is already registered for this stay, pointing to a self check-in to confirm', async () => {
    const today = todayIso();
    const pending = sampleTraveler({
      id: '5d9f0a1e-2b3c-4d5e-8f90-a1b2c3d4e5f6',
      documentType: 'P',
      passportNumber: 'X1234567',
      entryDate: today,
      selfRegistration: { status: 'pending', confirmationCode: '7K2M9QXA' },
    });
    // Same number, a stay long over: not this one.
    const earlier = sampleTraveler({
      passportNumber: 'X1234567',
      entryDate: '2025-05-01',
      checkOutDate: '2025-05-02',
    });
    const lookups: string[] = [];
    mockApi({
      'GET /api/pilgrims': (call) => {
        lookups.push(call.url.search);
        return {
          body: {
            success: true,
            data: [pending, earlier],
            pagination: { total: 2, page: 1, limit: 20, totalPages: 1 },
          },
        };
      },
    });
    const { user } = renderRegistration();
    await user.type(field('Document number'), 'x1234567');
    // Asked once the number settles (600 ms), then answered: more than findBy's default second.
    const notice = await screen.findByText(
      'This document is already registered for this stay:',
      {},
      // A bound, not a speed: jsdom on two busy cores took longer than 5 s once.
      { timeout: 15_000 },
    );
    const box = notice.closest('[role="status"]') as HTMLElement;
    expect(
      within(box).getByRole('link', { name: 'Lucía Fernández Ruiz (2026/000001)' }),
    ).toHaveAttribute('href', `/clients/view/${pending.id}`);
    expect(within(box).getByText(/checked in on their phone/)).toBeInTheDocument();
    expect(within(box).getAllByRole('link')).toHaveLength(1);
    // Asked once the number settled, not for every key typed.
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toContain('search=X1234567');
  });

  it('asks before saving a document already registered for this stay; "Back to the form" sends nothing', async () => {
    stubSignaturePad();
    const registered = sampleTraveler({
      id: '5d9f0a1e-2b3c-4d5e-8f90-a1b2c3d4e5f6',
      documentType: 'P',
      passportNumber: 'X1234567',
      entryDate: todayIso(),
    });
    const { calls } = mockApi({
      'GET /api/pilgrims': {
        body: {
          success: true,
          data: [registered],
          pagination: { total: 1, page: 1, limit: 20, totalPages: 1 },
        },
      },
      'POST /api/pilgrims': {
        status: 201,
        body: { success: true, message: 'ok', data: registered },
      },
    });
    const { user } = renderRegistration();
    // Typed in lower case: the same document as the one stored in upper case.
    await fillRequired(user, { ...DESK_TRAVELER, documentNumber: 'x1234567' });
    drawSignature();
    await screen.findByText(
      'This document is already registered for this stay:',
      {},
      // A bound, not a speed: jsdom on two busy cores took longer than 5 s once.
      { timeout: 15_000 },
    );
    const posts = () => calls.filter((call) => call.method === 'POST');

    await user.click(screen.getByRole('button', { name: 'Save record' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Register this document again?',
    });
    expect(within(dialog).getByRole('button', { name: 'Back to the form' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Back to the form' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    // Asked again, and this time registered again: once.
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Register again',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Record saved' })).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
  });

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

    // Edited after sends whose outcome is unknown: still the same key.
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

  it('puts the server’s field errors on their fields, opening a closed section for one', async () => {
    const pilgrim = sampleTraveler();
    mockApi(
      {
        'PUT /api/pilgrims/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d': apiFailure(
          400,
          'VALIDATION_FAILED',
          'Error in the data sent',
          [
            { field: 'contactInfo.email', message: 'This email is refused by the server' },
            {
              field: 'address.municipalityCode',
              message: 'The municipality code is required for an address in Spain',
            },
          ],
        ),
      },
      NO_SAME_DOCUMENT,
    );
    signIn();
    const onSaved = vi.fn();
    const { user } = renderPage(<EditTravelerForm traveler={pilgrim} onSaved={onSaved} />, {
      path: '/clients/edit/1',
    });
    const homeAddress = screen.getByRole('button', { name: /Home address/ });
    expect(homeAddress).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Signature is required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('This email is refused by the server')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(homeAddress).toHaveAttribute('aria-expanded', 'true');
    expect(field('Municipality code (INE)')).toHaveAccessibleDescription(
      expect.stringContaining('The municipality code is required for an address in Spain'),
    );
    expect(field('Email')).toHaveFocus();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('an edit sends the whole record, without images nobody changed', async () => {
    const pilgrim = sampleTraveler();
    const { calls } = mockApi(
      {
        'PUT /api/pilgrims/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d': {
          body: { success: true, message: 'ok', data: pilgrim },
        },
      },
      NO_SAME_DOCUMENT,
    );
    signIn();
    const onSaved = vi.fn();
    const { user } = renderPage(<EditTravelerForm traveler={pilgrim} onSaved={onSaved} />, {
      path: '/clients/edit/1',
    });
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+34 611 999 888{Enter}');
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 5_000 });
    const body = calls[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      contactInfo: { phone: '+34 611 999 888', email: 'lucia@example.com' },
      documentSupportNumber: 'CAA123456',
    });
    expect(body).not.toHaveProperty('signatureImage');
    expect(body).not.toHaveProperty('frontDocImage');
    expect(body).not.toHaveProperty('establishmentId');
    expect(await screen.findByText('Pilgrim saved')).toBeInTheDocument();
  });

  it('opens on what the SES file’s check asked to fix: listed, marked on its fields, the first focused', async () => {
    mockApi({}, NO_SAME_DOCUMENT);
    signIn();
    renderPage(
      <EditTravelerForm
        traveler={sampleTraveler()}
        onSaved={() => {}}
        problems={[
          { field: 'stay.paymentType', message: 'The payment type is required by SES' },
          { field: 'establishment.establishmentCode', message: 'The establishment has no code' },
        ]}
      />,
      { path: '/clients/edit/1' },
    );
    const alert = screen.getByText('To fix for the SES file:').closest('[role="alert"], div')!;
    expect(alert).toHaveTextContent('The payment type is required by SES');
    expect(alert).toHaveTextContent('The establishment has no code');
    // The payment section, closed by default, opens with the field marked and focused.
    await vi.waitFor(() => expect(field('Payment type')).toHaveFocus());
    expect(field('Payment type')).toHaveAccessibleDescription(
      expect.stringContaining('The payment type is required by SES'),
    );
  });

  it('leaves out the photo fields, and a scanned photo, where the establishment keeps none', async () => {
    stubSignaturePad();
    const saved = sampleTraveler({ documentType: 'P', passportNumber: 'X1234567' });
    const { calls } = mockApi(
      {
        'POST /api/pilgrims': { status: 201, body: { success: true, message: 'ok', data: saved } },
      },
      NO_SAME_DOCUMENT,
    );
    signIn();
    const { user } = renderPage(
      <TravelerRegistration
        establishmentId={ESTABLISHMENT_ID}
        keepDocumentImages={false}
        prefill={{ values: { frontDocImage: 'data:image/jpeg;base64,/9j/4AAQ' }, marks: {} }}
      />,
      { path: '/traveler-registration' },
    );
    expect(
      screen.getByText(/This establishment does not keep photos of identity documents/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Front of the document')).not.toBeInTheDocument();
    expect(screen.queryByText('Back of the document')).not.toBeInTheDocument();

    await fillRequired(user);
    drawSignature();
    await vi.waitFor(() =>
      expect(screen.queryByText('Signature is required')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByRole('heading', { name: 'Record saved' })).toBeInTheDocument();
    expect(calls[0]?.body).toHaveProperty('signatureImage');
    expect(calls[0]?.body).not.toHaveProperty('frontDocImage');
    expect(calls[0]?.body).not.toHaveProperty('backDocImage');
  });

  it('says where the photos a record already has are, in an establishment that keeps none', () => {
    signIn();
    const pilgrim = sampleTraveler({
      documentUploads: [
        {
          id: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
          kind: 'front',
          mimeType: 'image/jpeg',
          originalName: 'front-document.jpg',
          size: 1000,
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    });
    renderPage(
      <EditTravelerForm traveler={pilgrim} keepDocumentImages={false} onSaved={vi.fn()} />,
      { path: '/clients/edit/1' },
    );
    expect(
      screen.getByText(/no new photo is stored\. The photos this record already has are shown/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Front of the document')).not.toBeInTheDocument();
  });

  it('shows the photo fields where the establishment keeps them', () => {
    signIn();
    renderPage(<TravelerRegistration establishmentId={ESTABLISHMENT_ID} keepDocumentImages />, {
      path: '/traveler-registration',
    });
    expect(screen.getByText('Front of the document')).toBeInTheDocument();
    expect(
      screen.queryByText(/This establishment does not keep photos of identity documents/),
    ).not.toBeInTheDocument();
  });

  it('starts the entry date on the establishment’s own day: the Canary Islands are an hour behind', () => {
    // 23:30 in Las Palmas (UTC in winter) is already tomorrow in Madrid.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-15T23:30:00Z') });
    try {
      signIn();
      const canary = renderPage(
        <TravelerRegistration establishmentId={ESTABLISHMENT_ID} timeZone="Atlantic/Canary" />,
        { path: '/traveler-registration' },
      );
      expect(field('Entry date')).toHaveValue('2026-01-15');
      canary.unmount();
      renderPage(<TravelerRegistration establishmentId={ESTABLISHMENT_ID} />, {
        path: '/traveler-registration',
      });
      expect(field('Entry date')).toHaveValue('2026-01-16');
    } finally {
      vi.useRealTimers();
    }
  });

  it(
    'checks the date of birth against the establishment’s own day: the island’s today is not the future',
    { timeout: 30_000 },
    async () => {
      // 23:30 in Las Palmas, 00:30 of the 16th in Madrid.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-15T23:30:00Z') });
      try {
        const { calls } = mockApi({}, NO_SAME_DOCUMENT);
        signIn();
        const { user } = renderPage(
          <TravelerRegistration establishmentId={ESTABLISHMENT_ID} timeZone="Atlantic/Canary" />,
          { path: '/traveler-registration' },
        );
        // Born on the mainland's today: the island's tomorrow.
        await fillRequired(user, { ...DESK_TRAVELER, dateOfBirth: '2026-01-16' });
        await user.click(screen.getByRole('button', { name: 'Save record' }));
        expect(field('Date of birth')).toHaveAccessibleDescription(
          expect.stringContaining('The date of birth cannot be in the future'),
        );
        // Born on the island's today.
        fireEvent.change(field('Date of birth'), { target: { value: '2026-01-15' } });
        await vi.waitFor(() =>
          expect(field('Date of birth')).not.toHaveAttribute('aria-invalid', 'true'),
        );
        expect(field('Entry date')).toHaveValue('2026-01-15');
        expect(calls).toHaveLength(0);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('shows the request failure when the server names no field', async () => {
    mockApi(
      {
        'PUT /api/pilgrims/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d': apiFailure(
          404,
          'PILGRIM_NOT_FOUND',
          'Pilgrim not found',
        ),
      },
      NO_SAME_DOCUMENT,
    );
    signIn();
    const { user } = renderPage(
      <EditTravelerForm traveler={sampleTraveler()} onSaved={() => {}} />,
      { path: '/clients/edit/1' },
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pilgrim not found');
    expect(within(screen.getByRole('alert')).queryByRole('button')).not.toBeInTheDocument();
  });

  describe('editing: the question before leaving unsaved changes', () => {
    const pilgrim = sampleTraveler();
    function EditPage() {
      const navigate = useNavigate();
      return (
        <EditTravelerForm
          traveler={pilgrim}
          onSaved={(saved) => void navigate(`/clients/view/${saved.id}`)}
          actions={<Link to="/clients">Back to the list</Link>}
        />
      );
    }
    function renderEdit() {
      signIn();
      return renderRoutes(
        [
          { path: '/clients/edit/:id', element: <EditPage /> },
          { path: '/clients/view/:id', element: <h1>View stand-in</h1> },
          { path: '/clients', element: <h1>Clients stand-in</h1> },
        ],
        { path: `/clients/edit/${pilgrim.id}` },
      );
    }

    it('asks before a changed edit is left, in the app and on reload', async () => {
      mockApi({}, NO_SAME_DOCUMENT);
      const { user, router } = renderEdit();
      await user.clear(field('Phone'));
      await user.type(field('Phone'), '+34 611 999 888');
      const reload = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(reload);
      expect(reload.defaultPrevented).toBe(true);

      await user.click(screen.getByRole('link', { name: 'Back to the list' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      expect(router.state.location.pathname).toBe(`/clients/edit/${pilgrim.id}`);
      expect(field('Phone')).toHaveValue('+34 611 999 888');

      await user.click(screen.getByRole('link', { name: 'Back to the list' }));
      await user.click(
        within(await screen.findByRole('alertdialog', { name: 'Leave this page?' })).getByRole(
          'button',
          { name: 'Leave' },
        ),
      );
      expect(await screen.findByRole('heading', { name: 'Clients stand-in' })).toBeInTheDocument();
    });

    it('does not ask once the changes are saved', async () => {
      mockApi(
        {
          [`PUT /api/pilgrims/${pilgrim.id}`]: {
            body: { success: true, message: 'ok', data: pilgrim },
          },
        },
        NO_SAME_DOCUMENT,
      );
      const { user, router } = renderEdit();
      await user.clear(field('Phone'));
      await user.type(field('Phone'), '+34 611 999 888');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(
        await screen.findByRole('heading', { name: 'View stand-in' }, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(`/clients/view/${pilgrim.id}`);
    });
  });
});
