import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiFailure, mockApi, renderPage } from '@/test/utils';
import { RegisterWizard } from './register-wizard';

const field = (label: string) => screen.getByLabelText(label, { exact: true });

async function fillEstablishment(user: UserEvent, nif = 'B58378431') {
  await user.type(field('Establishment name'), 'Albergue San Roque');
  await user.selectOptions(field('Establishment type'), 'hotel');
  await user.type(field('NIF/CIF'), nif);
  await user.type(field('Address'), 'Rúa do Vilar 1');
  await user.type(field('City'), 'Santiago de Compostela');
  await user.type(field('Province'), 'A Coruña');
  await user.type(field('Postal code'), '15705');
  await user.type(field('Phone'), '+34 600 123 456');
}

async function fillContact(user: UserEvent) {
  await user.type(field('Contact name'), 'Marta Pérez');
  await user.type(field('Contact email'), 'reservas@sanroque.example');
}

async function fillAccount(user: UserEvent, confirm = 'long enough pw') {
  await user.type(field('Your name'), 'Marta Pérez');
  await user.type(field('Email'), 'Marta@SanRoque.example');
  await user.type(field('Password'), 'long enough pw');
  await user.type(field('Confirm password'), confirm);
}

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));

function currentStep() {
  const steps = screen.getByRole('list', { name: 'Registration steps' });
  return within(steps)
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')
    ?.textContent?.replace(/\s*\(.*\)$/, '')
    .replace(/^\d|✓/, '');
}

describe('registration wizard', () => {
  it('shows three steps, the establishment step first with type "hostel" by default', () => {
    mockApi({});
    renderPage(<RegisterWizard />, { path: '/register' });
    const steps = within(screen.getByRole('list', { name: 'Registration steps' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Establishment (current step)',
      '2Contact',
      '3Account',
    ]);
    expect(screen.getByRole('heading', { name: 'Step 1 of 3: Establishment' })).toBeInTheDocument();
    expect(field('Establishment type')).toHaveValue('hostel');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('"Next" validates only the current step and stays there while it has errors', async () => {
    mockApi({});
    const { user } = renderPage(<RegisterWizard />, { path: '/register' });

    await next(user);

    for (const label of [
      'Establishment name',
      'NIF/CIF',
      'Address',
      'City',
      'Province',
      'Postal code',
      'Phone',
    ]) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription(
        expect.stringContaining('This field is required'),
      );
    }
    expect(currentStep()).toBe('Establishment');
    expect(field('Establishment name')).toHaveFocus();
    // Fields of later steps are not validated (nor shown) yet.
    expect(screen.queryByLabelText('Contact name')).not.toBeInTheDocument();
  });

  it('checks the NIF, the postal code and the phone with the shared rules', async () => {
    mockApi({});
    const { user } = renderPage(<RegisterWizard />, { path: '/register' });
    await fillEstablishment(user, 'B58378432');
    await user.clear(field('Postal code'));
    await user.type(field('Postal code'), '99999');
    await next(user);

    expect(field('NIF/CIF')).toHaveAccessibleDescription(
      expect.stringContaining('Invalid NIF/CIF: check the control letter or digit'),
    );
    expect(field('Postal code')).toHaveAccessibleDescription(
      'Invalid postal code: a Spanish postal code has 5 digits and starts with 01 to 52 (the province)',
    );
    expect(currentStep()).toBe('Establishment');
  });

  it('walks the steps, keeps values when going back, and checks the account step', async () => {
    mockApi({});
    const { user } = renderPage(<RegisterWizard />, { path: '/register' });
    await fillEstablishment(user);
    await next(user);

    expect(screen.getByRole('heading', { name: 'Step 2 of 3: Contact' })).toHaveFocus();
    await next(user);
    expect(field('Contact name')).toHaveAccessibleDescription('This field is required');
    await user.type(field('Contact email'), 'not-an-email');
    await user.type(field('Contact name'), 'Marta');
    await next(user);
    expect(field('Contact email')).toHaveAccessibleDescription(
      expect.stringContaining('Invalid email address'),
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(field('Establishment name')).toHaveValue('Albergue San Roque');
    expect(field('Establishment type')).toHaveValue('hotel');
    await next(user);
    expect(field('Contact name')).toHaveValue('Marta');
    await user.clear(field('Contact email'));
    await user.type(field('Contact email'), 'reservas@sanroque.example');
    await next(user);

    expect(currentStep()).toBe('Account');
    await fillAccount(user, 'something else');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(field('Confirm password')).toHaveAccessibleDescription('Passwords must match');
    expect(
      screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }),
    ).toHaveAccessibleDescription('You must accept the terms and conditions');
    expect(
      screen.getByRole('checkbox', { name: 'I accept the privacy policy' }),
    ).toHaveAccessibleDescription('You must accept the privacy policy');
  });

  it('asks for at least 8 characters of password', async () => {
    mockApi({});
    const { user } = renderPage(<RegisterWizard />, { path: '/register' });
    await fillEstablishment(user);
    await next(user);
    await fillContact(user);
    await next(user);
    await user.type(field('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(field('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 8 characters long'),
    );
  });

  it('sends the registration in the contract shape and shows where the e-mail went', async () => {
    const { calls } = mockApi({
      'POST /api/auth/register-establishment': {
        status: 201,
        body: {
          success: true,
          message: 'Registration complete.',
          data: {
            userId: '7b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a11',
            establishmentId: '8b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a12',
            email: 'marta@sanroque.example',
          },
        },
      },
    });
    const { user } = renderPage(<RegisterWizard />, { path: '/register' });
    await fillEstablishment(user, 'b-58378431');
    await next(user);
    await fillContact(user);
    await next(user);
    await fillAccount(user);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the privacy policy' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(
      screen.getByText(
        'We have sent a confirmation email to marta@sanroque.example. Open the link in it to activate your account.',
      ),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      establishment: {
        name: 'Albergue San Roque',
        type: 'hotel',
        nif: 'B58378431',
        address: 'Rúa do Vilar 1',
        city: 'Santiago de Compostela',
        province: 'A Coruña',
        postalCode: '15705',
        phone: '+34 600 123 456',
      },
      contact: { contactName: 'Marta Pérez', contactEmail: 'reservas@sanroque.example' },
      account: { name: 'Marta Pérez', email: 'marta@sanroque.example', password: 'long enough pw' },
      acceptTerms: true,
      acceptPrivacy: true,
    });
  });

  async function reachSubmit(user: UserEvent) {
    await fillEstablishment(user);
    await next(user);
    await fillContact(user);
    await next(user);
    await fillAccount(user);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the privacy policy' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it('puts a server field error on its field and jumps to the step that holds it', async () => {
    mockApi({
      'POST /api/auth/register-establishment': apiFailure(
        400,
        'VALIDATION_FAILED',
        'Error in the data sent',
        [
          {
            field: 'establishment.nif',
            message: 'Invalid NIF/CIF (server)',
            code: 'validation.nifInvalid',
          },
        ],
      ),
    });
    const { user } = renderPage(<RegisterWizard />, { path: '/register' });
    await reachSubmit(user);

    expect(
      await screen.findByRole('heading', { name: 'Step 1 of 3: Establishment' }),
    ).toBeInTheDocument();
    const nif = field('NIF/CIF');
    expect(nif).toHaveAttribute('aria-invalid', 'true');
    expect(nif).toHaveAccessibleDescription(expect.stringContaining('Invalid NIF/CIF (server)'));
    expect(nif).toHaveFocus();
  });

  it('shows "already registered" from a 409 on the account step', async () => {
    mockApi({
      'POST /api/auth/register-establishment': apiFailure(
        409,
        'EMAIL_OR_NIF_TAKEN',
        'This email or NIF is already registered.',
      ),
    });
    const { user } = renderPage(<RegisterWizard />, { path: '/register' });
    await reachSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This email or NIF is already registered.',
    );
    expect(currentStep()).toBe('Account');
  });
});
