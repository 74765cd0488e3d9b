import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@/test/utils';
import { SPECIMEN_SCAN, stubSignaturePad } from '@/features/desk/test/fixtures';
import { prefillFromScan } from '@/features/traveler/form-model';
import { PublicTravelerForm } from './public-traveler-form';
import { drawSignature, fillRequired, PILGRIM_TRAVELER } from '@/features/desk/test/form';

const consent = {
  title: 'Legal information',
  text: 'Organic Law 4/2015, article 25.1',
  label: 'I agree',
  requiredMessage: 'You must accept the legal information to send the registration.',
};

describe('public self-registration form', { timeout: 30_000 }, () => {
  it('has no staff-only sections and is not sent until the consent box is ticked', async () => {
    stubSignaturePad();
    mockApi({});
    const submit = vi.fn(async () => undefined);
    const { user } = renderPage(
      <PublicTravelerForm submit={submit} consent={consent} submitLabel="Send registration" />,
      { path: '/registro-viajero' },
    );
    expect(screen.queryByLabelText('Entry date', { exact: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Payment/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Contract/ })).not.toBeInTheDocument();
    // The signature hint speaks to the traveler, not to staff.
    const pad = screen.getByRole('img', { name: /Traveler's signature/ });
    expect(pad).toHaveAccessibleDescription(
      /Sign in the box with your finger, a pen or the mouse\./,
    );
    expect(pad).not.toHaveAccessibleDescription(/Ask the traveler/);

    await fillRequired(user, PILGRIM_TRAVELER);
    drawSignature();
    await user.click(screen.getByRole('button', { name: 'Send registration' }));
    expect(await screen.findByText(consent.requiredMessage)).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    // Focused by an effect after the message shows: waited for, not assumed (a loaded machine).
    await vi.waitFor(() => expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveFocus());

    await user.click(screen.getByRole('checkbox', { name: 'I agree' }));
    expect(screen.queryByText(consent.requiredMessage)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send registration' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({
        firstName: 'Erika',
        lastName: 'Mustermann',
        signatureImage: expect.stringMatching(/^data:image\/png/),
      }),
      expect.stringMatching(/^[0-9a-f]{32}$/),
    );
  });

  it('prefills scanned fields and marks them, more strongly when no check digit backs them', () => {
    mockApi({});
    const prefill = prefillFromScan(SPECIMEN_SCAN);

    renderPage(
      <PublicTravelerForm
        submit={vi.fn()}
        consent={consent}
        submitLabel="Send registration"
        prefill={prefill}
      />,
      { path: '/registro-viajero' },
    );
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Erika');
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleName(/Please check/);
    expect(screen.getByLabelText(/^Document number/)).toHaveAccessibleName(/Confirmed/);
    expect(screen.getByLabelText(/^Date of birth/)).toHaveValue('1983-08-12');
  });

  it('fills names in proper case, asks to check them in amber (not as errors) and offers the printed spelling with one tap', async () => {
    mockApi({});
    const prefill = prefillFromScan({
      ...SPECIMEN_SCAN,
      firstName: 'HANS PETER',
      lastName: 'MUELLER',
      issuingCountry: 'DEU',
    });
    const { user } = renderPage(
      <PublicTravelerForm
        submit={vi.fn()}
        consent={consent}
        submitLabel="Send registration"
        prefill={prefill}
      />,
      { path: '/registro-viajero' },
    );
    const lastName = screen.getByLabelText<HTMLInputElement>(/^First surname/);
    expect(lastName).toHaveValue('Mueller');
    const badge = lastName.labels![0]!.querySelector('[data-scan-mark="verify"]')!;
    expect(badge).toHaveTextContent('Please check');
    expect(badge.className).not.toMatch(/danger/);
    expect(lastName).not.toHaveAttribute('aria-invalid');

    await user.click(
      screen.getByRole('button', { name: 'Use “Müller”, as printed on the document' }),
    );
    expect(lastName).toHaveValue('Müller');
    // And back to the name as read.
    await user.click(
      screen.getByRole('button', { name: 'Use “Mueller”, as printed on the document' }),
    );
    expect(lastName).toHaveValue('Mueller');

    // A compound given name: the hyphen the MRZ wrote as a filler.
    const firstName = screen.getByLabelText(/^First name/);
    expect(firstName).toHaveValue('Hans Peter');
    await user.click(screen.getByRole('button', { name: /“Hans-Peter”/ }));
    expect(firstName).toHaveValue('Hans-Peter');

    // Typed over: no more suggestions for that field.
    await user.clear(lastName);
    await user.type(lastName, 'Miller');
    expect(screen.queryByRole('button', { name: /Müller/ })).not.toBeInTheDocument();
  });
});
