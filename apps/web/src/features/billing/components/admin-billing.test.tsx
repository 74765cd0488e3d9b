import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BillingSummary } from '@hospes/shared/billing';
import { authStore } from '@/lib/auth';
import { BILLING_OFF, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { AdminBilling } from './admin-billing';

const SUSPENDED: BillingSummary = {
  ...(BILLING_OFF as BillingSummary),
  enabled: true,
  plan: 'basic',
  state: 'suspended',
  usage: { registrationsThisMonth: 20, establishments: 1, users: 2 },
  limits: { ...(BILLING_OFF as BillingSummary).limits, registrationsPerMonth: 20 },
};
const ACCOUNT_ID = '0193a5b2-7c1e-7000-8000-000000000001';

describe('the admin’s accounts', () => {
  it('shows each account’s plan, state, usage and payments, and gives a plan by hand', async () => {
    authStore.setSession({ ...sampleUser, role: 'admin' }, { remember: true });
    const { calls } = mockApi({
      'GET /api/admin/billing': {
        body: {
          success: true,
          data: [
            {
              accountId: ACCOUNT_ID,
              email: 'ana@albergue.example',
              name: 'Ana',
              billing: SUSPENDED,
              payments: [
                {
                  id: 'in_1',
                  amountCents: 149,
                  currency: 'eur',
                  status: 'failed',
                  at: '2026-11-20T10:00:00.000Z',
                  invoiceUrl: null,
                },
              ],
            },
          ],
          pagination: { total: 1, page: 1, limit: 20, totalPages: 1 },
        },
      },
      [`PUT /api/admin/billing/${ACCOUNT_ID}`]: {
        body: {
          success: true,
          data: { ...SUSPENDED, plan: 'enterprise', state: 'active', granted: true },
        },
      },
    });
    renderRoutes([{ path: '/admin/billing', element: <AdminBilling /> }], {
      path: '/admin/billing',
    });
    const account = (await screen.findByRole('heading', { name: /Ana/ })).closest('li')!;
    expect(account).toHaveTextContent('Basic · Suspended');
    expect(account).toHaveTextContent('20 of 20');
    expect(within(account).getByRole('list', { name: 'Payments' })).toHaveTextContent('failed');
    await userEvent.selectOptions(within(account).getByLabelText('Plan'), 'enterprise');
    await userEvent.click(within(account).getByRole('button', { name: 'Give this plan' }));
    expect(await within(account).findByText('Plan given.')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        plan: 'enterprise',
        state: 'active',
      }),
    );
  });
});
