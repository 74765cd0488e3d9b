import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { SPECIMEN_SCAN, stubSignaturePad } from '@/features/desk/test/fixtures';
import { CHECKIN_LINK_INFO } from '@/test/checkin';
import { scanChosenPhoto } from '@/test/image';
import { drawSignature, field, fillRequired, PILGRIM_TRAVELER } from '@/features/desk/test/form';
import { mockApi, renderPage, type MockCall } from '@/test/utils';
import { SelfRegistrationRoute } from './self-registration';

const LINK = 'lnk_abcdefghijklmnopqrstuvwx';
const COPIED = 'Home address, email and phone copied from Erika. Change them if they differ.';
const RESTORED =
  'What you typed before has been restored. Photos and the signature must be added again.';

function mockLink(more: Parameters<typeof mockApi>[0] = {}) {
  let sent = 0;
  return mockApi({
    ...more,
    [`GET /api/public/checkin/${LINK}`]: CHECKIN_LINK_INFO,
    [`POST /api/public/checkin/${LINK}`]: () => ({
      status: 201,
      body: { success: true, data: { confirmationCode: ['7K2M9QXA', 'B4DF8HJN'][sent++] } },
    }),
  });
}

const open = async () => {
  const page = renderPage(<SelfRegistrationRoute />, { path: `/registro-viajero?t=${LINK}` });
  await screen.findByRole('heading', { name: 'Fill in from your document' });
  return page;
};
const homeAddress = () => screen.getByRole('button', { name: /Home address/ });
const country = () => screen.getByRole('combobox', { name: 'Country of residence', hidden: true });
const stored = () => sessionStorage.getItem(STORAGE_KEYS.checkinDraft);
const storedValues = () =>
  (JSON.parse(stored() ?? 'null') as { values: Record<string, unknown> } | null)?.values;

/**
 * Erika, living in Madrid, registers with her home address, her e-mail and her phone (the self
 * check-in asks no second phone, decision 072).
 */
async function registerErika(user: UserEvent, { address = true } = {}) {
  await fillRequired(user, PILGRIM_TRAVELER);
  if (address) {
    await user.click(homeAddress());
    await user.type(field('Street and number'), 'Calle Mayor 1');
    await user.type(field('Floor, door, other'), '3º B');
    await user.type(country(), 'spain{Enter}');
    await user.type(field('Postal code'), '28013');
    await vi.waitFor(() => expect(field('Municipality code (INE)')).toHaveValue('28079'), {
      timeout: 10_000,
    });
  }
  drawSignature();
  await user.click(screen.getByRole('checkbox', { name: /I have read the legal information/ }));
  await user.click(screen.getByRole('button', { name: 'Send registration' }));
  await screen.findByRole('heading', { name: 'Registration sent' });
}

/** Erika's daughter: her own name and birth date, no document (a minor), no contact typed. */
async function fillDaughter(user: UserEvent) {
  await user.type(field('First name'), 'Lena');
  await user.type(field('First surname'), 'Mustermann');
  await user.type(screen.getByRole('combobox', { name: 'Nationality' }), 'germany{Enter}');
  fireEvent.change(field('Date of birth'), { target: { value: '2016-03-09' } });
  await user.selectOptions(field('Sex'), 'F');
  await user.type(field('Emergency contact name'), 'Max Mustermann');
  await user.type(field('Emergency contact phone'), '+49 30 7654321');
  await user.selectOptions(field('Relationship'), 'parent');
}

// A long form typed key by key, twice: jsdom needs more than the default 5 s on a slow machine.
describe('self check-in: the next person of a group', { timeout: 90_000 }, () => {
  it('starts from the home address and contact of the one just registered, shown and editable, and sends them with the new person', async () => {
    stubSignaturePad();
    const { calls } = mockLink();
    const { user } = await open();
    await registerErika(user);

    const companion = screen.getByRole('button', {
      name: 'Register someone travelling with Erika',
    });
    expect(companion).toHaveAccessibleDescription(
      'Same home address, email and phone as Erika; you can change them.',
    );
    expect(screen.getByRole('button', { name: 'Register another person' })).toBeInTheDocument();
    await user.click(companion);

    // Said at the top, naming the person, and read first.
    const notice = screen.getByText(COPIED);
    expect(notice.parentElement).toHaveFocus();
    // The copied values are in plain sight: the home address section opens with them.
    expect(homeAddress()).toHaveAttribute('aria-expanded', 'true');
    expect(field('Email')).toHaveValue('erika@example.de');
    expect(field('Phone')).toHaveValue('+49 30 1234567');
    expect(field('Street and number')).toHaveValue('Calle Mayor 1');
    expect(field('Floor, door, other')).toHaveValue('3º B');
    expect(country()).toHaveValue('Spain');
    expect(field('Postal code')).toHaveValue('28013');
    expect(field('Municipality code (INE)')).toHaveValue('28079');
    // Nothing of Erika's own: names, document, dates, emergency contact.
    expect(field('First name')).toHaveValue('');
    expect(field('First surname')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Nationality' })).toHaveValue('');
    expect(field('Date of birth')).toHaveValue('');
    expect(field('Document number')).toHaveValue('');
    expect(field('Emergency contact name')).toHaveValue('');
    expect(
      screen.getByRole('checkbox', { name: /I have read the legal information/ }),
    ).not.toBeChecked();

    // A child gives the adult's contact: nothing more to type there.
    await fillDaughter(user);
    await user.clear(field('Street and number'));
    await user.type(field('Street and number'), 'Calle Mayor 3');
    drawSignature();
    await user.click(screen.getByRole('checkbox', { name: /I have read the legal information/ }));
    await user.click(screen.getByRole('button', { name: 'Send registration' }));
    expect(await screen.findByTestId('confirmation-code')).toHaveTextContent('B4DF-8HJN');

    const posts = calls.filter((call: MockCall) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    const lena = posts[1]?.body as Record<string, unknown>;
    expect(lena).toMatchObject({
      firstName: 'Lena',
      dateOfBirth: '2016-03-09',
      contactInfo: { email: 'erika@example.de', phone: '+49 30 1234567' },
      address: {
        street: 'Calle Mayor 3',
        complement: '3º B',
        country: 'ESP',
        postalCode: '28013',
        municipalityCode: '28079',
      },
      emergencyContact: { name: 'Max Mustermann', relationship: 'parent' },
    });
    expect(lena.passportNumber ?? null).toBeNull();
    expect((lena.contactInfo as Record<string, unknown>).phone2 ?? null).toBeNull();
    // And the chain goes on: the third person may start from Lena's.
    expect(
      screen.getByRole('button', { name: 'Register someone travelling with Lena' }),
    ).toBeInTheDocument();
  });

  it('keeps "register another person" empty', async () => {
    stubSignaturePad();
    mockLink();
    const { user } = await open();
    await registerErika(user);
    await user.click(screen.getByRole('button', { name: 'Register another person' }));

    expect(screen.getByRole('heading', { name: 'Fill in from your document' })).toHaveFocus();
    expect(screen.queryByText(COPIED)).not.toBeInTheDocument();
    expect(homeAddress()).toHaveAttribute('aria-expanded', 'false');
    expect(field('Email')).toHaveValue('');
    expect(field('Phone')).toHaveValue('');
    expect(field('Street and number')).toHaveValue('');
    expect(field('Postal code')).toHaveValue('');
    expect(country()).toHaveValue('');
    expect(stored()).toBeNull();
  });

  it("starts the new person's draft from the copy, and a reload keeps their draft, not the one before's", async () => {
    stubSignaturePad();
    mockLink();
    const first = await open();
    await registerErika(first.user);
    await first.user.click(
      screen.getByRole('button', { name: 'Register someone travelling with Erika' }),
    );
    // At once, before anything is typed: a reload now opens the copy, not an empty form.
    expect(storedValues()).toEqual({
      contactInfo: {
        email: 'erika@example.de',
        phone: '+49 30 1234567',
        phone2: '',
        address: '',
      },
      address: {
        street: 'Calle Mayor 1',
        complement: '3º B',
        municipalityCode: '28079',
        municipalityName: 'Madrid',
        postalCode: '28013',
        country: 'ESP',
      },
    });
    await first.user.type(field('First name'), 'Lena');
    await vi.waitFor(() => expect(storedValues()).toMatchObject({ firstName: 'Lena' }));

    cleanup();
    await open();
    expect(screen.getByText(RESTORED)).toBeInTheDocument();
    expect(field('First name')).toHaveValue('Lena');
    expect(field('Email')).toHaveValue('erika@example.de');
    expect(field('Street and number')).toHaveValue('Calle Mayor 1');
    expect(field('Municipality code (INE)')).toHaveValue('28079');
    expect(field('Document number')).toHaveValue('');
    // Where it came from was in memory only: the page no longer says so, nor offers to copy.
    expect(screen.queryByText(COPIED)).not.toBeInTheDocument();
    expect(stored()).not.toMatch(/Erika|C01X00T47|Max Mustermann|5555555/);
  });

  it('offers no copy once the done screen is reloaded: nothing of the person is stored', async () => {
    stubSignaturePad();
    mockLink();
    const { user } = await open();
    await registerErika(user);
    const kept = Object.keys(sessionStorage)
      .map((key) => sessionStorage.getItem(key))
      .join();
    expect(kept).not.toMatch(/erika|Calle Mayor|1234567/);

    cleanup();
    renderPage(<SelfRegistrationRoute />, { path: `/registro-viajero?t=${LINK}` });
    expect(await screen.findByTestId('confirmation-code')).toHaveTextContent('7K2M-9QXA');
    expect(screen.getByRole('button', { name: 'Register another person' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /travelling with/ })).not.toBeInTheDocument();
  });

  it('clears what is still as copied in one tap, and keeps what the person changed', async () => {
    stubSignaturePad();
    mockLink();
    const { user } = await open();
    await registerErika(user);
    await user.click(
      screen.getByRole('button', { name: 'Register someone travelling with Erika' }),
    );
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+49 30 9999999');
    await user.type(field('First name'), 'Hans');

    const notice = screen.getByText(COPIED).closest('[role="status"]') as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Clear them' }));

    expect(notice).toHaveTextContent('The copied details have been cleared.');
    expect(screen.getByRole('heading', { name: 'Fill in from your document' })).toHaveFocus();
    expect(field('Email')).toHaveValue('');
    expect(field('Street and number')).toHaveValue('');
    expect(field('Floor, door, other')).toHaveValue('');
    expect(field('Postal code')).toHaveValue('');
    expect(country()).toHaveValue('');
    expect(field('Phone')).toHaveValue('+49 30 9999999');
    expect(field('First name')).toHaveValue('Hans');
    // The draft follows: a reload now would not bring the copy back.
    await vi.waitFor(() =>
      expect(storedValues()).toMatchObject({
        firstName: 'Hans',
        contactInfo: { email: '', phone: '+49 30 9999999' },
        address: { street: '', postalCode: '', country: '', municipalityCode: '' },
      }),
    );
  });

  it('keeps the copy cleared when another person’s document is scanned next', async () => {
    stubSignaturePad();
    mockLink({
      [`POST /api/public/checkin/${LINK}/ocr`]: { body: { success: true, data: SPECIMEN_SCAN } },
    });
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    try {
      const { user } = await open();
      await registerErika(user);
      await user.click(
        screen.getByRole('button', { name: 'Register someone travelling with Erika' }),
      );
      await user.type(field('Document number'), 'X1234567');
      const notice = screen.getByText(COPIED).closest('[role="status"]') as HTMLElement;
      await user.click(within(notice).getByRole('button', { name: 'Clear them' }));
      expect(field('Email')).toHaveValue('');

      // Someone else's document after all: their form starts afresh, without the copy.
      await scanChosenPhoto(user);
      await vi.waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue('Erika'));
      expect(screen.getByLabelText(/^Document number/)).toHaveValue(SPECIMEN_SCAN.passportNumber);
      expect(field('Email')).toHaveValue('');
      expect(field('Phone')).toHaveValue('');
      expect(field('Street and number')).toHaveValue('');
      expect(notice).toHaveTextContent('The copied details have been cleared.');
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('names only the e-mail and phone when no home address was given', async () => {
    stubSignaturePad();
    mockLink();
    const { user } = await open();
    await registerErika(user, { address: false });
    await user.click(
      screen.getByRole('button', { name: 'Register someone travelling with Erika' }),
    );
    expect(
      screen.getByText('Email and phone copied from Erika. Change them if they differ.'),
    ).toBeInTheDocument();
    expect(field('Email')).toHaveValue('erika@example.de');
    expect(homeAddress()).toHaveAttribute('aria-expanded', 'false');
  });
});
