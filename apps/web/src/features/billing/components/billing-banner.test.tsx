import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BillingSummary } from '@hospes/shared/billing';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { BILLING_OFF, apiFailure, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { BillingBanner } from './billing-banner';

const ON = { ...(BILLING_OFF as BillingSummary), enabled: true, plan: 'basic' as const };

function renderBanner() {
  authStore.setSession(sampleUser, { remember: true });
  return renderRoutes([{ path: '/clients', element: <BillingBanner /> }], { path: '/clients' });
}

describe('the account’s banner', () => {
  it('says a suspended account keeps its register, with the way to the plans', async () => {
    mockApi({
      'GET /api/billing': { body: { success: true, data: { ...ON, state: 'suspended' } } },
    });
    renderBanner();
    expect(await screen.findByText(/Your account is suspended/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing');
  });

  it('says nothing for an active account, then shows a plan refusal from any call', async () => {
    const { calls } = mockApi({
      'GET /api/billing': { body: { success: true, data: { ...ON, state: 'active' } } },
      'POST /api/pilgrims': apiFailure(403, 'PLAN_LIMIT', 'Your plan’s limit is reached (20).', [
        { field: 'registrationsPerMonth', message: '20', code: 'PLAN_LIMIT' },
      ]),
    });
    renderBanner();
    await vi.waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/billing')).toBe(true));
    expect(screen.queryByTestId('billing-banner')).not.toBeInTheDocument();
    await api.post('/pilgrims', {}).catch(() => {});
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your plan’s limit is reached (20).',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('billing-banner')).not.toBeInTheDocument();
  });

  it('warns of a trial ending within 3 days without a payment method', async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    mockApi({
      'GET /api/billing': {
        body: {
          success: true,
          data: { ...ON, plan: 'professional', state: 'trialing', trialEndsAt: soon },
        },
      },
    });
    renderBanner();
    expect(await screen.findByText(/Your free trial ends on/)).toBeInTheDocument();
  });
});
