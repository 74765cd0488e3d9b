import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@hospes/shared/webhooks';
import { apiFailure, mockApi, renderPage } from '@/test/utils';
import { WebhooksPage } from './webhooks-page';

const EST = '0190a3b2-0000-7000-8000-000000000001';
const HOOK = '0190a3b2-0000-7000-8000-0000000000e1';

const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: HOOK,
  establishmentId: EST,
  url: 'https://lock.example/hospes',
  description: 'Door lock',
  events: ['checkin.completed', 'report.accepted'],
  state: 'active',
  secretHint: 'x9Zq',
  failuresInARow: 0,
  pausedAt: null,
  pausedReason: null,
  lastDeliveryAt: null,
  lastDeliveryState: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const list = (data: WebhookEndpoint[]) => ({ body: { success: true, data } });

describe('webhooks screen', () => {
  it('adds an endpoint for chosen events and shows its secret once', async () => {
    const created = endpoint({ id: '0190a3b2-0000-7000-8000-0000000000e2', description: 'PMS' });
    let endpoints: WebhookEndpoint[] = [];
    const { calls } = mockApi({
      [`GET /api/establishments/${EST}/webhooks`]: () => list(endpoints),
      [`POST /api/establishments/${EST}/webhooks`]: () => {
        endpoints = [created];
        return {
          status: 201,
          body: { success: true, data: { endpoint: created, secret: 'whsec_abcdefx9Zq' } },
        };
      },
    });
    const { user } = renderPage(<WebhooksPage establishmentId={EST} />);
    expect(await screen.findByText('No endpoint yet: add one below.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add an endpoint' });
    await user.type(within(form).getByLabelText('Address (https)'), 'https://pms.example/hooks');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    // No event chosen: said on the group, nothing sent.
    expect(await within(form).findByText('Choose at least one event')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const events = within(form).getByRole('group', { name: 'Events to send' });
    await user.click(within(events).getByRole('checkbox', { name: /Online check-in completed/ }));
    await user.click(within(events).getByRole('checkbox', { name: /Report accepted/ }));
    await user.type(within(form).getByLabelText('Description'), 'PMS');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const secret = await screen.findByRole('region', { name: 'Copy the secret now' });
    expect(within(secret).getByLabelText('Secret')).toHaveValue('whsec_abcdefx9Zq');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      url: 'https://pms.example/hooks',
      description: 'PMS',
      events: ['checkin.completed', 'report.accepted'],
    });
    expect(await screen.findByText(/Secret ending in …x9Zq/)).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByRole('region', { name: 'Copy the secret now' })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('whsec_abcdefx9Zq')).not.toBeInTheDocument();
  });

  it('says a refused address on its field', async () => {
    mockApi({
      [`GET /api/establishments/${EST}/webhooks`]: list([]),
      [`POST /api/establishments/${EST}/webhooks`]: apiFailure(
        400,
        'WEBHOOK_URL_REFUSED',
        'That address is not accepted: it must be https and public',
      ),
    });
    const { user } = renderPage(<WebhooksPage establishmentId={EST} />);
    const form = await screen.findByRole('form', { name: 'Add an endpoint' });
    await user.type(within(form).getByLabelText('Address (https)'), 'https://192.168.1.5/hooks');
    await user.click(within(form).getByRole('checkbox', { name: /Guest registered/ }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const field = within(form).getByLabelText('Address (https)');
    expect(
      await within(form).findByText('That address is not accepted: it must be https and public'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a paused endpoint, its deliveries with each answer, replays one and resumes', async () => {
    const paused = endpoint({
      state: 'paused',
      pausedReason: 'failures',
      pausedAt: '2026-11-28T10:00:00.000Z',
      failuresInARow: 20,
      lastDeliveryAt: '2026-11-28T09:59:00.000Z',
      lastDeliveryState: 'failed',
    });
    const delivery: WebhookDelivery = {
      id: '0190a3b2-0000-7000-8000-0000000000d1',
      eventId: '0190a3b2-0000-7000-8000-0000000000c1',
      eventType: 'checkin.completed',
      state: 'failed',
      createdAt: '2026-11-28T09:00:00.000Z',
      deliveredAt: null,
      nextAttemptAt: null,
      attempts: [
        {
          attempt: 2,
          at: '2026-11-28T09:01:00.000Z',
          statusCode: null,
          error: 'timeout',
          responseExcerpt: null,
          durationMs: 10000,
        },
        {
          attempt: 1,
          at: '2026-11-28T09:00:00.000Z',
          statusCode: 500,
          error: null,
          responseExcerpt: 'database down',
          durationMs: 42,
        },
      ],
    };
    let current = paused;
    const { calls } = mockApi({
      [`GET /api/establishments/${EST}/webhooks`]: () => list([current]),
      [`GET /api/webhooks/${HOOK}/deliveries`]: {
        body: {
          success: true,
          data: [delivery],
          pagination: { total: 1, page: 1, limit: 20, totalPages: 1 },
        },
      },
      [`POST /api/webhook-deliveries/${delivery.id}/replay`]: {
        status: 202,
        body: { success: true, data: { ...delivery, state: 'delivered', attempts: [] } },
      },
      [`POST /api/webhooks/${HOOK}/resume`]: () => {
        current = endpoint({ lastDeliveryState: 'failed' });
        return { body: { success: true, data: current } };
      },
    });
    const { user } = renderPage(<WebhooksPage establishmentId={EST} />);
    const card = await screen.findByRole('listitem', { name: /Door lock/ });
    expect(within(card).getByText(/after 20 failed deliveries in a row/)).toBeInTheDocument();
    expect(
      within(card).getByText(/Online check-in completed, Report accepted/),
    ).toBeInTheDocument();

    const toggle = within(card).getByRole('button', { name: /^Show deliveries\s*: Door lock$/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const deliveries = await within(card).findByRole('region', { name: 'Deliveries' });
    expect(
      await within(deliveries).findByText(/Attempt 1, .*: HTTP 500 in 42 ms/),
    ).toBeInTheDocument();
    expect(
      within(deliveries).getByText(/Attempt 2, .*: no answer in time in 10000 ms/),
    ).toBeInTheDocument();
    expect(within(deliveries).getByText('database down')).toBeInTheDocument();
    expect(within(deliveries).getByText(delivery.id)).toBeInTheDocument();

    await user.click(
      within(deliveries).getByRole('button', { name: /^Send again\s*: checkin.completed$/ }),
    );
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/replay'))).toBe(true));
    await user.click(within(card).getByRole('button', { name: /^Resume\s*: Door lock$/ }));
    expect(await within(card).findByText('Active')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Pause\s*: Door lock$/ })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(
      expect.arrayContaining([
        `POST /api/webhook-deliveries/${delivery.id}/replay`,
        `POST /api/webhooks/${HOOK}/resume`,
      ]),
    );
  });
});
