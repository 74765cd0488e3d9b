/**
 * The desk's registration entry modes (type, scan, self check-in code) and what each keeps when
 * the hospitalero moves between them. Over 500 lines on purpose: the cases share one set of API
 * stand-ins and moves between the modes; split, each file would repeat them.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Traveler } from '@hospes/shared/travelers';
import { Link } from 'react-router';
import { authStore } from '@/lib/auth';
import pt from '@/locales/pt';
import { useLanguage } from '@/test/languages';
import { DocumentSlotsContext } from '@/lib/document-slots';
import { scanChosenPhoto } from '@/test/image';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import {
  ESTABLISHMENT_ID,
  NO_SAME_DOCUMENT,
  sampleTraveler,
  SPECIMEN_SCAN,
  stubSignaturePad,
} from '@/features/desk/test/fixtures';
import { loadReviewForm, RegistrationModes } from './registration-modes';
import { drawSignature, field, fillRequired } from '@/features/desk/test/form';

function stubCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(getUserMedia) },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.useRealTimers();
});

describe('registration entry modes', { timeout: 40_000 }, () => {
  // The review's form, loaded after the page's first render (decision 082), as once loaded.
  beforeAll(async () => {
    await loadReviewForm();
  });
  it('switches modes as a radio group and keeps manual entry one tap away when the camera is refused', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({}, NO_SAME_DOCUMENT);
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });

    const group = screen.getByRole('radiogroup', { name: 'How to register' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Manual' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Save record' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Scan document' }));
    expect(screen.getByRole('radio', { name: 'Scan document' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(await screen.findByText(/permission was denied/)).toBeInTheDocument();
    // The alternatives: a photo from the device, or typing.
    expect(screen.getByRole('button', { name: 'Take or choose a photo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Capture' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enter the details by hand' }));
    expect(screen.getByRole('radio', { name: 'Manual' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Save record' })).toBeInTheDocument();

    // Arrow keys move the selection.
    screen.getByRole('radio', { name: 'Manual' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Scan QR code' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByLabelText(/Confirmation code/)).toBeInTheDocument();
  });

  it('names the walk-in’s scan button in full where its text is the language’s short one', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({}, NO_SAME_DOCUMENT);
    await useLanguage('pt', pt);
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });
    await user.click(screen.getByRole('radio', { name: 'Chegada direta' }));
    const form = screen.getByRole('button', { name: 'Guardar registo' }).closest('form')!;
    // On the Identity title's line: "Digitalizar" shows, "Digitalizar documento" is its name.
    const scan = within(form).getByRole('button', { name: 'Digitalizar documento' });
    expect(scan).toHaveTextContent(/^Digitalizar$/);
  });

  it('stops the camera stream when the scan mode is left', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({}, NO_SAME_DOCUMENT);
    const stopTrack = vi.fn();
    const stream = { getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream;
    stubCamera(() => Promise.resolve(stream));
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });
    await user.click(screen.getByRole('radio', { name: 'Scan document' }));
    expect(await screen.findByRole('button', { name: 'Capture' })).toBeInTheDocument();
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: 'environment' }) }),
    );
    await user.click(screen.getByRole('radio', { name: 'Manual' }));
    expect(stopTrack).toHaveBeenCalled();
  });

  it('after a QR confirmation shows the traveler, the PDF and the record, focused, with one toast at most', async () => {
    // The form was sent on the 20th; the traveler is at the desk on the 21st.
    vi.useFakeTimers({
      toFake: ['Date'],
      shouldAdvanceTime: true,
      now: new Date('2026-11-21T09:15:00Z'),
    });
    authStore.setSession(sampleUser, { remember: true });
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const pending = sampleTraveler({
      selfRegistration: { status: 'pending', confirmationCode: '7K2M9QXA' },
    });
    const confirmed: Traveler = {
      ...pending,
      selfRegistration: { status: 'confirmed', confirmationCode: '7K2M9QXA' },
    };
    const { calls } = mockApi(
      {
        'GET /api/pilgrims/by-code/7K2M9QXA': { body: { success: true, data: pending } },
        [`PUT /api/pilgrims/${pending.id}`]: (call) => ({
          body: {
            success: true,
            data: { ...pending, entryDate: (call.body as { entryDate: string }).entryDate },
          },
        }),
        [`POST /api/pilgrims/${pending.id}/confirm`]: { body: { success: true, data: confirmed } },
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderPage(
      <DocumentSlotsContext.Provider
        value={{
          pdfActions: (traveler) => <button type="button">PDF of {traveler.firstName}</button>,
        }}
      >
        <RegistrationModes establishmentId={ESTABLISHMENT_ID} />
      </DocumentSlotsContext.Provider>,
      { path: '/traveler-registration' },
    );
    await user.click(screen.getByRole('radio', { name: 'Scan QR code' }));
    await user.type(screen.getByLabelText(/Confirmation code/), '7k2m-9qxa');
    await user.click(screen.getByRole('button', { name: 'Open registration' }));
    // The day of arrival, today, in the form's entry date: saving and confirming is one tap.
    const review = await screen.findByRole('region', {
      name: 'Check and confirm the registration',
    });
    expect(within(review).getByLabelText('Entry date')).toHaveValue('2026-11-21');
    expect(review).toHaveTextContent(
      'The entry date is set to the day of arrival, Nov 21, 2026. If the traveler arrived on another day, change it under “Stay”.',
    );
    await user.click(within(review).getByRole('button', { name: 'Save and confirm' }));

    const heading = await screen.findByRole('heading', { name: 'Registration confirmed' });
    expect(heading).toHaveFocus();
    const result = screen.getByRole('region', { name: 'Registration confirmed' });
    expect(within(result).getByText('Lucía Fernández Ruiz')).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'PDF of Lucía' })).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'View the record' })).toHaveAttribute(
      'href',
      `/clients/view/${pending.id}`,
    );
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PUT', 'POST']);
    expect(calls[1]?.body).toMatchObject({ entryDate: '2026-11-21' });
    expect(calls[2]?.body).toEqual({ entryDate: '2026-11-21' });
    // The result screen says it: no "Pilgrim saved" and "Registration confirmed." toasts on top.
    expect(screen.queryByText('Pilgrim saved')).not.toBeInTheDocument();
    expect(screen.queryByText('Registration confirmed.')).not.toBeInTheDocument();

    await user.click(within(result).getByRole('button', { name: 'Read another code' }));
    expect(screen.getByLabelText(/Confirmation code/)).toHaveValue('');
  });

  it('a QR confirmation proposes the day by the clock of the traveler’s establishment, and sends the day staff chose', async () => {
    // 23:30 in Tenerife is already the 16th in Madrid.
    vi.useFakeTimers({
      toFake: ['Date'],
      shouldAdvanceTime: true,
      now: new Date('2026-01-15T23:30:00Z'),
    });
    authStore.setSession(sampleUser, { remember: true });
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const pending = sampleTraveler({
      entryDate: '2026-01-10',
      selfRegistration: { status: 'pending', confirmationCode: '7K2M9QXA' },
    });
    const { calls } = mockApi(
      {
        'GET /api/pilgrims/by-code/7K2M9QXA': { body: { success: true, data: pending } },
        [`PUT /api/pilgrims/${pending.id}`]: (call) => ({
          body: {
            success: true,
            data: { ...pending, entryDate: (call.body as { entryDate: string }).entryDate },
          },
        }),
        [`POST /api/pilgrims/${pending.id}/confirm`]: apiFailure(
          400,
          'VALIDATION_FAILED',
          'Error in the data sent',
          [
            {
              field: 'checkOutDate',
              code: 'validation.checkOutBeforeEntry',
              message: 'The check-out date cannot be before the entry date',
            },
          ],
        ),
      },
      NO_SAME_DOCUMENT,
    );
    // The desk chose another establishment (on the mainland); the code is of the island one.
    const { user } = renderPage(
      <RegistrationModes
        establishmentId="5b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e"
        timeZone="Europe/Madrid"
        timeZoneOf={(id) => (id === ESTABLISHMENT_ID ? 'Atlantic/Canary' : 'Europe/Madrid')}
      />,
      { path: '/traveler-registration' },
    );
    await user.click(screen.getByRole('radio', { name: 'Scan QR code' }));
    await user.type(screen.getByLabelText(/Confirmation code/), '7K2M9QXA');
    await user.click(screen.getByRole('button', { name: 'Open registration' }));
    const review = await screen.findByRole('region', {
      name: 'Check and confirm the registration',
    });
    const entryDate = within(review).getByLabelText('Entry date');
    expect(entryDate).toHaveValue('2026-01-15');
    fireEvent.change(entryDate, { target: { value: '2026-01-14' } });
    await user.click(within(review).getByRole('button', { name: 'Save and confirm' }));
    // The server's reason, not only that it failed.
    expect(
      await screen.findByText('The check-out date cannot be before the entry date'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => call.body)).toEqual([
      expect.objectContaining({ entryDate: '2026-01-14' }),
      { entryDate: '2026-01-14' },
    ]);
  });

  it('leaves the entry date of a registration confirmed already as it is', async () => {
    authStore.setSession(sampleUser, { remember: true });
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const confirmed = sampleTraveler({
      entryDate: '2026-11-20',
      selfRegistration: { status: 'confirmed', confirmationCode: '7K2M9QXA' },
    });
    const { calls } = mockApi(
      {
        'GET /api/pilgrims/by-code/7K2M9QXA': { body: { success: true, data: confirmed } },
        [`PUT /api/pilgrims/${confirmed.id}`]: { body: { success: true, data: confirmed } },
        [`POST /api/pilgrims/${confirmed.id}/confirm`]: {
          body: { success: true, data: confirmed },
        },
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });
    await user.click(screen.getByRole('radio', { name: 'Scan QR code' }));
    await user.type(screen.getByLabelText(/Confirmation code/), '7K2M9QXA');
    await user.click(screen.getByRole('button', { name: 'Open registration' }));
    const review = await screen.findByRole('region', {
      name: 'Check and confirm the registration',
    });
    expect(within(review).getByText('This registration was already confirmed.')).toBeVisible();
    expect(within(review).queryByText(/The entry date is set to the day of arrival/)).toBeNull();
    expect(within(review).getByLabelText('Entry date')).toHaveValue('2026-11-20');
    await user.click(within(review).getByRole('button', { name: 'Save and confirm' }));
    await screen.findByRole('heading', { name: 'Registration confirmed' });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{}]);
  });

  it('says the details were saved when only the QR confirmation fails', async () => {
    authStore.setSession(sampleUser, { remember: true });
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const pending = sampleTraveler({
      selfRegistration: { status: 'pending', confirmationCode: '7K2M9QXA' },
    });
    mockApi(
      {
        'GET /api/pilgrims/by-code/7K2M9QXA': { body: { success: true, data: pending } },
        [`PUT /api/pilgrims/${pending.id}`]: { body: { success: true, data: pending } },
        [`POST /api/pilgrims/${pending.id}/confirm`]: apiFailure(502, 'HTTP_502', 'Bad gateway'),
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });
    await user.click(screen.getByRole('radio', { name: 'Scan QR code' }));
    await user.type(screen.getByLabelText(/Confirmation code/), '7K2M9QXA');
    await user.click(screen.getByRole('button', { name: 'Open registration' }));
    await user.click(await screen.findByRole('button', { name: 'Save and confirm' }));
    expect(
      await screen.findByText(
        'The details were saved, but the registration could not be confirmed. Try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Pilgrim saved')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and confirm' })).toBeInTheDocument();
  });
});

/** A field whose label may carry a scan mark ("Please check"). */
const marked = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

const SCAN_ROUTE = {
  'POST /api/ocr/process-document': { body: { success: true, data: SPECIMEN_SCAN } },
};

/** Scan mode with the camera refused, then a photo of the document chosen. */
async function scanPhoto(user: UserEvent) {
  await scanChosenPhoto(user);
  await vi.waitFor(() => expect(marked('First name')).toHaveValue('Erika'));
}

/** The registration page, with a link away as the app's menu has. */
function renderDesk() {
  authStore.setSession(sampleUser, { remember: true });
  stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
  return renderPage(
    <>
      <Link to="/clients">Clients</Link>
      <RegistrationModes establishmentId={ESTABLISHMENT_ID} />
    </>,
    { path: '/traveler-registration' },
  );
}

const toTravelers = (user: UserEvent) => user.click(screen.getByRole('link', { name: 'Clients' }));

// A long form typed key by key: jsdom needs more than the default 5 s on a slow machine.
describe('registration entry modes: what was typed is kept', { timeout: 60_000 }, () => {
  // The review's form, loaded after the page's first render (decision 082), as once loaded.
  beforeAll(async () => {
    await loadReviewForm();
  });
  it('keeps the values, the signature and the registration key through the scanner and back', async () => {
    stubSignaturePad();
    const saved = sampleTraveler({ documentType: 'P', passportNumber: 'X1234567' });
    let posts = 0;
    const { calls } = mockApi(
      {
        // The first answer is lost on the way (the registration may have been made).
        'POST /api/pilgrims': () =>
          ++posts === 1
            ? new TypeError('Failed to fetch')
            : { status: 201, body: { success: true, message: 'ok', data: saved } },
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderDesk();
    await fillRequired(user);
    drawSignature();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));

    await user.click(screen.getByRole('radio', { name: 'Scan document' }));
    expect(await screen.findByText(/permission was denied/)).toBeInTheDocument();
    // The form is hidden, out of reach of the keyboard and of screen readers.
    expect(field('First name')).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save record' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enter the details by hand' }));
    expect(field('First name')).toHaveValue('Lucía');
    // The identity, complete and left, is one line: its "Edit" takes the focus (decision 072).
    expect(screen.getByRole('button', { name: 'Edit: Identity' })).toHaveFocus();
    expect(field('Email')).toHaveValue('lucia@example.com');
    expect(screen.getByRole('combobox', { name: 'Nationality', hidden: true })).toHaveValue(
      'Spain',
    );
    expect(screen.getByText(/^Signed\./)).toBeInTheDocument();

    // Sent again: the same registration, with the same Idempotency-Key.
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByRole('heading', { name: 'Record saved' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    const keys = calls.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(calls[1]?.body).toMatchObject({
      firstName: 'Lucía',
      signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
    });

    // Saved: leaving asks nothing.
    await toTravelers(user);
    expect(await screen.findByRole('heading', { name: 'Clients stand-in' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('merges a scan into the form: the scanned fields are set and marked, what was typed stays', async () => {
    mockApi(SCAN_ROUTE, NO_SAME_DOCUMENT);
    const { user } = renderDesk();
    await user.type(field('First name'), 'Eri');
    await user.type(field('Email'), 'erika@example.de');
    await user.type(field('Phone'), '+49 30 1234567');

    await scanPhoto(user);
    expect(screen.getByRole('radio', { name: 'Manual' })).toHaveAttribute('aria-checked', 'true');
    expect(marked('First name')).toHaveAccessibleName(/Please check/);
    expect(marked('First name')).toHaveFocus();
    expect(marked('First surname')).toHaveValue('Mustermann');
    expect(marked('Document number')).toHaveValue('C01X00T47');
    expect(marked('Document number')).toHaveAccessibleName(/Confirmed/);
    expect(field('Email')).toHaveValue('erika@example.de');
    expect(field('Phone')).toHaveValue('+49 30 1234567');
    expect(screen.getByText(/^Document processed/)).toBeInTheDocument();
  });

  it('reads an MRZ a USB reader types into a field as a scan: the field keeps what was typed, the Enters send nothing', async () => {
    const { calls } = mockApi({}, NO_SAME_DOCUMENT);
    renderDesk();
    const email = field('Email');
    fireEvent.change(email, { target: { value: 'anna@example.se' } });
    email.focus();
    // The reader types the ICAO passport specimen, a key every few milliseconds, as a keyboard:
    // a key the page does not hold back goes into the field; an Enter not held back sends the form.
    const lines = [
      'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
      'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
    ];
    // Each key carries the moment the reader sent it, 5 ms after the last: the detector reads the
    // events' time stamps, and how long the page takes to render a key under load is no business
    // of the test (the keys' own times are what a real reader's events would carry).
    const start = performance.now();
    for (const [index, key] of lines.flatMap((line) => [...line, 'Enter']).entries()) {
      const target = document.activeElement as HTMLInputElement;
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: start + index * 5 });
      const typed = fireEvent(target, event);
      if (!typed) continue;
      if (key === 'Enter') target.form?.requestSubmit();
      else fireEvent.input(target, { target: { value: target.value + key } });
    }
    expect(await screen.findByText(/^Document processed/)).toBeInTheDocument();
    expect(field('Email')).toHaveValue('anna@example.se');
    expect(marked('First surname')).toHaveValue('Eriksson');
    expect(marked('First surname')).toHaveAccessibleName(/Please check/);
    // The scan's rules: a number with look-alike characters (C, 0) is to check; the birth date
    // its check digits confirm is confirmed.
    expect(marked('Document number')).toHaveValue('L898902C3');
    expect(marked('Document number')).toHaveAccessibleName(/Please check/);
    expect(marked('Date of birth')).toHaveValue('1974-08-12');
    expect(marked('Date of birth')).toHaveAccessibleName(/Confirmed/);
    // No save was tried: no field says it is required, nothing was sent.
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('starts afresh when the scanned document is another one than the number typed (someone else)', async () => {
    stubSignaturePad();
    mockApi(SCAN_ROUTE, NO_SAME_DOCUMENT);
    const { user } = renderDesk();
    await user.type(field('Document number'), 'Z9999999');
    await user.type(field('Email'), 'someone@example.com');
    drawSignature();
    await vi.waitFor(() => expect(screen.getByText(/^Signed/)).toBeInTheDocument());

    await scanPhoto(user);
    expect(marked('Document number')).toHaveValue('C01X00T47');
    // The first person's e-mail and signature do not go with the second one's identity.
    expect(field('Email')).toHaveValue('');
    expect(screen.queryByText(/^Signed/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText('Signature is required')).toBeInTheDocument();
  });

  it('a scan after "Register a companion" keeps the stay and home address shared with the first traveler', async () => {
    stubSignaturePad();
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
    });
    const { calls } = mockApi(
      {
        ...SCAN_ROUTE,
        'POST /api/pilgrims': { status: 201, body: { success: true, message: 'ok', data: adult } },
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderDesk();
    await fillRequired(user);
    drawSignature();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await user.click(
      await screen.findByRole('button', { name: 'Register a companion (same stay)' }),
    );
    // The first traveler's e-mail and phone are there; this companion gives her own e-mail.
    expect(field('Email')).toHaveValue(adult.contactInfo.email);
    expect(field('Phone')).toHaveValue(adult.contactInfo.phone);
    await user.clear(field('Email'));
    await user.type(field('Email'), 'erika@example.de');

    await scanPhoto(user);
    expect(field('Email')).toHaveValue('erika@example.de');
    expect(field('Entry date')).toHaveValue('2026-11-20');
    expect(screen.getByText(/Companion of Lucía Fernández Ruiz/)).toBeInTheDocument();

    // The contact, complete and left for the scanner, is one line: "Edit" opens it (decision 072).
    await user.click(await screen.findByRole('button', { name: 'Edit: Contact' }));
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+49 30 1234567');
    await user.type(field('Emergency contact name'), 'Max Mustermann');
    await user.type(field('Emergency contact phone'), '+49 30 7654321');
    await user.selectOptions(field('Relationship'), 'spouse');
    drawSignature();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    expect(calls.at(-1)?.body).toMatchObject({
      firstName: 'Erika',
      lastName: 'Mustermann',
      passportNumber: 'C01X00T47',
      contactInfo: { email: 'erika@example.de' },
      entryDate: '2026-11-20',
      checkOutDate: '2026-11-21',
      address: { street: 'Calle Mayor 5', postalCode: '28013' },
      stay: { contractReference: '2026/000123' },
      frontDocImage: expect.stringMatching(/^data:image\/jpeg;base64,/),
    });

    // The companion saved, the next pilgrim's document scanned from the summary: a traveler of
    // their own, not on the family's contract.
    await screen.findByRole('heading', { name: 'Record saved' });
    await scanPhoto(user);
    expect(screen.queryByText(/Companion of/)).not.toBeInTheDocument();
    expect(field('Entry date')).not.toHaveValue('2026-11-20');
    expect(field('Street and number')).toHaveValue('');
  });

  it('asks before leaving with unsaved input, in the app and on reload; not before anything is typed', async () => {
    mockApi({}, NO_SAME_DOCUMENT);
    const { user, router } = renderDesk();
    // Untouched: the way out is free.
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);

    await user.type(field('Email'), 'erika@example.de');
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);

    await toTravelers(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    expect(dialog).toHaveAccessibleDescription('What you typed will be lost.');
    expect(within(dialog).getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/traveler-registration');
    expect(field('Email')).toHaveValue('erika@example.de');

    // Asked again, and left this time: the warning on reload goes with the form.
    await toTravelers(user);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }),
    );
    expect(await screen.findByRole('heading', { name: 'Clients stand-in' })).toBeInTheDocument();
    const away = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(away);
    expect(away.defaultPrevented).toBe(false);
  });

  it('lets a page nobody typed in go without asking', async () => {
    mockApi({}, NO_SAME_DOCUMENT);
    const { user } = renderDesk();
    await toTravelers(user);
    expect(await screen.findByRole('heading', { name: 'Clients stand-in' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
