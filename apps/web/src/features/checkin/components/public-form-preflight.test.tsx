import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadPreflight } from '@/features/traveler/components/form/live-preflight';
import { mockApi, renderPage } from '@/test/utils';
import { PublicTravelerForm } from './public-traveler-form';

const consent = {
  title: 'Legal information',
  text: 'Organic Law 4/2015, article 25.1',
  label: 'I agree',
  requiredMessage: 'You must accept the legal information to send the registration.',
};

describe('public self-registration form and the SES parte', { timeout: 30_000 }, () => {
  it('says what the parte needs of the traveler only, once a send was tried: not the stay, contract or payment, which are the desk’s, nor what a save asks anyway', async () => {
    // The check's code as it is once loaded (decision 082: it comes after the first render).
    await loadPreflight();
    mockApi({});
    const { user } = renderPage(
      <PublicTravelerForm submit={vi.fn()} consent={consent} submitLabel="Send registration" />,
      { path: '/registro-viajero' },
    );
    // Not before (decision 072: on a phone it pushed the first field down): the notes on the
    // fields say it meanwhile.
    expect(
      screen.queryByRole('region', { name: 'Still needed for the SES report' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send registration' }));
    const summary = await screen.findByRole('region', { name: 'Still needed for the SES report' });
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toContain('The home address is missing');
    // An empty field every save requires is named on save already: not repeated here.
    expect(links).not.toContain('The first name is missing');
    expect(links).not.toContain('The check-out date is missing');
    expect(links).not.toContain('The payment type is missing');
    // The home address is asked, not offered as optional.
    expect(screen.getByRole('button', { name: /Home address/ })).toHaveTextContent(
      'needed for the SES report',
    );
  });
});
