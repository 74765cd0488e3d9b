import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectAccessible, test } from '../fixtures';
import { createOwner, signIn } from '../support';

// Receivers of the test listen on 127.0.0.1: allowed by the setting the tests turn on.
test.use({ serverEnv: { WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_DISPATCH_SECONDS: '1' } });

test('an owner connects a door lock on a phone: registers its address, keeps the secret, sends a test event and sees it delivered and signed', async ({
  page,
  request,
  mail,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const lock = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200).end('door code issued');
    });
  });
  await new Promise<void>((resolve) => lock.listen(0, '127.0.0.1', resolve));
  const lockUrl = `http://127.0.0.1:${(lock.address() as AddressInfo).port}/hospes`;
  try {
    const owner = await createOwner(request, mail, baseURL!, { prefix: 'webhooks-owner' });
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, owner.token, baseURL!);
    await page.goto(`${baseURL}/webhooks`);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No endpoint yet: add one below.')).toBeVisible();
    await expectAccessible(page);

    const form = page.getByRole('form', { name: 'Add an endpoint' });
    await form.getByLabel('Address (https)').fill(lockUrl);
    await form.getByLabel('Description').fill('Door lock');
    await form.getByRole('checkbox', { name: /Online check-in completed/ }).check();
    await form.getByRole('checkbox', { name: /Report accepted/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const secretPanel = page.getByRole('region', { name: 'Copy the secret now' });
    await expect(secretPanel).toBeVisible();
    const secret = await secretPanel.getByLabel('Secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page);
    await secretPanel.getByRole('button', { name: 'I have saved it' }).click();
    await expect(secretPanel).toBeHidden();

    const card = page.getByRole('listitem').filter({ hasText: lockUrl });
    await expect(card.getByText(`Secret ending in …${secret.slice(-4)}`)).toBeVisible();
    await card.getByRole('button', { name: /^Send test event/ }).click();
    await expect(page.getByText('Test event sent')).toBeVisible();
    const deliveries = card.getByRole('region', { name: 'Deliveries' });
    await expect(deliveries.getByText('Delivered')).toBeVisible({ timeout: 30_000 });
    await expect(deliveries.getByText(/Attempt 1, .*: HTTP 200 in \d+ ms/)).toBeVisible();
    await expect(deliveries.getByText('door code issued')).toBeVisible();
    await expectAccessible(page);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // What arrived is signed with the secret shown once.
    expect(received).toHaveLength(1);
    const [got] = received;
    const timestamp = String(got!.headers['hospes-webhook-timestamp']);
    const signature = createHmac('sha256', secret)
      .update(`${timestamp}.${got!.body}`)
      .digest('hex');
    expect(got!.headers['hospes-webhook-signature']).toBe(`v1=${signature}`);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'webhook.test' });
  } finally {
    lock.closeAllConnections();
    await new Promise((resolve) => lock.close(resolve));
  }
});
