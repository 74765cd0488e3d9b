/** Shared steps of the journeys: an owner made through the API, and a browser signed in as them. */
import type { APIRequestContext, Page } from '@playwright/test';
import { EstablishmentContactSchema, EstablishmentCoreSchema } from '@hospes/shared/establishments';
import { bcp47Of, type Language } from '@hospes/shared/languages';
import { registrationBody } from '../apps/server/test/factories';
import { linkIn, type TestSmtp } from '../apps/server/test/smtp';
import { expect } from './fixtures';

export { randomCif } from '../apps/server/test/factories';

/** Owners made so far by this worker: each registers from an address of its own. */
let ownersMade = 0;

/**
 * An owner with a verified account and one establishment (no SES code), created through the API:
 * register, read the verification e-mail that arrived, verify. Each registers from an address of
 * its own (X-Forwarded-For, which the test server trusts from loopback), as owners on their own
 * connections would: the journeys of one worker share a server, and its limit of 10 registrations
 * an hour from one address would otherwise refuse the eleventh owner.
 */
export async function createOwner(
  request: APIRequestContext,
  mail: TestSmtp,
  baseURL: string,
  options: { prefix?: string; establishmentName?: string } = {},
) {
  const email = `${options.prefix ?? 'owner'}-${Date.now()}@example.com`;
  const body = registrationBody({ email, name: options.establishmentName ?? 'Albergue San Roque' });
  ownersMade += 1;
  const registered = await request.post(`${baseURL}/api/auth/register-establishment?lng=en`, {
    data: body,
    headers: {
      'x-forwarded-for': `198.51.100.${(ownersMade % 250) + 1}`,
    },
  });
  expect(registered.status()).toBe(201);
  const establishmentId = ((await registered.json()) as { data: { establishmentId: string } }).data
    .establishmentId;
  const message = await mail.waitFor(email);
  const link = new URL(linkIn(message, `${baseURL}/verify-email?token=`));
  const verified = await request.get(
    `${baseURL}/api/auth/verify?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`,
  );
  expect(verified.ok()).toBe(true);
  const { token } = (await verified.json()) as { token: string };
  return { email, password: body.account.password, token, establishmentId };
}

/**
 * Puts an owner's session in the browser the way the server keeps it: its HttpOnly, SameSite=Strict
 * session cookie (decision 050; plain `hospes_session`, since the test server runs on http). With
 * the cookie in place before the app loads, its start-up /me signs the owner in: the login page
 * sends them on to the client list. (A `createOwner` made through `page.request` has the cookie
 * already, from the verification's answer; this sets the same one.)
 */
/**
 * Changes an owner's establishment through the API: PUT takes the whole establishment, so the
 * fields of its core and contact steps are sent as they are, with `changes` over them.
 */
export async function updateEstablishment(
  request: APIRequestContext,
  owner: { token: string; establishmentId: string },
  changes: Record<string, unknown>,
) {
  const headers = { authorization: `Bearer ${owner.token}` };
  const url = `/api/establishments/${owner.establishmentId}`;
  const current = await request.get(url, { headers });
  const establishment = ((await current.json()) as { data: Record<string, unknown> }).data;
  const updated = await request.put(url, {
    headers,
    data: {
      ...Object.fromEntries(
        [
          ...Object.keys(EstablishmentCoreSchema.shape),
          ...Object.keys(EstablishmentContactSchema.shape),
        ].map((key) => [key, establishment[key]]),
      ),
      ...changes,
    },
  });
  expect(updated.status(), await updated.text()).toBe(200);
}

export async function signIn(page: Page, token: string, baseURL: string) {
  await page
    .context()
    .addCookies([
      { name: 'hospes_session', value: token, url: baseURL, httpOnly: true, sameSite: 'Strict' },
    ]);
  await page.goto(`${baseURL}/login?lng=en`);
  await expect(page).toHaveURL(/\/clients$/);
}

/**
 * Asserts that nothing a script could read holds the session token: not `document.cookie`, not
 * Web Storage (the session is in an HttpOnly cookie, decision 050).
 */
export async function expectNoReadableSession(page: Page) {
  const readable = await page.evaluate(() => ({
    cookie: document.cookie,
    storage: JSON.stringify({ ...window.localStorage, ...window.sessionStorage }),
  }));
  const session = (await page.context().cookies()).find((c) => c.name === 'hospes_session');
  expect(session, 'the session cookie').toBeDefined();
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  expect(readable.cookie).not.toContain('hospes_session');
  expect(readable.cookie).not.toContain('auth_token');
  expect(readable.cookie).not.toContain(session!.value);
  expect(readable.storage).not.toContain(session!.value);
  expect(readable.storage).not.toContain('auth_token');
  expect(readable.storage).not.toContain('hospes.devices');
}

/** Signs on a signature pad (the traveler form's by default) with the mouse: a zigzag across it. */
export async function sign(page: Page, padName = "Traveler's signature") {
  const pad = page.getByRole('img', { name: padName });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 30 + i * 20, box.y + box.height * (i % 2 ? 0.3 : 0.7), {
      steps: 3,
    });
  }
  await page.mouse.up();
}

/** A small JPEG made by the browser's canvas: a stand-in for a photo of a document. */
export async function documentPhoto(page: Page, text: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((label) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 400;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#dfe8f0';
    ctx.fillRect(0, 0, 640, 400);
    ctx.fillStyle = '#123';
    ctx.font = '40px sans-serif';
    ctx.fillText(label, 40, 200);
    return canvas.toDataURL('image/jpeg', 0.8);
  }, text);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/**
 * The desk's walk-in in one language, as decision 074 measures it (decision 077): the desk's
 * registration page opened with `?lng=`, the walk-in chosen (the first mode of the switch), the
 * identity block open as when typing; from the top of the mode switch to the bottom of the save
 * button, in CSS pixels. Found by their roles, not their names, which are the language's. `wrapped`:
 * the visible labels of the form above the button that take more than one line (each a row 16 px
 * taller on a phone's half-width columns).
 */
export async function walkInHeightIn(page: Page, lng: Language) {
  await page.goto(`/traveler-registration?lng=${lng}`);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('lang', bcp47Of(lng));
  const modes = page.getByRole('radiogroup').first();
  // The desk opens in the mode it last had: another one first, then the walk-in, chosen.
  await modes.getByRole('radio').nth(1).click();
  await modes.getByRole('radio').first().click();
  await expect(modes.getByRole('radio').first()).toBeChecked();
  const form = page.locator('main form').first();
  await expect(form.locator('input').first()).toBeFocused();
  await page.waitForLoadState('networkidle');
  const top = await modes.evaluate((element) => element.getBoundingClientRect().top);
  const save = form.locator('button[type="submit"]');
  const bottom = await save.evaluate((element) => element.getBoundingClientRect().bottom);
  const wrapped = await form.evaluate((element, end) => {
    const labels = Array.from(element.querySelectorAll('label')).filter((label) => {
      const box = label.getBoundingClientRect();
      const line = parseFloat(getComputedStyle(label).lineHeight);
      return box.height > 0 && box.bottom <= end && box.height > line * 1.5;
    });
    return labels.map((label) => label.textContent ?? '');
  }, bottom);
  return { height: Math.round(bottom - top), wrapped };
}

/**
 * The self check-in page shows before the app's code (decision 079): its form can be typed in, but
 * a journey that goes on as a pilgrim would once the page works waits until the app has taken it
 * over, so that a multi-step action of the browser (select all, then insert) is not split by it.
 */
export async function appTookOver(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 30_000 });
}
