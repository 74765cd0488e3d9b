import { expect, expectAccessible, test } from '../fixtures';
import { createOwner, signIn } from '../support';

test('an owner makes an API key on a phone, copies its secret once, a partner program uses it, and revoking it stops it at once', async ({
  page,
  request,
  mail,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const owner = await createOwner(request, mail, baseURL!, { prefix: 'keys-owner' });
  await signIn(page, owner.token, baseURL!);

  await page.goto('/team');
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText('No keys yet.')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Name').fill('Our PMS');
  await page.getByLabel('Register travelers').check();
  await page.getByLabel('View travelers').check();
  await page.getByLabel('Expires').selectOption('90');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secretField = page.getByRole('textbox', { name: 'Key “Our PMS”' });
  await expect(secretField).toHaveValue(/^hsp_live_/);
  const secret = await secretField.inputValue();
  await expectAccessible(page);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // A partner's program calls with it.
  const asPartner = { authorization: `Bearer ${secret}` };
  const current = await request.get(`${baseURL}/api/api-keys/current`, { headers: asPartner });
  expect(current.status()).toBe(200);
  expect(await current.json()).toMatchObject({
    data: { name: 'Our PMS', establishmentId: owner.establishmentId },
  });

  // Once stored, the secret leaves the page; the list shows the key, not its secret.
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByRole('textbox', { name: 'Key “Our PMS”' })).toHaveCount(0);
  const list = page.getByRole('region', { name: 'Keys' });
  await expect(list).toContainText('Our PMS');
  await expect(list).toContainText('Register travelers, View travelers');
  await expect(page.locator('body')).not.toContainText(secret);

  await page.getByRole('button', { name: 'Revoke the key “Our PMS”' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('Key “Our PMS” revoked.')).toBeVisible();
  await expect(list).toContainText('Revoked');
  const refused = await request.get(`${baseURL}/api/api-keys/current`, { headers: asPartner });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'API_KEY_INVALID' });
});
