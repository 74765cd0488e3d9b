import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@/test/utils';
import { LandingPage } from './landing-page';

const config = (testimonials: unknown[]) => ({
  body: {
    success: true,
    data: {
      testimonials,
      operator: { name: null, address: null, nif: null, email: null, registry: null },
      contact: { email: null },
      sessionHours: 24,
    },
  },
});

describe('landing', () => {
  it('has the hero, features, pricing summary, FAQ, call to action and its own footer', async () => {
    const { calls } = mockApi({ 'GET /api/public/config': config([]) });
    renderPage(<LandingPage />, { path: '/' });
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Register your guests in minutes, the way Spanish law asks',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start the 14-day free trial' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(
      screen.getByRole('heading', { name: 'Scan passports and ID cards' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('From €1.49 per month, depending on rooms and beds.'),
    ).toBeInTheDocument();
    expect(screen.getByText('25% off with annual billing')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Ready for your next arrival?' }),
    ).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Site' });
    for (const name of [
      'Terms and conditions',
      'Privacy policy',
      'Cookie policy',
      'Contact',
      'Legal notice',
    ]) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(document.title).toBe('Hospes · Guest registration for lodgings in Spain');

    // No testimonials configured: no section, no invented people.
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'What hosts say' })).not.toBeInTheDocument();
  });

  it('shows the testimonials the operator configured, in their language', async () => {
    mockApi({
      'GET /api/public/config': config([
        {
          quote: 'Registramos a los peregrinos en un minuto.',
          author: 'Lucía P.',
          place: 'Albergue de Sarria',
          lang: 'es',
        },
      ]),
    });
    renderPage(<LandingPage />, { path: '/' });
    const section = (await screen.findByRole('heading', { name: 'What hosts say' })).closest(
      'section',
    )!;
    const quote = within(section).getByText('“Registramos a los peregrinos en un minuto.”');
    expect(quote.closest('blockquote')).toHaveAttribute('lang', 'es');
    expect(section).toHaveTextContent('Lucía P., Albergue de Sarria');
  });
});
