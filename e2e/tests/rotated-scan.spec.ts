/**
 * Issue 27's journeys: phone photos of passports taken at an angle, read by the default reader
 * (PaddleOCR with tesseract as the second reading, decision 054), at the desk and in the public
 * self check-in on a 360 px phone. The photos are the held-out part of the realistic test set
 * (apps/server/test/fixtures/mrz-photos, made by its make.ts): held-02 is an Argentine passport
 * upside down in perspective on a desk with papers; held-06 a Moroccan passport turned about ten
 * degrees under glare. The names come back in proper case, as forms, PDF and e-mails show them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { createOwner, sign, signIn } from '../support';
import { expect, expectAccessible, test } from '../fixtures';

// The journeys elsewhere read with tesseract alone (fixtures.ts); these use the default reader.
test.use({ serverEnv: { OCR_ENGINE: 'paddle' } });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const photo = (name: string) => path.join(root, 'apps/server/test/fixtures/mrz-photos', name);

const label = (page: Page | Locator, text: string) => page.getByLabel(new RegExp(`^${text}`));

/** Chooses a photo the way a phone does: the button opens the file chooser. */
async function choosePhoto(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Take or choose a photo' }).click();
  await (await chooser).setFiles(file);
}

async function fillContact(page: Page) {
  await label(page, 'Email').fill('viajera@example.com');
  await label(page, 'Phone').first().fill('+54 11 4321 5678');
  await label(page, 'Emergency contact name').fill('Ana Quispe');
  await label(page, 'Emergency contact phone').fill('+54 11 8765 4321');
  await label(page, 'Relationship').selectOption('parent');
}

const READ = { timeout: 120_000 };

test('the desk scans an upside-down phone photo of a passport and saves the name in proper case', async ({
  page,
  mail,
  baseURL,
  request,
}) => {
  test.setTimeout(480_000);
  const owner = await createOwner(request, mail, baseURL!, { prefix: 'rotated-desk' });
  await page.context().addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
  await signIn(page, owner.token, baseURL!);
  await page.goto('/traveler-registration?lng=en');
  await page.getByRole('radio', { name: 'Scan document' }).click();
  await choosePhoto(page, photo('held-02.jpg'));
  await expect(page.getByText('Document processed', { exact: false })).toBeVisible(READ);

  await expect(label(page, 'First name')).toHaveValue('Zoe');
  await expect(label(page, 'First surname')).toHaveValue('Quispe');
  await expect(label(page, 'Date of birth')).toHaveValue('2002-01-01');
  await expect(label(page, 'Document number')).toHaveValue('3OQ8PZKRB');
  // Fields to check are "please check", never styled as errors.
  await expect(label(page, 'First name')).toHaveAccessibleName(/Please check/);
  await expect(label(page, 'First name')).not.toHaveAttribute('aria-invalid', 'true');
  await fillContact(page);
  await sign(page);
  await page.getByRole('button', { name: 'Save record' }).click();
  await expect(page.getByRole('heading', { name: /registered|saved/i })).toBeVisible({
    timeout: 20_000,
  });

  const listed = await request.get(`${baseURL}/api/pilgrims?search=Quispe`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const [stored] = ((await listed.json()) as { data: Array<Record<string, unknown>> }).data;
  expect(stored).toMatchObject({
    firstName: 'Zoe',
    lastName: 'Quispe',
    nationality: 'ARG',
    passportNumber: '3OQ8PZKRB',
    gender: 'F',
  });
});

test('a pilgrim scans a tilted phone photo of her passport in the self check-in on a 360 px phone', async ({
  browser,
  mail,
  baseURL,
  request,
}) => {
  test.setTimeout(480_000);
  const owner = await createOwner(request, mail, baseURL!, {
    prefix: 'rotated-self',
    establishmentName: 'Albergue Camino Norte',
  });
  const link = await request.get(
    `${baseURL}/api/establishments/${owner.establishmentId}/checkin-link`,
    { headers: { authorization: `Bearer ${owner.token}` } },
  );
  expect(link.ok(), await link.text()).toBe(true);
  const { token } = ((await link.json()) as { data: { token: string } }).data;
  const url = `${baseURL}/registro-viajero?t=${token}&lng=en`;

  const phone = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
  });
  await phone.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
  const page = await phone.newPage();
  await page.goto(url);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Traveler registration' }),
  ).toBeVisible();
  // The page shows before the app's code (decision 079); the scanner opens once the app is there.
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await page.getByRole('radio', { name: 'Scan document' }).click();
  await choosePhoto(page, photo('held-06.jpg'));
  await expect(page.getByText('Document processed', { exact: false })).toBeVisible(READ);

  await expect(label(page, 'First name')).toHaveValue('Szilvia Zbigniew');
  await expect(label(page, 'First surname')).toHaveValue('Dziedzic');
  await expect(label(page, 'Date of birth')).toHaveValue('1991-03-01');
  await expect(label(page, 'First name')).toHaveAccessibleName(/Please check/);
  await fillContact(page);
  await sign(page);
  await page.getByRole('checkbox', { name: /I have read the legal information/ }).check();
  await page.getByRole('button', { name: 'Send registration' }).click();
  await expect(page.getByRole('heading', { name: 'Registration sent' })).toBeVisible({
    timeout: 20_000,
  });
  await expectAccessible(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    'no sideways scrolling at 360 px',
  ).toBeLessThanOrEqual(360);
  await phone.close();

  // What reached the desk: her self check-in, waiting for confirmation, in proper case.
  const listed = await request.get(`${baseURL}/api/pilgrims?search=Dziedzic&review=pending`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const [stored] = ((await listed.json()) as { data: Array<Record<string, unknown>> }).data;
  expect(stored).toMatchObject({
    firstName: 'Szilvia Zbigniew',
    lastName: 'Dziedzic',
    nationality: 'MAR',
    gender: 'F',
  });
});
