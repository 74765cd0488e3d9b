import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadPreflight } from '@/features/traveler/components/form/live-preflight';
import { authStore } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { NO_SAME_DOCUMENT, sampleTraveler } from '../test/fixtures';
import { field } from '../test/form';
import { EditTravelerForm } from './edit-traveler-form';

/** Everything the parte needs of Lucía (a walk-in: her report number is the contract). */
const complete = {
  checkOutDate: '2026-11-22',
  address: {
    street: 'Calle Mayor 1',
    complement: null,
    municipalityCode: '28079',
    municipalityName: 'Madrid',
    postalCode: '28013',
    country: 'ESP',
  },
  stay: { ...sampleTraveler().stay, paymentType: 'EFECT' as const },
};

const summary = () => screen.queryByRole('region', { name: 'Still needed for the SES report' });

// A long form: jsdom needs more than the default 5 s on a slow machine.
describe('the traveler form says live what the SES parte still needs', { timeout: 30_000 }, () => {
  it('on each field and in a summary whose links open the field, without blocking a save', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const traveler = sampleTraveler();
    const { calls } = mockApi(
      {
        [`PUT /api/pilgrims/${traveler.id}`]: {
          body: { success: true, message: 'ok', data: traveler },
        },
      },
      NO_SAME_DOCUMENT,
    );
    const onSaved = vi.fn();
    const { user } = renderPage(<EditTravelerForm traveler={traveler} onSaved={onSaved} />, {
      path: '/clients/edit/1',
    });

    // The check's code comes after the form's first render (decision 082), its notes with it.
    expect(summary()).not.toBeInTheDocument();
    await loadPreflight();
    // Lucía has no home address, no check-out and no payment type: the parte needs all three.
    const region = await screen.findByRole('region', { name: 'Still needed for the SES report' });
    const links = within(region)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'The check-out date is missing',
      'The home address is missing',
      'The payment type is missing',
    ]);
    expect(field('Check-out date')).toHaveAccessibleDescription(
      expect.stringContaining('The check-out date is missing'),
    );
    // Neither is said to be optional any more; the e-mail, given, has no note.
    expect(field('Check-out date')).not.toHaveAccessibleDescription(/optional/i);
    expect(screen.getByRole('button', { name: /Home address/ })).toHaveTextContent(
      'needed for the SES report',
    );
    expect(field('Email')).not.toHaveAccessibleDescription(/missing/);

    // A link opens the closed section and focuses the field.
    const homeAddress = screen.getByRole('button', { name: /Home address/ });
    expect(homeAddress).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(region).getByRole('link', { name: 'The home address is missing' }));
    expect(homeAddress).toHaveAttribute('aria-expanded', 'true');
    await vi.waitFor(() => expect(field('Street and number')).toHaveFocus());
    expect(field('Street and number')).toHaveAccessibleDescription(
      expect.stringContaining('The home address is missing'),
    );

    // Typed in, a value is checked once typing pauses: the note goes, the others stay.
    await user.type(field('Check-out date'), '2026-11-22');
    await vi.waitFor(() =>
      expect(field('Check-out date')).not.toHaveAccessibleDescription(/missing/),
    );
    expect(within(summary()!).getAllByRole('link')).toHaveLength(2);

    // Saving is not blocked by what the parte still needs: it can be completed later.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      checkOutDate: '2026-11-22',
    });
  });

  it('does not ask for what the establishment’s report defaults complete at the save (decision 042)', async () => {
    // The check's code as it is once loaded (the first test covers its coming).
    await loadPreflight();
    authStore.setSession(sampleUser, { remember: true });
    mockApi({}, NO_SAME_DOCUMENT);
    renderPage(
      <EditTravelerForm
        traveler={sampleTraveler()}
        onSaved={vi.fn()}
        reportDefaultsFor={() => ({ defaultPaymentType: 'EFECT', walkInNights: 1 })}
      />,
      { path: '/clients/edit/1' },
    );
    // Check-out (entry + 1 night) and payment type come from the defaults: the address does not.
    const links = within(summary()!)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['The home address is missing']);
    expect(field('Check-out date')).not.toHaveAccessibleDescription(/missing/);
  });

  it('says the second surname is needed with a DNI only, and nothing for a complete record', async () => {
    // The check's code as it is once loaded (the first test covers its coming).
    await loadPreflight();
    authStore.setSession(sampleUser, { remember: true });
    mockApi({}, NO_SAME_DOCUMENT);
    const { unmount } = renderPage(
      <EditTravelerForm
        traveler={sampleTraveler({ ...complete, secondLastName: null })}
        onSaved={() => {}}
      />,
      { path: '/clients/edit/1' },
    );
    expect(field('Second surname')).toHaveAccessibleDescription(
      'With a Spanish DNI the second surname is required',
    );
    expect(within(summary()!).getAllByRole('link')).toHaveLength(1);
    unmount();

    // A passport: the second surname is optional, and the parte has all it needs.
    renderPage(
      <EditTravelerForm
        traveler={sampleTraveler({
          ...complete,
          secondLastName: null,
          documentType: 'P',
          passportNumber: 'XDA123456',
          documentSupportNumber: null,
        })}
        onSaved={() => {}}
      />,
      { path: '/clients/edit/1' },
    );
    expect(field('Second surname')).toHaveAccessibleDescription('optional');
    expect(summary()).not.toBeInTheDocument();
    expect(document.querySelector('[data-field-note]')).toBeNull();
  });

  it('speaks the user’s language', async () => {
    // The check's code as it is once loaded (the first test covers its coming).
    await loadPreflight();
    authStore.setSession(sampleUser, { remember: true });
    mockApi({}, NO_SAME_DOCUMENT);
    // The test setup puts English back after each test.
    await i18n.changeLanguage('es');
    renderPage(<EditTravelerForm traveler={sampleTraveler()} onSaved={() => {}} />, {
      path: '/clients/edit/1',
    });
    const region = screen.getByRole('region', { name: 'Falta para el parte de SES' });
    expect(within(region).getByRole('link', { name: 'Falta la fecha de salida' })).toBeVisible();
    expect(field('Fecha de salida')).toHaveAccessibleDescription(
      expect.stringContaining('Falta la fecha de salida'),
    );
  });
});
