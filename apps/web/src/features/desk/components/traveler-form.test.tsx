import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '@hospes/shared/dates';
import { formatDate } from '@/lib/format-date-time';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import {
  ESTABLISHMENT_ID,
  NO_SAME_DOCUMENT,
  sampleTraveler,
  stubSignaturePad,
} from '../test/fixtures';
import { TravelerRegistration } from './traveler-registration';
import { RegistrationModes } from '@/app/routes/registration-modes';
import { DESK_TRAVELER, drawSignature, field, fillRequired } from '../test/form';

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
    // Nothing but the memberships look-up of signing in (GET /api/auth/me) reached the network.
    expect(
      fetchMock.mock.calls
        .map(([url]) => String(url))
        .filter((url) => !url.startsWith('/api/auth/me?')),
    ).toEqual([]);
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

  // Two saves of a form typed key by key: longer than the others.
  it(
    'saves without an emergency contact where the establishment makes it optional; half of one is refused',
    { timeout: 60_000 },
    async () => {
      stubSignaturePad();
      const saved = sampleTraveler({ documentType: 'P', passportNumber: 'X1234567' });
      const { calls } = mockApi(
        {
          'POST /api/pilgrims': {
            status: 201,
            body: { success: true, message: 'ok', data: saved },
          },
        },
        NO_SAME_DOCUMENT,
      );
      signIn();
      const { user } = renderPage(
        <TravelerRegistration establishmentId={ESTABLISHMENT_ID} emergencyContactOptional />,
        { path: '/traveler-registration' },
      );
      // Closed, as the rarely used sections are; opened with one tap (or Enter).
      const toggle = screen.getByRole('button', { name: 'Emergency contact optional' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(field('Emergency contact name')).not.toBeVisible();
      await user.click(toggle);
      expect(screen.getByText(/^Optional at this establishment/)).toBeVisible();
      expect(field('Emergency contact name')).not.toHaveAttribute('aria-required');
      await fillRequired(user);
      await user.clear(field('Emergency contact name'));
      await user.clear(field('Emergency contact phone'));
      // A relationship alone is half a contact: its name and phone are asked for.
      drawSignature();
      await user.click(screen.getByRole('button', { name: 'Save record' }));
      expect(await screen.findAllByText('This field is required')).toHaveLength(2);
      expect(calls).toHaveLength(0);

      await user.selectOptions(field('Relationship'), '');
      await user.click(screen.getByRole('button', { name: 'Save record' }));
      expect(await screen.findByRole('heading', { name: 'Record saved' })).toBeInTheDocument();
      expect(calls[0]?.body).toMatchObject({ emergencyContact: { name: '', phone: '' } });
    },
  );

  it('a walk-in’s stay is closed with the dates the defaults give, and opens to change them', async () => {
    signIn();
    mockApi({}, NO_SAME_DOCUMENT);
    const today = todayIso();
    const { user } = renderPage(
      <TravelerRegistration
        establishmentId={ESTABLISHMENT_ID}
        reportDefaultsFor={() => ({ defaultPaymentType: 'EFECT', walkInNights: 2 })}
      />,
      { path: '/traveler-registration' },
    );
    const stay = screen.getByRole('button', { name: /^Stay/ });
    expect(stay).toHaveAttribute('aria-expanded', 'false');
    expect(field('Entry date')).not.toBeVisible();
    expect(stay).toHaveAccessibleName(
      `Stay arrival ${formatDate(today, 'en')}, departure ${formatDate(addDays(today, 2), 'en')} (default)`,
    );
    stay.focus();
    await user.keyboard('{Enter}');
    expect(field('Entry date')).toBeVisible();
    expect(field('Entry date')).toHaveValue(today);
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
});
