import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '@hospes/shared/dates';
import type { ReportDefaults } from '@hospes/shared/report-defaults';
import { authStore } from '@/lib/auth';
import eu from '@/locales/eu';
import fr from '@/locales/fr';
import { useLanguage } from '@/test/languages';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { prefillFromScan } from '@/features/traveler/form-model';
import type { ScanRound } from '@/features/traveler/components/form/use-scan-rounds';
import { clearSendQueue } from '../send-queue';
import {
  ESTABLISHMENT_ID,
  NO_SAME_DOCUMENT,
  sampleTraveler,
  SPECIMEN_SCAN,
  stubSignaturePad,
} from '../test/fixtures';
import { drawSignature, field } from '../test/form';
import { WalkInRegistration } from './walk-in-registration';

const ALBERGUE: ReportDefaults = { defaultPaymentType: 'EFECT', walkInNights: 1 };

/**
 * The walk-in at an albergue (one night by default); "Read the document" stands for the page's
 * scans (a USB reader, the camera), each a new round with the specimen passport.
 */
function renderWalkIn(
  options: { emergencyContactOptional?: boolean; nights?: number | null } = {},
) {
  authStore.setSession(sampleUser, { remember: true });
  const defaults = {
    ...ALBERGUE,
    walkInNights: options.nights === undefined ? ALBERGUE.walkInNights : options.nights,
  };
  function Desk() {
    const [scan, setScan] = useState<ScanRound>({ round: 0 });
    return (
      <>
        <button
          type="button"
          onClick={() =>
            setScan((current) => ({
              round: current.round + 1,
              value: prefillFromScan(SPECIMEN_SCAN),
            }))
          }
        >
          Read the document
        </button>
        <WalkInRegistration
          establishmentId={ESTABLISHMENT_ID}
          keepDocumentImages={false}
          reportDefaultsFor={() => defaults}
          emergencyContactOptional={options.emergencyContactOptional ?? true}
          scan={scan}
        />
      </>
    );
  }
  return renderPage(<Desk />, { path: '/traveler-registration' });
}

/** The identity block typed by hand, with the contact. */
async function typeWalkIn(user: UserEvent, name: { first: string; last: string; number: string }) {
  await user.type(field('First name'), name.first);
  await user.type(field('First surname'), name.last);
  await user.type(screen.getByRole('combobox', { name: 'Nationality' }), 'spain{Enter}');
  fireEvent.change(field('Date of birth'), { target: { value: '1990-05-17' } });
  await user.selectOptions(field('Sex'), 'F');
  await user.selectOptions(field('Document type'), 'P');
  await user.type(field('Document number'), name.number);
}

const created = (overrides: Parameters<typeof sampleTraveler>[0]) => ({
  status: 201,
  body: { success: true, message: 'ok', data: sampleTraveler(overrides) },
});

afterEach(() => clearSendQueue());

describe('the desk’s walk-in mode', { timeout: 60_000 }, () => {
  it('is one screen: identity, document, e-mail and phone, signature; the stay and an optional emergency contact closed; nothing else', () => {
    stubSignaturePad();
    mockApi({}, NO_SAME_DOCUMENT);
    renderWalkIn();
    expect(field('First name')).toHaveFocus();
    for (const label of ['First surname', 'Date of birth', 'Document number', 'Email', 'Phone'])
      expect(field(label)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Traveler's signature/ })).toBeInTheDocument();
    // Not needed at the desk's walk-in: they follow the nationality or the defaults.
    for (const label of ['Second phone', "Traveler's language", 'Street and number'])
      expect(screen.queryByLabelText(label, { exact: false })).not.toBeInTheDocument();
    for (const section of ['Home address', 'Booking and contract', 'Payment'])
      expect(screen.queryByRole('button', { name: new RegExp(section) })).not.toBeInTheDocument();
    // The stay: closed, its line says what the save gives (today, one night).
    const stay = screen.getByRole('button', { name: /^Stay/ });
    expect(stay).toHaveAttribute('aria-expanded', 'false');
    expect(stay).toHaveTextContent(/arrival .+, departure .+ \(default\)/);
    expect(field('Entry date')).not.toBeVisible();
    expect(screen.getByRole('button', { name: /^Emergency contact/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('shows a language’s short label where the full one wraps in a phone’s half column, the full one said as the field’s description', async () => {
    stubSignaturePad();
    mockApi({}, NO_SAME_DOCUMENT);
    await useLanguage('fr', fr);
    const { unmount } = renderWalkIn();
    // What is seen names the field; the full label describes it.
    const short: Record<string, string> = {
      '1er nom de famille': 'Premier nom de famille',
      '2e nom de famille': 'Second nom de famille',
      'N° du document': 'Numéro du document',
    };
    for (const [label, full] of Object.entries(short))
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(full);
    // Short enough already: as it is, nothing more said.
    expect(screen.getByLabelText('Date de naissance')).not.toHaveAccessibleDescription();
    unmount();
    await useLanguage('eu', eu);
    renderWalkIn();
    expect(screen.getByLabelText('E-posta')).toHaveAccessibleDescription('Helbide elektronikoa');
  });

  it('keeps the English labels as they are, each its own name with no description', () => {
    stubSignaturePad();
    mockApi({}, NO_SAME_DOCUMENT);
    renderWalkIn();
    for (const label of [
      'First surname',
      'Second surname',
      'Date of birth',
      'Document number',
      'Email',
    ])
      expect(field(label)).not.toHaveAccessibleDescription(label);
  });

  it('asks for the emergency contact on the screen where the establishment requires it, and closes the stay without a default of nights', () => {
    stubSignaturePad();
    mockApi({}, NO_SAME_DOCUMENT);
    renderWalkIn({ emergencyContactOptional: false, nights: null });
    expect(field('Emergency contact name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Stay/ })).toHaveTextContent(
      /departure at check-out/,
    );
  });

  it('saves with today as arrival, then "Next pilgrim" starts the companion at once with the same stay and contract', async () => {
    stubSignaturePad();
    const today = todayIso(new Date());
    const first = {
      id: '0c6f8a52-1d2e-4f3a-9b4c-5d6e7f8a9b0c',
      firstName: 'Ana',
      lastName: 'Ruiz',
      reportNumber: '2026/000010',
      documentType: 'P',
      passportNumber: 'PA1000001',
      entryDate: today,
      checkOutDate: addDays(today, 1),
      contactInfo: { email: 'ana@example.org', phone: '+34600111222', phone2: null, address: null },
    } as const;
    let saves = 0;
    const { calls } = mockApi(
      {
        'POST /api/pilgrims': () =>
          ++saves === 1
            ? created(first)
            : created({ ...first, id: '1d7f9b63-2e3f-4a4b-8c5d-6e7f8a9b0c1d', firstName: 'Eva' }),
      },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderWalkIn();
    await typeWalkIn(user, { first: 'Ana', last: 'Ruiz', number: 'PA1000001' });
    await user.type(field('Email'), 'ana@example.org');
    await user.type(field('Phone'), '+34600111222');
    drawSignature();
    await user.click(screen.getByRole('button', { name: 'Save record' }));

    const next = await screen.findByRole('button', { name: 'Next pilgrim (same stay)' });
    expect(screen.getByRole('heading', { name: /^Saved: Ana Ruiz/ })).toBeInTheDocument();
    expect(next).toHaveFocus();
    expect(calls[0]?.body).toMatchObject({ entryDate: today, firstName: 'Ana' });

    // One tap: the next form, on its first field, with the stay of the one before.
    await user.click(next);
    expect(field('First name')).toHaveFocus();
    expect(field('First name')).toHaveValue('');
    expect(screen.getByText(/Companion of Ana Ruiz/)).toHaveTextContent('2026/000010');
    expect(field('Email')).toHaveValue('ana@example.org');
    await typeWalkIn(user, { first: 'Eva', last: 'Ruiz', number: 'PA1000002' });
    drawSignature();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await screen.findByRole('heading', { name: /^Saved: Eva/ });
    expect(calls[1]?.body).toMatchObject({
      entryDate: today,
      checkOutDate: addDays(today, 1),
      stay: { contractReference: '2026/000010' },
      contactInfo: { email: 'ana@example.org', phone: '+34600111222' },
    });
  });

  it('"New stay" starts a pilgrim of their own; a document read while the saved one shows starts the next with it', async () => {
    stubSignaturePad();
    mockApi(
      { 'POST /api/pilgrims': () => created({ firstName: 'Ana', lastName: 'Ruiz' }) },
      NO_SAME_DOCUMENT,
    );
    const { user } = renderWalkIn();
    await typeWalkIn(user, { first: 'Ana', last: 'Ruiz', number: 'PA1000001' });
    await user.type(field('Email'), 'ana@example.org');
    await user.type(field('Phone'), '+34600111222');
    drawSignature();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await user.click(await screen.findByRole('button', { name: 'New stay' }));
    expect(field('First name')).toHaveFocus();
    expect(field('Email')).toHaveValue('');
    expect(screen.queryByText(/Companion of/)).not.toBeInTheDocument();

    // Saved again, then the reader reads the next document: its form opens with it, no tap.
    await typeWalkIn(user, { first: 'Ana', last: 'Ruiz', number: 'PA1000001' });
    await user.type(field('Email'), 'ana@example.org');
    await user.type(field('Phone'), '+34600111222');
    drawSignature();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await screen.findByRole('button', { name: 'Next pilgrim (same stay)' });
    await user.click(screen.getByRole('button', { name: 'Read the document' }));
    expect(await screen.findByDisplayValue('C01X00T47')).toHaveAttribute('name', 'passportNumber');
    expect(screen.getByDisplayValue(/^mustermann$/i)).toHaveAttribute('name', 'lastName');
    expect(field('Email')).toHaveValue('');
  });
});
