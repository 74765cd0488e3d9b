import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiFailure, mockApi, renderRoutes } from '@/test/utils';
import { CreateEstablishmentWizard } from './create-establishment-wizard';
import { findToast, sampleEstablishment } from './test-data';

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));

function renderWizard() {
  return renderRoutes(
    [
      { path: '/admin/establishments/create', element: <CreateEstablishmentWizard /> },
      { path: '/admin', element: <h1>Admin stand-in</h1> },
      { path: '/admin/establishments/view/:id', element: <h1>View stand-in</h1> },
    ],
    { path: '/admin/establishments/create' },
  );
}

/** Pastes a value (quicker than typing it key by key; the form sees one change). */
async function fill(user: UserEvent, label: string, value: string) {
  await user.click(field(label));
  await user.paste(value);
}

async function fillStep1(user: UserEvent, nif = 'B58378431') {
  await fill(user, 'Name', 'Albergue San Roque');
  await user.selectOptions(field('Type'), 'hotel');
  await fill(user, 'NIF/CIF', nif);
  await fill(user, 'Address', 'Rúa do Vilar 1');
  await fill(user, 'City', 'Santiago de Compostela');
  await fill(user, 'Province', 'A Coruña');
  await fill(user, 'Postal code', '15705');
  await fill(user, 'Phone', '+34 600 123 456');
}

async function fillStep2(user: UserEvent) {
  await fill(user, 'Contact name', 'Marta Pérez');
  await fill(user, 'Contact email', 'Marta@SanRoque.example');
}

function currentStep() {
  const steps = screen.getByRole('list', { name: 'Steps' });
  return within(steps)
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')
    ?.textContent?.replace(/\s*\(.*\)$/, '')
    .replace(/^\d|✓/, '');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('admin create-establishment wizard (spec §2, §5)', () => {
  it('starts on step 1 of 3 with the type hostel; step 1 has the eight establishment fields', () => {
    mockApi({});
    renderWizard();
    expect(screen.getByRole('heading', { name: 'Step 1 of 3: Establishment' })).toBeInTheDocument();
    expect(currentStep()).toBe('Establishment');
    expect(field('Type')).toHaveValue('hostel');
    for (const label of [
      'Name',
      'NIF/CIF',
      'Address',
      'City',
      'Province',
      'Postal code',
      'Phone',
    ]) {
      expect(field(label)).toHaveValue('');
    }
    expect(screen.queryByLabelText('Contact name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('validates as the user types: "{field} required" in lower case', async () => {
    mockApi({});
    const { user } = renderWizard();
    await user.type(field('Name'), 'A');
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
    await user.clear(field('Name'));
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveAccessibleDescription('name required');
    await user.type(field('Postal code'), '99999');
    expect(field('Postal code')).toHaveAccessibleDescription(
      'Invalid postal code: a Spanish postal code has 5 digits and starts with 01 to 52 (the province)',
    );
    // Untouched fields stay quiet.
    expect(field('City')).not.toHaveAttribute('aria-invalid');
  });

  it('"Next" validates the step: errors on every empty field, a "Validation error" toast, no move', async () => {
    mockApi({});
    const { user } = renderWizard();
    await next(user);

    expect(await findToast('Validation error')).toBeInTheDocument();
    const expected: Record<string, string> = {
      Name: 'name required',
      'NIF/CIF': 'NIF/CIF required',
      Address: 'address required',
      City: 'city required',
      Province: 'province required',
      'Postal code': 'postal code required',
      Phone: 'phone required',
    };
    for (const [label, message] of Object.entries(expected)) {
      expect(field(label)).toHaveAccessibleDescription(message);
    }
    expect(field('Name')).toHaveFocus();
    expect(currentStep()).toBe('Establishment');
  });

  it('says in Spanish that each field is required in words that agree with it', async () => {
    await i18n.changeLanguage('es');
    try {
      mockApi({});
      const { user } = renderWizard();
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      const expected: Record<string, string> = {
        Nombre: 'nombre obligatorio',
        'NIF/CIF': 'NIF/CIF obligatorio',
        Dirección: 'dirección obligatoria',
        Ciudad: 'ciudad obligatoria',
        Provincia: 'provincia obligatoria',
        'Código postal': 'código postal obligatorio',
      };
      for (const [label, message] of Object.entries(expected)) {
        expect(field(label)).toHaveAccessibleDescription(message);
      }
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('step 2 checks the contact e-mail; Back keeps the values; step 3 offers the status, active by default', async () => {
    mockApi({});
    const { user } = renderWizard();
    await fillStep1(user);
    await next(user);
    expect(screen.getByRole('heading', { name: 'Step 2 of 3: Contact' })).toHaveFocus();

    await user.type(field('Contact email'), 'not-an-email');
    expect(field('Contact email')).toHaveAccessibleDescription('Invalid email address');
    await next(user);
    expect(field('Contact name')).toHaveAccessibleDescription('contact name required');
    expect(currentStep()).toBe('Contact');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(field('Name')).toHaveValue('Albergue San Roque');
    expect(field('Type')).toHaveValue('hotel');
    await next(user);
    await user.clear(field('Contact email'));
    await fillStep2(user);
    expect(field('Contact email')).not.toHaveAttribute('aria-invalid');
    await next(user);

    expect(screen.getByRole('heading', { name: 'Step 3 of 3: Status' })).toBeInTheDocument();
    expect(field('Status')).toHaveValue('active');
    expect(
      within(field('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Active', 'Inactive', 'Pending']);
  });

  it('Cancel on step 1 asks before discarding: Cancel stays, Discard returns to /admin', async () => {
    mockApi({});
    const { user, router } = renderWizard();
    await user.type(field('Name'), 'Albergue');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Discard changes?' });
    expect(dialog).toHaveAccessibleDescription(
      'The establishment has not been created. What you have entered will be lost.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(field('Name')).toHaveValue('Albergue');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    expect(await screen.findByRole('heading', { name: 'Admin stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('creates with createUserWithEstablishment, shows the success step, opens the new page after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const created = sampleEstablishment({
      id: '9c0c3a52-5f0e-4c43-9a56-3b8f3f0e2a13',
      type: 'hotel',
    });
    const { calls } = mockApi({
      'POST /api/establishments': {
        status: 201,
        body: { success: true, message: 'Establishment created.', data: created },
      },
    });
    const { user, router } = renderWizard();
    await fillStep1(user, 'b-58378431');
    await next(user);
    await fillStep2(user);
    await next(user);
    await user.selectOptions(field('Status'), 'pending');
    await user.click(screen.getByRole('button', { name: 'Create establishment' }));

    expect(await screen.findByRole('heading', { name: 'Establishment created' })).toHaveFocus();
    // The new page opens 3 s later, not at once. (The fake clock follows the real one here, so
    // the wait is checked from the moment the success step shows, not after other awaits.)
    expect(router.state.location.pathname).toBe('/admin/establishments/create');
    expect(await findToast('Establishment created')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to administration' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(calls[0]?.body).toEqual({
      name: 'Albergue San Roque',
      type: 'hotel',
      nif: 'B58378431',
      address: 'Rúa do Vilar 1',
      city: 'Santiago de Compostela',
      province: 'A Coruña',
      postalCode: '15705',
      phone: '+34 600 123 456',
      contactName: 'Marta Pérez',
      contactEmail: 'marta@sanroque.example',
      status: 'pending',
      createUserWithEstablishment: true,
    });

    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(router.state.location.pathname).toBe(`/admin/establishments/view/${created.id}`);
  }, 15_000);

  it('a NIF already registered sends the user back to step 1 with the message on the field', async () => {
    mockApi({
      'POST /api/establishments': apiFailure(409, 'NIF_TAKEN', 'This NIF is already registered.'),
    });
    const { user } = renderWizard();
    await fillStep1(user);
    await next(user);
    await fillStep2(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Create establishment' }));

    expect(
      await screen.findByRole('heading', { name: 'Step 1 of 3: Establishment' }),
    ).toBeInTheDocument();
    expect(field('NIF/CIF')).toHaveAccessibleDescription('This NIF is already registered.');
    expect(field('NIF/CIF')).toHaveFocus();
    expect(await findToast('This NIF is already registered.')).toBeInTheDocument();
  });

  it('another failure keeps the form with the server message', async () => {
    mockApi({
      'POST /api/establishments': apiFailure(
        500,
        'INTERNAL',
        'Server error. Please try again later.',
      ),
    });
    const { user } = renderWizard();
    await fillStep1(user);
    await next(user);
    await fillStep2(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Create establishment' }));
    expect(await findToast('Server error. Please try again later.')).toBeInTheDocument();
    expect(currentStep()).toBe('Status');
  });
});
