/**
 * A local stand-in for Stripe's API (decision 070), for the server tests and e2e: Stripe cannot be
 * reached from here. It answers the calls Hospes makes through the official SDK (pointed at it by
 * STRIPE_API_BASE), in Stripe's documented JSON shapes: customers, prices (listed by lookup key,
 * created with product_data), Checkout Sessions and Billing Portal sessions; it checks the secret
 * key of each call. Its checkout page, once "paid", makes the subscription and sends the signed
 * webhooks Stripe would (checkout.session.completed, customer.subscription.created,
 * invoice.paid); its portal page cancels. Tests drive renewals and failures with `renew`,
 * `failRenewal`, `endRetries`, `cancel`. Webhooks are signed with the SDK's
 * `webhooks.generateTestHeaderString`, as Stripe signs them.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const TEST_STRIPE_KEY = 'sk_test_hospes_local';
export const TEST_WEBHOOK_SECRET = 'whsec_hospes_local_secret';

const DAY = 86_400;

type Json = Record<string, unknown>;

/** Stripe's form encoding (`a[b][0][c]=v`) as nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export interface Delivery {
  type: string;
  eventId: string;
  status: number;
}

export interface TestStripeService {
  url: string;
  /** Where the webhooks go (the app's /api/billing/webhook); set once the app listens. */
  webhookUrl: string | null;
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** Every call the SDK made: method and path. */
  calls: Array<{ method: string; path: string; body: Json }>;
  deliveries: Delivery[];
  /** A signed event as Stripe would post it: its JSON and its Stripe-Signature header. */
  signedEvent(type: string, object: Json): { payload: string; signature: string; id: string };
  /** Completes a checkout as the customer paying on its page would. */
  completeCheckout(sessionId: string): Promise<Json>;
  /** The next period paid: invoice.paid, subscription updated. */
  renew(subscriptionId: string): Promise<void>;
  /** A renewal's payment failed, Stripe retries: invoice.payment_failed, status past_due. */
  failRenewal(subscriptionId: string): Promise<void>;
  /** The retries are over: invoice.payment_failed without a next attempt, status unpaid. */
  endRetries(subscriptionId: string): Promise<void>;
  /** Cancelled at once (customer.subscription.deleted) or at the period's end (updated). */
  cancel(subscriptionId: string, atPeriodEnd?: boolean): Promise<void>;
  /** A price the operator made in Stripe's dashboard (a plan by quote has no other). */
  addPrice(lookupKey: string, unitAmount: number, interval: 'month' | 'year'): Json;
  /** Sends an event again exactly as before (same id, same body, a fresh signature). */
  replay(eventId: string): Promise<Delivery>;
  close(): Promise<void>;
}

export async function startTestStripe(
  options: {
    key?: string;
    webhookSecret?: string;
    /** Posts a webhook (default: HTTP to webhookUrl); answers the status. */
    deliver?: (payload: string, signature: string) => Promise<number>;
  } = {},
): Promise<TestStripeService> {
  const key = options.key ?? TEST_STRIPE_KEY;
  const secret = options.webhookSecret ?? TEST_WEBHOOK_SECRET;
  const signer = new Stripe(key);
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const events = new Map<string, string>();
  const calls: TestStripeService['calls'] = [];
  const deliveries: Delivery[] = [];
  let clock = Math.floor(Date.now() / 1000);
  const tick = () => (clock += 1);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function send(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  }
  const notFound = (res: http.ServerResponse, message = 'No such resource') =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message } });

  function list(data: Json[], url: string) {
    return { object: 'list', data, has_more: false, url };
  }

  function signedEvent(type: string, object: Json) {
    const id = newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: tick(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    events.set(id, payload);
    return {
      payload,
      id,
      signature: signer.webhooks.generateTestHeaderString({ payload, secret }),
    };
  }

  async function post(payload: string, signature: string): Promise<number> {
    if (options.deliver) return options.deliver(payload, signature);
    if (!service.webhookUrl) throw new Error('the Stripe stand-in has no webhook URL');
    const answer = await fetch(service.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return answer.status;
  }

  async function emit(type: string, object: Json): Promise<Delivery> {
    const event = signedEvent(type, structuredClone(object));
    const delivery = {
      type,
      eventId: event.id,
      status: await post(event.payload, event.signature),
    };
    deliveries.push(delivery);
    return delivery;
  }

  function invoiceOf(sub: Json, paid: boolean, nextAttempt: number | null): Json {
    const price = ((sub.items as Json).data as Json[])[0]!.price as Json;
    const amount = price.unit_amount as number;
    return {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      currency: price.currency,
      status: paid ? 'paid' : 'open',
      attempt_count: paid ? 1 : nextAttempt ? 1 : 4,
      next_payment_attempt: nextAttempt,
      hosted_invoice_url: `${base}/invoices/${newId('inv')}`,
      metadata: {},
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      created: clock,
    };
  }

  function setPeriod(sub: Json, start: number) {
    const item = ((sub.items as Json).data as Json[])[0]!;
    const interval = ((item.price as Json).recurring as Json).interval;
    item.current_period_start = start;
    item.current_period_end = start + (interval === 'year' ? 365 : 30) * DAY;
  }

  async function completeCheckout(sessionId: string): Promise<Json> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const price = prices.get(((session.line_items as Json[])[0] as Json).price as string)!;
    const subscription: Json = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      trial_end: null,
      created: clock,
      default_payment_method: newId('pm'),
      metadata: (session.subscription_data as Json | undefined)?.metadata ?? {},
      items: {
        object: 'list',
        data: [{ id: newId('si'), object: 'subscription_item', price, quantity: 1 }],
      },
    };
    setPeriod(subscription, clock);
    subscriptions.set(subscription.id as string, subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
    });
    await emit('checkout.session.completed', session);
    await emit('customer.subscription.created', subscription);
    await emit('invoice.paid', invoiceOf(subscription, true, null));
    return subscription;
  }

  function subscription(id: string) {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    return sub;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    // The pages a browser opens: checkout and portal.
    const page = /^\/(checkout|portal)\/(\w+)(\/pay|\/cancel)?$/.exec(url.pathname);
    if (page) return pages(res, method, page[1]!, page[2]!, page[3]);
    if (!url.pathname.startsWith('/v1/')) return notFound(res);
    if (req.headers.authorization !== `Bearer ${key}`)
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    const body = method === 'GET' ? {} : parseStripeForm(raw);
    calls.push({ method, path: url.pathname, body });
    const path = url.pathname.slice(3);

    if (method === 'POST' && path === '/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        created: clock,
        livemode: false,
      };
      customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (method === 'GET' && path === '/prices') {
      const keys = [...url.searchParams.entries()]
        .filter(([k]) => k.startsWith('lookup_keys'))
        .map(([, v]) => v);
      const found = [...prices.values()].filter(
        (p) => keys.length === 0 || keys.includes(p.lookup_key as string),
      );
      return send(res, 200, list(found, '/v1/prices'));
    }
    if (method === 'POST' && path === '/prices') {
      const recurring = body.recurring as Json;
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        lookup_key: body.lookup_key ?? null,
        metadata: body.metadata ?? {},
        product: newId('prod'),
        recurring: { interval: recurring.interval, interval_count: 1, usage_type: 'licensed' },
        type: 'recurring',
      };
      prices.set(price.id, price);
      return send(res, 200, price);
    }
    if (method === 'POST' && path === '/checkout/sessions') {
      if (!customers.has(body.customer as string)) return notFound(res, 'No such customer');
      const lineItems = body.line_items as Json[];
      if (!prices.has((lineItems[0] as Json).price as string))
        return notFound(res, 'No such price');
      const id = newId('cs_test');
      const session: Json = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data,
        line_items: lineItems,
        allowed_payment_method_types: body.allowed_payment_method_types ?? [],
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        url: `${base}/checkout/${id}`,
      };
      sessions.set(id, session);
      const { subscription_data: _sd, line_items: _li, ...answer } = session;
      return send(res, 200, answer);
    }
    const subscriptionPath = /^\/subscriptions\/(\w+)$/.exec(path);
    if (method === 'GET' && subscriptionPath) {
      const sub = subscriptions.get(subscriptionPath[1]!);
      return sub ? send(res, 200, sub) : notFound(res, 'No such subscription');
    }
    if (method === 'POST' && path === '/billing_portal/sessions') {
      if (!customers.has(body.customer as string)) return notFound(res, 'No such customer');
      const id = newId('bps');
      const flow = (body.flow_data as Json | undefined) ?? null;
      if (flow?.type === 'subscription_update_confirm') {
        const confirm = flow.subscription_update_confirm as Json;
        const sub = subscriptions.get(confirm.subscription as string);
        const item = ((confirm.items as Json[])[0] ?? {}) as Json;
        if (!sub || sub.customer !== body.customer) return notFound(res, 'No such subscription');
        if (!prices.has(item.price as string)) return notFound(res, 'No such price');
      }
      const portal = {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        flow,
        url: `${base}/portal/${id}`,
      };
      sessions.set(id, portal);
      return send(res, 200, portal);
    }
    return notFound(res, `Unrecognized request URL (${method}: ${url.pathname})`);
  }

  function html(res: http.ServerResponse, body: string) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>Stripe (local)</title></head>
<body><main>${body}</main></body></html>`);
  }

  function redirect(res: http.ServerResponse, to: string) {
    res.writeHead(303, { location: to });
    res.end();
  }

  async function pages(
    res: http.ServerResponse,
    method: string,
    kind: string,
    id: string,
    action: string | undefined,
  ) {
    const session = sessions.get(id);
    if (!session) return notFound(res);
    if (kind === 'checkout') {
      if (method === 'POST' && action === '/pay') {
        await completeCheckout(id);
        return redirect(res, session.success_url as string);
      }
      const price = prices.get(((session.line_items as Json[])[0] as Json).price as string)!;
      return html(
        res,
        `<h1>Pay Hospes (local Stripe)</h1>
<p>${(price.unit_amount as number) / 100} ${String(price.currency).toUpperCase()} / ${String((price.recurring as Json).interval)}</p>
<form method="post" action="/checkout/${id}/pay"><button type="submit">Subscribe</button></form>
<p><a href="${String(session.cancel_url)}">Back</a></p>`,
      );
    }
    const subs = [...subscriptions.values()].filter((s) => s.customer === session.customer);
    const flow = session.flow as Json | null;
    if (flow?.type === 'subscription_update_confirm') {
      const confirm = flow.subscription_update_confirm as Json;
      const item = (confirm.items as Json[])[0]!;
      const price = prices.get(item.price as string)!;
      if (method === 'POST' && action === '/pay') {
        const sub = subscription(confirm.subscription as string);
        ((sub.items as Json).data as Json[])[0]!.price = price;
        tick();
        setPeriod(sub, clock);
        sub.status = 'active';
        await emit('customer.subscription.updated', sub);
        await emit('invoice.paid', invoiceOf(sub, true, null));
        const after = (flow.after_completion as Json | undefined)?.redirect as Json | undefined;
        return redirect(
          res,
          (after?.return_url as string | undefined) ?? (session.return_url as string),
        );
      }
      return html(
        res,
        `<h1>Confirm your new plan (local Stripe)</h1>
<p>${(price.unit_amount as number) / 100} ${String(price.currency).toUpperCase()} / ${String((price.recurring as Json).interval)}</p>
<form method="post" action="/portal/${id}/pay"><button type="submit">Confirm</button></form>
<p><a href="${String(session.return_url)}">Back</a></p>`,
      );
    }
    if (method === 'POST' && action === '/cancel') {
      for (const sub of subs) if (sub.status !== 'canceled') await service.cancel(sub.id as string);
      return redirect(res, session.return_url as string);
    }
    return html(
      res,
      `<h1>Manage your subscription (local Stripe)</h1>
<form method="post" action="/portal/${id}/cancel"><button type="submit">Cancel subscription</button></form>
<p><a href="${String(session.return_url)}">Return</a></p>`,
    );
  }

  const service: TestStripeService = {
    url: base,
    webhookUrl: null,
    customers,
    prices,
    sessions,
    subscriptions,
    calls,
    deliveries,
    signedEvent,
    completeCheckout,
    addPrice(lookupKey, unitAmount, interval) {
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: 'eur',
        unit_amount: unitAmount,
        lookup_key: lookupKey,
        metadata: {},
        product: newId('prod'),
        recurring: { interval, interval_count: 1, usage_type: 'licensed' },
        type: 'recurring',
      };
      prices.set(price.id, price);
      return price;
    },
    async renew(id) {
      const sub = subscription(id);
      tick();
      setPeriod(sub, clock);
      sub.status = 'active';
      await emit('invoice.paid', invoiceOf(sub, true, null));
      await emit('customer.subscription.updated', sub);
    },
    async failRenewal(id) {
      const sub = subscription(id);
      sub.status = 'past_due';
      await emit('invoice.payment_failed', invoiceOf(sub, false, clock + 3 * DAY));
      await emit('customer.subscription.updated', sub);
    },
    async endRetries(id) {
      const sub = subscription(id);
      sub.status = 'unpaid';
      await emit('invoice.payment_failed', invoiceOf(sub, false, null));
      await emit('customer.subscription.updated', sub);
    },
    async cancel(id, atPeriodEnd = false) {
      const sub = subscription(id);
      if (atPeriodEnd) {
        sub.cancel_at_period_end = true;
        await emit('customer.subscription.updated', sub);
        return;
      }
      sub.status = 'canceled';
      sub.canceled_at = tick();
      await emit('customer.subscription.deleted', sub);
    },
    async replay(eventId) {
      const payload = events.get(eventId);
      if (!payload) throw new Error(`no event ${eventId}`);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
      const type = (JSON.parse(payload) as { type: string }).type;
      const delivery = { type, eventId, status: await post(payload, signature) };
      deliveries.push(delivery);
      return delivery;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return service;
}
