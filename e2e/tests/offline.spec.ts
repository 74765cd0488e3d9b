import type { Page } from '@playwright/test';
import { createOwner, documentPhoto, sign } from '../support';
import { expect, test } from '../fixtures';

/**
 * What a browser without a connection logs for the requests it cannot make (the service worker
 * answers /api with a network error then: net::ERR_FAILED).
 */
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/;

async function registerOffline(page: Page, firstName: string, passport: string) {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('First surname').fill('Peregrina');
  await page.getByRole('combobox', { name: 'Nationality' }).fill('germ');
  await page.getByRole('combobox', { name: 'Nationality' }).press('Enter');
  await page.getByLabel('Date of birth').fill('1980-03-14');
  await page.getByLabel('Sex').selectOption('F');
  await page.getByLabel('Document number').fill(passport);
  await page.getByLabel('Front of the document').setInputFiles({
    name: 'passport.jpg',
    mimeType: 'image/jpeg',
    buffer: await documentPhoto(page, `Passport ${firstName}`),
  });
  await expect(page.getByRole('img', { name: 'Preview: Front of the document' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(`${firstName.toLowerCase()}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill('+49 170 1234567');
  await page.getByLabel('Emergency contact name').fill('Greta Peregrina');
  await page.getByLabel('Emergency contact phone').fill('+49 170 7654321');
  await page.getByLabel('Relationship').selectOption('spouse');
  await sign(page);
  await page.getByRole('button', { name: 'Save record' }).click();
  // Without a connection the save waits in its turn; the desk goes on with the next traveler.
  await page.getByRole('button', { name: 'Continue with the next traveler' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('');
}

test('without a connection the desk registers three travelers with photos and signatures, a reload keeps them and the desk open, and back online each is stored once', async ({
  browser,
  mail,
  baseURL,
}) => {
  test.setTimeout(480_000);
  const owner = await createOwner((await browser.newContext()).request, mail, baseURL!, {
    prefix: 'offline',
  });
  const context = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'allow' });
  await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
  await context.addCookies([
    {
      name: 'hospes_session',
      value: owner.token,
      url: baseURL!,
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  let offline = false;
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() !== 'error' || /status of 4\d\d/.test(text)) return;
    if (offline && OFFLINE_NOISE.test(text)) return;
    problems.push(`console.error: ${text}`);
  });
  page.on('dialog', (dialog) => void dialog.accept());

  // Signed in: the app installs its service worker, which keeps the app's code.
  await page.goto('/login?lng=en');
  await expect(page).toHaveURL(/\/clients$/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(await manifest.json()).toMatchObject({ name: 'Hospes', display: 'standalone' });

  await page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: 'Traveler registration' })
    .click();
  await expect(page.getByLabel('First name')).toBeVisible();

  await context.setOffline(true);
  offline = true;
  const names = ['Ana', 'Berta', 'Carmen'];
  for (const [index, name] of names.entries()) {
    await registerOffline(page, name, `XDA12345${index + 1}`);
  }
  const waiting = page.getByText(
    'Offline: 3 registrations are waiting on this device and will be sent when the connection returns.',
  );
  await expect(waiting).toBeVisible();

  // A reload without a connection: the service worker serves the app, the user this device kept
  // is still signed in (decision 073) and the desk goes on capturing; nothing is lost.
  await page.reload();
  await expect(page.getByLabel('First name')).toBeVisible();
  await expect(waiting).toBeVisible();
  const kept = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('hospes-desk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('entries').objectStore('entries').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
  expect(kept).toBe(3);
  names.push('Dora');
  await registerOffline(page, 'Dora', 'XDA123454');
  await expect(
    page.getByText(
      'Offline: 4 registrations are waiting on this device and will be sent when the connection returns.',
    ),
  ).toBeVisible();

  // Back online, on the same page: the session is checked, and then the four are sent, in order.
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: /^Saved: Ana Peregrina/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: /^Saved: Dora Peregrina/ })).toBeVisible({
    timeout: 30_000,
  });
  // What the page logged of its failed requests while offline is behind us.
  offline = false;

  const listed = await page.request.get(
    `/api/pilgrims?establishmentId=${owner.establishmentId}&limit=50`,
    { headers: { authorization: `Bearer ${owner.token}` } },
  );
  expect(listed.status()).toBe(200);
  const travelers = (
    (await listed.json()) as {
      data: { firstName: string; reportNumber: string; documentUploads: { kind: string }[] }[];
    }
  ).data;
  expect(travelers.map((traveler) => traveler.firstName).sort()).toEqual(names);
  // Stored in the order they were typed: their report numbers say so.
  const byNumber = [...travelers].sort((a, b) => a.reportNumber.localeCompare(b.reportNumber));
  expect(byNumber.map((traveler) => traveler.firstName)).toEqual(names);
  // With the photo of the document and the signature typed offline.
  for (const traveler of travelers) {
    expect(traveler.documentUploads.map((upload) => upload.kind).sort()).toEqual([
      'front',
      'signature',
    ]);
  }
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('hospes-desk');
            open.onsuccess = () => {
              const count = open.result.transaction('entries').objectStore('entries').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      ),
    )
    .toBe(0);

  await context.close();
  expect(problems, 'the page logged errors').toEqual([]);
});

test('a signed-out visitor opening the desk without a connection is told to sign in when connected', async ({
  browser,
  mail,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await createOwner((await browser.newContext()).request, mail, baseURL!, {
    prefix: 'offline-out',
  });
  const context = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'allow' });
  await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
  await context.addCookies([
    {
      name: 'hospes_session',
      value: owner.token,
      url: baseURL!,
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  const page = await context.newPage();
  // Signed in once on this device (the service worker keeps the app), then signed out.
  await page.goto('/login?lng=en');
  await expect(page).toHaveURL(/\/clients$/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('hospes.offlineSession'))).toBeNull();

  await context.setOffline(true);
  await page.goto('/traveler-registration?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);

  // Back online: the session is checked again; signed out, the login form is offered.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await context.close();
});
