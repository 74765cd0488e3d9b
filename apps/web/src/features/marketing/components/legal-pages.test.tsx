import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '@/test/utils';
import { CookiesPage, LegalNoticePage, PrivacyPage, TermsPage } from './legal-pages';

const operator = {
  name: 'Camino Software S.L.',
  address: 'Rúa do Franco 1, 15705 Santiago de Compostela',
  nif: 'B12345678',
  email: 'hola@camino.example',
  registry: null,
};
const config = (op: Record<string, string | null>, sessionHours = 24) => ({
  body: {
    success: true,
    data: { testimonials: [], operator: op, contact: { email: op.email }, sessionHours },
  },
});
const none = { name: null, address: null, nif: null, email: null, registry: null };

describe('legal pages', () => {
  it('legal notice: shows the operator as configured, without a notice', async () => {
    mockApi({ 'GET /api/public/config': config(operator) });
    renderPage(<LegalNoticePage />, { path: '/legal-notice' });
    expect(screen.getByRole('heading', { level: 1, name: 'Legal notice' })).toBeInTheDocument();
    const block = (await screen.findByRole('heading', { name: 'Who runs this service' })).closest(
      'section',
    )!;
    expect(await within(block).findByText('Camino Software S.L.')).toBeInTheDocument();
    expect(within(block).getByText('B12345678')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'hola@camino.example' })).toHaveAttribute(
      'href',
      'mailto:hola@camino.example',
    );
    expect(within(block).queryByText('Registration details')).not.toBeInTheDocument();
    expect(screen.queryByTestId('operator-notice')).not.toBeInTheDocument();
    expect(screen.getByText(/article 10 of Law 34\/2002/)).toBeInTheDocument();
  });

  it('says plainly which operator details are missing instead of making them up', async () => {
    mockApi({ 'GET /api/public/config': config({ ...none, name: 'Camino Software S.L.' }) });
    renderPage(<PrivacyPage />, { path: '/privacy' });
    const notice = await screen.findByTestId('operator-notice');
    expect(notice).toHaveTextContent('The operator has not configured its details yet');
    expect(notice).toHaveTextContent(
      'does not show these details of its operator yet: Registered address, NIF, and Contact e-mail.',
    );
    expect(notice).toHaveTextContent(
      'OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_NIF and OPERATOR_EMAIL',
    );
    // The admin's settings screen holds them too (decision 062).
    expect(notice).toHaveTextContent('Administration → Settings');
    expect(screen.getAllByText('Not configured yet')).toHaveLength(3);
  });

  it('privacy policy names the laws, the roles and the 3-year register retention', async () => {
    mockApi({ 'GET /api/public/config': config(operator) });
    renderPage(<PrivacyPage />, { path: '/privacy' });
    const text = document.body.textContent ?? '';
    for (const law of [
      'Regulation (EU) 2016/679',
      'Organic Law 3/2018',
      'LOPDGDD',
      'article 25.1 of Organic Law 4/2015',
      'Royal Decree 933/2021',
      'Order INT/321/2021',
    ]) {
      expect(text).toContain(law);
    }
    expect(text).toContain('The traveler register: 3 years from the end of each stay');
    // The periods of the retention purge (decision 022), from the constants it deletes by.
    expect(text).toContain('and from which IP address): 3 years;');
    expect(text).toContain('Contact messages: 12 months');
    expect(text).toContain('Processor of the data of the travelers');
    expect(text).toContain('Sessions expire after 24 hours and end at once');
    expect(screen.getByRole('link', { name: 'cookie policy' })).toHaveAttribute('href', '/cookies');
    expect(document.title).toBe('Privacy policy · Hospes');
    await screen.findByText('Camino Software S.L.');
  });

  it("says how long a session lasts from the server's setting, which the admin may change", async () => {
    mockApi({ 'GET /api/public/config': config(operator, 8) });
    renderPage(<PrivacyPage />, { path: '/privacy' });
    await screen.findByText(/Sessions expire after 8 hours and end at once/);
  });

  it("cookie policy: the session cookie lasts the server's session time", async () => {
    mockApi({ 'GET /api/public/config': config(operator, 72) });
    renderPage(<CookiesPage />, { path: '/cookies' });
    await screen.findByText(
      '3 days with "Remember me"; without it, until you close the browser (session).',
    );
  });

  it('terms state the trial, renewal, refund window and liability cap of spec §9', async () => {
    mockApi({ 'GET /api/public/config': config(operator) });
    renderPage(<TermsPage />, { path: '/terms' });
    const text = document.body.textContent ?? '';
    expect(text).toContain('free of charge for 14 days');
    expect(text).toContain('the service is suspended until a subscription is paid');
    expect(text).toContain('renews automatically at the end of each period');
    expect(text).toContain('they start at €1.49 per month');
    expect(text).toContain('a 25% discount');
    expect(text).toContain('a refund within 14 days of a payment');
    expect(text).toContain('paid in the 12 months before the event');
    expect(text).toContain('credit or debit card, bank transfer or direct debit');
    await screen.findByText('Camino Software S.L.');
  });

  it('cookie policy lists exactly what the app stores, with its real durations', () => {
    mockApi({});
    renderPage(<CookiesPage />, { path: '/cookies' });
    const table = screen.getByRole('table', { name: 'What Hospes stores in your browser' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['hospes_session', 'Cookie'],
      ['hospes_csrf', 'Cookie'],
      ['i18next', 'Cookie'],
      ['i18nextLng', 'Local storage'],
      ['theme', 'Local storage'],
      ['cookieConsent', 'Local storage'],
      ['selfRegistration', 'Session storage'],
      ['checkinDraft', 'Session storage'],
      ['hospes_device', 'Cookie'],
      ['hospes.reloadedForUpdate', 'Session storage'],
    ]);
    expect(rows[9]?.[3]).toBe('Until you close the tab.');
    expect(rows[6]?.[3]).toBe('Until you close the tab or start a new registration.');
    expect(rows[7]?.[2]).toContain('not the document photos or the signature');
    expect(rows[7]?.[3]).toBe(
      'Until you send the registration, close the tab or start a new registration. At most two hours.',
    );
    expect(rows[0]?.[3]).toBe(
      '24 hours with "Remember me"; without it, until you close the browser (session).',
    );
    expect(rows[0]?.[2]).toBe('Keeps you signed in. Scripts on the page cannot read it.');
    expect(rows[1]?.[3]).toBe('Until you close the browser (session).');
    expect(rows[2]?.[3]).toBe('30 days.');
    expect(rows[8]?.[3]).toBe(
      '180 days after the sign-in. It is sent only when you sign in, and scripts on the page cannot read it.',
    );
    expect(
      screen.getByText(/no advertising, analytics or third-party cookies/),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Legal pages' });
    expect(within(nav).getByRole('link', { name: 'Cookie policy' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
