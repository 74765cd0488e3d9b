import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '@/test/utils';
import { PricingPage } from './pricing-page';

const normalise = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('pricing page (spec §9)', () => {
  it('shows the starting price monthly, and 25% off a year when the toggle says annual', async () => {
    mockApi({});
    const { user } = renderPage(<PricingPage />, { path: '/pricing' });

    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    const monthly = screen.getByRole('radio', { name: 'Monthly' });
    const annual = screen.getByRole('radio', { name: /Annual/ });
    expect(annual).toHaveAccessibleName('Annual save 25%');
    expect(monthly).toBeChecked();

    const box = screen.getByTestId('starting-price');
    expect(box).toHaveTextContent('€1.49 per month');
    expect(box).toHaveTextContent('Billed every month: €17.88 over 12 months.');
    const basic = screen.getByRole('heading', { level: 3, name: 'Basic' }).closest('li')!;
    expect(basic).toHaveTextContent('From €1.49 per month');

    await user.click(annual);
    expect(annual).toBeChecked();
    // 1.49 × 12 = 17.88; less 25% = 13.41 a year, about 1.12 a month, 4.47 saved.
    expect(box).toHaveTextContent('€13.41 per year');
    expect(box).toHaveTextContent(
      'Billed once a year: about €1.12 per month, €4.47 less than paying monthly (25% off).',
    );
    expect(basic).toHaveTextContent('From €13.41 per year');

    await user.click(monthly);
    expect(box).toHaveTextContent('€1.49 per month');
  });

  it('presents the plans by their limits and invents no price the spec does not give', () => {
    mockApi({});
    renderPage(<PricingPage />, { path: '/pricing' });
    const plans = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(plans).toEqual(['Basic', 'Professional', 'Enterprise', 'Custom plan']);

    const professional = screen.getByRole('heading', { name: 'Professional' }).closest('li')!;
    expect(professional).toHaveTextContent('Up to 100 registrations per month');
    expect(professional).toHaveTextContent('Price according to your rooms and beds');
    expect(professional).not.toHaveTextContent('€');
    const enterprise = screen.getByRole('heading', { name: 'Enterprise' }).closest('li')!;
    expect(enterprise).toHaveTextContent('Tailored quote');
    expect(within(enterprise).getByRole('link', { name: 'Contact sales' })).toHaveAttribute(
      'href',
      '/contacto?type=sales',
    );
    expect(screen.getByText('No sign-up fee')).toBeInTheDocument();
    expect(
      screen.getByText('Payment by credit or debit card, bank transfer or direct debit'),
    ).toBeInTheDocument();
    expect(screen.getByText('Automatic renewal until you cancel')).toBeInTheDocument();
  });

  it('formats prices in the interface language', async () => {
    mockApi({});
    await i18n.changeLanguage('es');
    const { user } = renderPage(<PricingPage />, { path: '/pricing' });
    const box = screen.getByTestId('starting-price');
    expect(normalise(box.textContent)).toContain('1,49 € al mes');
    await user.click(screen.getByRole('radio', { name: /Anual/ }));
    expect(normalise(box.textContent)).toContain('13,41 € al año');
    expect(normalise(box.textContent)).toContain('unos 1,12 € al mes, 4,47 € menos');
  });

  it('sets the title, description and hreflang alternates of the page', () => {
    mockApi({});
    renderPage(<PricingPage />, { path: '/pricing' });
    expect(document.title).toBe('Pricing · Hospes');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'From €1.49 per month depending on rooms and beds, 25% off with annual billing, 14-day free trial, no sign-up fee and no minimum term.',
    );
    const alternates = [...document.head.querySelectorAll('link[rel="alternate"]')];
    expect(alternates).toHaveLength(17);
    expect(alternates.map((link) => link.getAttribute('hreflang'))).toContain('ca-valencia');
    expect(
      document.head.querySelector('link[rel="alternate"][hreflang="ca-valencia"]'),
    ).toHaveAttribute('href', 'http://localhost:3000/pricing?lng=va');
    expect(
      document.head.querySelector('link[rel="alternate"][hreflang="x-default"]'),
    ).toHaveAttribute('href', 'http://localhost:3000/pricing');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost:3000/pricing?lng=en',
    );
  });
});
