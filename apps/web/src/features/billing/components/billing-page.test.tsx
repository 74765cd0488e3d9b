import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingSummary } from '@hospes/shared/billing';
import { authStore } from '@/lib/auth';
import { BILLING_OFF, apiFailure, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { stripePages } from '../api/billing-redirects';
import { BillingPage } from './billing-page';

const BASIC: BillingSummary = {
  ...(BILLING_OFF as BillingSummary),
  enabled: true,
  plan: 'basic',
  state: 'active',
  interval: 'monthly',
  currentPeriodEnd: '2026-12-29T10:00:00.000Z',
  hasPaymentMethod: true,
  usage: { registrationsThisMonth: 17, establishments: 1, users: 2 },
  limits: {
    registrationsPerMonth: 20,
    establishments: 1,
    users: 2,
    storageDays: 30,
    scanning: 'basic',
    api: false,
  },
};

function renderBilling(path = '/billing') {
  authStore.setSession(sampleUser, { remember: true });
  return renderRoutes([{ path: '/billing', element: <BillingPage /> }], { path });
}

afterEach(() => vi.restoreAllMocks());

describe('the owner’s billing page', () => {
  it('shows the plan, its state and "17 of 20 registrations this month"', async () => {
    mockApi({ 'GET /api/billing': { body: { success: true, data: BASIC } } });
    renderBilling();
    expect(await screen.findByRole('heading', { name: 'Basic', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    const usage = screen.getByText('Registrations this month').parentElement!;
    expect(within(usage).getByText('17 of 20')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Your current plan' })).toBeDisabled();
  });

  it('upgrades through Stripe’s checkout, annual, and opens the portal', async () => {
    const go = vi.spyOn(stripePages, 'go').mockImplementation(() => {});
    const { calls } = mockApi({
      'GET /api/billing': { body: { success: true, data: BASIC } },
      'POST /api/billing/checkout': {
        body: { success: true, data: { url: 'https://stripe.test/c/1' } },
      },
      'POST /api/billing/portal': {
        body: { success: true, data: { url: 'https://stripe.test/p/1' } },
      },
    });
    renderBilling();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Annual/ }));
    await user.click(screen.getByRole('button', { name: 'Choose Professional' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://stripe.test/c/1'));
    expect(calls.find((c) => c.url.pathname === '/api/billing/checkout')?.body).toEqual({
      plan: 'professional',
      interval: 'annual',
    });
    await user.click(screen.getByRole('button', { name: /Manage payment methods/ }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://stripe.test/p/1'));
  });

  it('says so when Stripe cannot be reached, and when billing is off', async () => {
    mockApi({
      'GET /api/billing': { body: { success: true, data: { ...BASIC, hasPaymentMethod: false } } },
      'POST /api/billing/checkout': apiFailure(
        503,
        'BILLING_UNAVAILABLE',
        'The payment service cannot be reached.',
      ),
    });
    renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Professional' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment service cannot be reached.',
    );
    expect(
      screen.queryByRole('button', { name: /Manage payment methods/ }),
    ).not.toBeInTheDocument();
  });

  it('tells an installation without billing that nothing is limited', async () => {
    mockApi({ 'GET /api/billing': { body: { success: true, data: BILLING_OFF } } });
    renderBilling();
    expect(await screen.findByText(/Billing is not enabled/)).toBeInTheDocument();
  });
});
