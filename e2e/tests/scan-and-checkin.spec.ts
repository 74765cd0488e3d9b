/**
 * Document scanning and traveler self check-in, with Chromium's fake camera: the camera "sees" a
 * Y4M file made here from a fixture passport photo (the German specimen) or from a QR code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { confirmationQrText } from '@hospes/shared/checkin';
import config from '../playwright.config';
import { appTookOver, createOwner, sign, signIn } from '../support';
import { expect, expectAccessible, test } from '../fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSPORT = path.join(root, 'apps/server/test/fixtures/mrz/td3-deu-clean.jpg');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-fake-camera-'));

/** An image as a Y4M video (I420, a few identical frames; Chromium loops the file). */
async function toY4m(image: Buffer | string, file: string, width = 1280, height = 900) {
  const { data } = await sharp(image)
    .resize(width, height, { fit: 'contain', background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      y[row * width + col] = Math.max(
        0,
        Math.min(255, Math.round(0.299 * r + 0.587 * g + 0.114 * b)),
      );
      if (row % 2 === 0 && col % 2 === 0) {
        const j = (row / 2) * (width / 2) + col / 2;
        u[j] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
        v[j] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
      }
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, frame, frame, frame]));
  return file;
}

/** Chromium (the config's, with its arguments) whose camera shows `videoFile`. */
function launchWithCamera(videoFile: string): Promise<Browser> {
  const base = config.use?.launchOptions ?? {};
  return chromium.launch({
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
}

function watchErrors(page: Page, problems: string[]) {
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text()))
      problems.push(`console.error: ${msg.text()}`);
  });
}

const label = (page: Page | Locator, text: string) => page.getByLabel(new RegExp(`^${text}`));

async function fillContact(page: Page) {
  await label(page, 'Email').fill('erika@example.de');
  await label(page, 'Phone').first().fill('+49 30 1234567');
  await label(page, 'Emergency contact name').fill('Max Mustermann');
  await label(page, 'Emergency contact phone').fill('+49 30 7654321');
  await label(page, 'Relationship').selectOption('spouse');
}

test('staff scan a passport with the camera, a pilgrim checks in from the shared link on a phone, and the hospitalero reads the confirmation QR and confirms the record', async ({
  mail,
  baseURL,
  request,
}) => {
  test.setTimeout(480_000);
  const problems: string[] = [];
  const owner = await createOwner(request, mail, baseURL!, {
    prefix: 'checkin',
    establishmentName: 'Albergue Camino Norte',
  });

  // 1. Staff scan the German specimen passport with the (fake) rear camera.
  const passportVideo = await toY4m(PASSPORT, path.join(workDir, 'passport.y4m'));
  const staffBrowser = await launchWithCamera(passportVideo);
  try {
    const context = await staffBrowser.newContext({ locale: 'en-US', baseURL });
    await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
    const page = await context.newPage();
    watchErrors(page, problems);
    await signIn(page, owner.token, baseURL!);
    await page.goto('/traveler-registration?lng=en');
    await page.getByRole('radio', { name: 'Scan document' }).click();
    await expect(page.getByRole('radio', { name: 'Scan document' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const capture = page.getByRole('button', { name: 'Capture' });
    await expect(capture).toBeVisible({ timeout: 20_000 });
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await capture.click();
    await expect(page.getByText('Document processed', { exact: false })).toBeVisible({
      timeout: 90_000,
    });
    await expect(label(page, 'First name')).toHaveValue('Erika');
    await expect(label(page, 'First surname')).toHaveValue('Mustermann');
    await expect(label(page, 'First name')).toHaveAccessibleName(/Please check/);
    await expect(label(page, 'Document number')).toHaveAccessibleName(/Please check|Confirmed/);
    await fillContact(page);
    await sign(page);
    await page.getByRole('button', { name: 'Save record' }).click();
    await expect(page.getByRole('heading', { name: /registered|saved/i })).toBeVisible({
      timeout: 20_000,
    });
    // The camera is off once the mode is left.
    expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);

    // The share-link dialog: QR code and link.
    await page.goto('/traveler-registration?lng=en');
    await page.getByRole('button', { name: 'Share link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Self check-in link' });
    await expect(
      dialog.getByRole('img', { name: 'QR code of the self check-in link' }),
    ).toBeVisible();
    const shared = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(shared).toMatch(/\/registro-viajero\?t=[A-Za-z0-9_-]{32}$/);
    await context.close();

    // 2. A pilgrim on a phone, not logged in, opens the link and registers in English.
    const phone = await staffBrowser.newContext({
      locale: 'en-GB',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
    const travelerPage = await phone.newPage();
    watchErrors(travelerPage, problems);
    await travelerPage.goto(shared);
    await appTookOver(travelerPage);
    await expect(
      travelerPage.getByRole('heading', { level: 1, name: 'Traveler registration' }),
    ).toBeVisible();
    await expect(
      travelerPage.getByText(/Albergue Camino Norte \(Santiago de Compostela\) asks you/),
    ).toBeVisible();
    // The legal text behind its button beside the consent (decision 072).
    await travelerPage.getByRole('button', { name: 'Legal information' }).click();
    await expect(travelerPage.getByText(/Organic Law 4\/2015, article 25\.1/)).toBeVisible();
    await expectAccessible(travelerPage);
    await label(travelerPage, 'First name').fill('Jane');
    await label(travelerPage, 'First surname').fill('Walker');
    await travelerPage.getByRole('combobox', { name: /^Nationality/ }).fill('United Kingdom');
    await travelerPage.keyboard.press('Enter');
    await label(travelerPage, 'Date of birth').fill('1985-04-02');
    await label(travelerPage, 'Sex').selectOption('F');
    await label(travelerPage, 'Document number').fill('123456789');
    await fillContact(travelerPage);
    // She lives in Madrid: the postal code brings the INE municipality.
    await travelerPage.getByRole('button', { name: /^Home address/ }).click();
    await label(travelerPage, 'Street and number').fill('Calle Mayor 1');
    await travelerPage.getByRole('combobox', { name: /^Country of residence/ }).fill('Spain');
    await travelerPage.keyboard.press('Enter');
    await label(travelerPage, 'Postal code').fill('28013');
    await expect(label(travelerPage, 'Municipality code \\(INE\\)')).toHaveValue('28079', {
      timeout: 20_000,
    });
    await sign(travelerPage);
    await travelerPage.getByRole('button', { name: 'Send registration' }).click();
    await expect(travelerPage.getByText('You must accept the legal information')).toBeVisible();
    await travelerPage.getByRole('checkbox', { name: /I have read the legal information/ }).check();
    await travelerPage.getByRole('button', { name: 'Send registration' }).click();
    await expect(travelerPage.getByRole('heading', { name: 'Registration sent' })).toBeVisible({
      timeout: 20_000,
    });
    const shown = (await travelerPage.getByTestId('confirmation-code').textContent()) ?? '';
    expect(shown).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await expect(
      travelerPage.getByRole('img', { name: /QR code of your confirmation code/ }),
    ).toBeVisible();
    await expectAccessible(travelerPage);

    // 2b. Her son, on the same phone (360 px wide): his form starts with her address and contact.
    await travelerPage.setViewportSize({ width: 360, height: 780 });
    await travelerPage
      .getByRole('button', { name: 'Register someone travelling with Jane' })
      .click();
    // The notice of what was copied, naming her, is read first (it takes the focus).
    await expect(
      travelerPage
        .getByText('Home address, email and phone copied from Jane. Change them if they differ.')
        .locator('..'),
    ).toBeFocused();
    await expect(label(travelerPage, 'Email')).toHaveValue('erika@example.de');
    await expect(label(travelerPage, 'Street and number')).toBeVisible();
    await expect(label(travelerPage, 'Street and number')).toHaveValue('Calle Mayor 1');
    await expect(label(travelerPage, 'Municipality code \\(INE\\)')).toHaveValue('28079');
    await expect(label(travelerPage, 'First name')).toHaveValue('');
    await expectAccessible(travelerPage);
    expect(
      await travelerPage.evaluate(() => document.documentElement.scrollWidth),
      'no sideways scrolling at 360 px',
    ).toBeLessThanOrEqual(360);
    // A child: no identity document, the mother's contact.
    await label(travelerPage, 'First name').fill('Tom');
    await label(travelerPage, 'First surname').fill('Walker');
    await travelerPage.getByRole('combobox', { name: /^Nationality/ }).fill('United Kingdom');
    await travelerPage.keyboard.press('Enter');
    await label(travelerPage, 'Date of birth').fill('2015-06-01');
    await label(travelerPage, 'Sex').selectOption('M');
    await label(travelerPage, 'Emergency contact name').fill('Jane Walker');
    await label(travelerPage, 'Emergency contact phone').fill('+44 20 7946 0000');
    // A minor is also asked how they are related to the adult: two "Relationship" fields.
    await travelerPage.getByLabel('Relationship', { exact: true }).selectOption('parent');
    await label(travelerPage, 'Relationship to the adult').selectOption('HJ');
    await sign(travelerPage);
    await travelerPage.getByRole('checkbox', { name: /I have read the legal information/ }).check();
    await travelerPage.getByRole('button', { name: 'Send registration' }).click();
    await expect(travelerPage.getByRole('heading', { name: 'Registration sent' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(travelerPage.getByTestId('confirmation-code')).not.toHaveText(shown);
    await phone.close();

    // What reached the server: the son with his mother's address and contact, his own name.
    const listed = await request.get(`${baseURL}/api/pilgrims?search=Walker&review=pending`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(listed.ok()).toBe(true);
    const travelers = ((await listed.json()) as { data: Record<string, unknown>[] }).data;
    const tom = travelers.find((traveler) => traveler.firstName === 'Tom');
    expect(tom).toMatchObject({
      lastName: 'Walker',
      dateOfBirth: '2015-06-01',
      passportNumber: null,
      kinship: 'HJ',
      contactInfo: { email: 'erika@example.de', phone: '+49 30 1234567', phone2: null },
      address: {
        street: 'Calle Mayor 1',
        postalCode: '28013',
        country: 'ESP',
        municipalityCode: '28079',
      },
      emergencyContact: { name: 'Jane Walker', relationship: 'parent' },
    });

    // 3. The hospitalero reads the confirmation QR with the camera, reviews and confirms.
    const code = shown.replace('-', '');
    const qrPng = await QRCode.toBuffer(confirmationQrText(code), { width: 600, margin: 4 });
    const qrVideo = await toY4m(qrPng, path.join(workDir, 'qr.y4m'), 960, 720);
    const deskBrowser = await launchWithCamera(qrVideo);
    try {
      const desk = await deskBrowser.newContext({ locale: 'en-US', baseURL });
      await desk.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
      const deskPage = await desk.newPage();
      watchErrors(deskPage, problems);
      await signIn(deskPage, owner.token, baseURL!);
      await deskPage.goto('/clients?lng=en');
      await expect(deskPage.getByRole('button', { name: 'Awaiting review (2)' })).toBeVisible();
      await expect(deskPage.getByTestId('review-badge').first()).toBeVisible();

      await deskPage.goto('/traveler-registration?lng=en');
      await deskPage.getByRole('radio', { name: 'Scan QR code' }).click();
      await expect(
        deskPage.getByRole('heading', { name: 'Check and confirm the registration' }),
      ).toBeVisible({
        timeout: 30_000,
      });
      // The manual form stays on the page, hidden, with the same labels: look in the review.
      const review = deskPage.getByRole('region', { name: 'Check and confirm the registration' });
      await expect(label(review, 'First surname')).toHaveValue('Walker');
      await deskPage.getByRole('button', { name: 'Save and confirm' }).click();
      // The result screen: the traveler, the PDF and the record, its heading focused.
      const confirmed = deskPage.getByRole('heading', { name: 'Registration confirmed' });
      await expect(confirmed).toBeVisible({ timeout: 20_000 });
      await expect(confirmed).toBeFocused();
      await expect(deskPage.getByRole('link', { name: 'View the record' })).toBeVisible();

      await deskPage.goto('/clients?lng=en');
      await expect(
        deskPage
          .getByRole('cell', { name: /Walker/ })
          .or(deskPage.getByText(/Walker/))
          .first(),
      ).toBeVisible();
      // Jane's is confirmed; her son's waits for his own code.
      await expect(deskPage.getByRole('button', { name: 'Awaiting review (1)' })).toBeVisible();
      await desk.close();
    } finally {
      await deskBrowser.close();
    }
  } finally {
    await staffBrowser.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  expect(problems, 'the pages logged errors').toEqual([]);
});
