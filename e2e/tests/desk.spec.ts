import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createOwner, documentPhoto, randomCif, sign, signIn } from '../support';
import { expect, expectAccessible, screenshotDir, test } from '../fixtures';

async function screenshots(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // No horizontal scroll at this width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal scroll on ${name} at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${width}.png`),
      fullPage: true,
    });
  }
}

test('an owner creates an establishment, registers walk-in travelers with photos and signature, finds, edits and deletes them', async ({
  page,
  mail,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { token } = await createOwner(page.request, mail, baseURL!, { prefix: 'desk' });
  await signIn(page, token, baseURL!);

  // Profile → Establishments: create a second establishment.
  await page.goto('/profile?tab=establishments');
  await expect(page.getByRole('tab', { name: 'Establishments' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Albergue San Roque' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'New establishment' }).click();
  const creating = page.getByRole('region', { name: 'New establishment' });
  await creating.getByRole('button', { name: 'Create establishment' }).click();
  await expect(creating.getByText('This field is required').first()).toBeVisible();
  await creating.getByLabel('Establishment name').fill('Albergue O Cebreiro');
  await creating.getByLabel('NIF/CIF').fill(randomCif());
  await creating.getByLabel('Address', { exact: true }).fill('Lugar O Cebreiro 1');
  await creating.getByLabel('City').fill('Pedrafita do Cebreiro');
  await creating.getByLabel('Province').fill('Lugo');
  await creating.getByLabel('Postal code').fill('27670');
  await creating.getByLabel('Phone').fill('+34 982 000 000');
  await creating.getByLabel('Contact name').fill('Xoán Pérez');
  await creating.getByLabel('Contact email').fill('cebreiro@example.com');
  await expectAccessible(page);
  await creating.getByRole('button', { name: 'Create establishment' }).click();
  await expect(page.getByText('Establishment created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Albergue O Cebreiro' })).toBeVisible();

  // Traveler registration: two establishments, so one is chosen first.
  await page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: 'Traveler registration' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Traveler registration' }),
  ).toBeVisible();
  await page.getByLabel('Establishment').selectOption({ label: 'Albergue O Cebreiro' });
  await expect(page).toHaveURL(/establishmentId=/);

  const firstName = page.getByLabel('First name');
  await expect(firstName).toBeVisible();
  await expectAccessible(page);
  // The dark theme passes too.
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await screenshots(page, 'registration-form');

  // A walk-in with a Spanish DNI: identity, document and photos, contact, emergency contact.
  await firstName.fill('Lucía');
  await page.getByLabel('First surname').fill('Fernández');
  await page.getByLabel('Second surname').fill('Ruiz');
  const nationality = page.getByRole('combobox', { name: 'Nationality' });
  await nationality.fill('spai');
  await expect(page.getByRole('option', { name: 'Spain' })).toBeVisible();
  await nationality.press('Enter');
  await expect(nationality).toHaveValue('Spain');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Sex').selectOption('F');
  await page.getByLabel('Document type').selectOption('D');
  await page.getByLabel('Document number').fill('12345678A');
  await page.getByLabel('Support number').fill('CAA123456');
  await page.getByLabel('Front of the document').setInputFiles({
    name: 'front.jpg',
    mimeType: 'image/jpeg',
    buffer: await documentPhoto(page, 'DNI front'),
  });
  await page.getByLabel('Back of the document').setInputFiles({
    name: 'back.jpg',
    mimeType: 'image/jpeg',
    buffer: await documentPhoto(page, 'DNI back'),
  });
  await expect(page.getByRole('img', { name: 'Preview: Back of the document' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('lucia@example.com');
  await page.getByLabel('Phone', { exact: true }).fill('+34 600 111 222');
  await page.getByLabel('Emergency contact name').fill('Ana Ruiz');
  await page.getByLabel('Emergency contact phone').fill('+34 600 333 444');
  await page.getByLabel('Relationship').selectOption('parent');

  // The form's own rules: a wrong DNI letter, then no signature.
  await page.getByRole('button', { name: 'Save record' }).click();
  await expect(page.getByText('Invalid DNI: check the control letter')).toBeVisible();
  await page.getByLabel('Document number').fill('12345678Z');
  await page.getByRole('button', { name: 'Save record' }).click();
  await expect(page.getByText('Signature is required')).toBeVisible();
  await sign(page);
  await expect(page.getByText('Signature is required')).toBeHidden();
  await page.getByRole('button', { name: 'Save record' }).click();

  const success = page.getByRole('heading', { name: 'Record saved' });
  await expect(success).toBeVisible();
  await expect(page.getByText('Lucía Fernández Ruiz')).toBeVisible();
  await expect(page.getByText('3 images stored')).toBeVisible();
  await expectAccessible(page);

  // Register another traveler at the same establishment: a passport needs no back photo.
  await page.getByRole('button', { name: 'Register another traveler' }).click();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByLabel('Back of the document')).toHaveCount(0);
  await page.getByLabel('First name').fill('Hans');
  await page.getByLabel('First surname').fill('Weber');
  await page.getByRole('combobox', { name: 'Nationality' }).fill('germ');
  await page.getByRole('combobox', { name: 'Nationality' }).press('Enter');
  await page.getByLabel('Date of birth').fill('1975-11-02');
  await page.getByLabel('Sex').selectOption('M');
  await page.getByLabel('Document number').fill('C01X00T47');
  await page.getByLabel('Front of the document').setInputFiles({
    name: 'passport.jpg',
    mimeType: 'image/jpeg',
    buffer: await documentPhoto(page, 'Passport'),
  });
  await page.getByLabel('Email', { exact: true }).fill('hans@example.com');
  await page.getByLabel('Phone', { exact: true }).fill('+49 170 1234567');
  await page.getByLabel('Emergency contact name').fill('Greta Weber');
  await page.getByLabel('Emergency contact phone').fill('+49 170 7654321');
  await page.getByLabel('Relationship').selectOption('spouse');
  await sign(page);
  await page.getByRole('button', { name: 'Save record' }).click();
  await expect(page.getByRole('heading', { name: 'Record saved' })).toBeVisible();

  // The list: find Lucía by her surname.
  await page.getByRole('link', { name: 'Go to clients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page.getByText('2 travelers')).toBeVisible();
  await page.getByLabel('Search').fill('fernandez');
  await expect(page).toHaveURL(/search=fernandez/);
  await expect(page.getByText('1 traveler', { exact: true })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Lucía Fernández Ruiz' })).toBeVisible();
  const row = page.getByRole('row', { name: /Lucía Fernández Ruiz/ });
  await expect(row.getByText('Recent arrival')).toBeVisible();
  await expectAccessible(page);
  // A reload keeps the filter.
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue('fernandez');
  await expect(page.getByText('1 traveler', { exact: true })).toBeVisible();
  await screenshots(page, 'clients');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.getByRole('link', { name: 'View Lucía Fernández Ruiz' }).click();

  // The record, read-only, with the document thumbnails.
  await expect(page.getByRole('heading', { level: 1, name: 'Lucía Fernández Ruiz' })).toBeVisible();
  await expect(page.getByText('+34 600 111 222')).toBeVisible();
  const front = page.getByRole('button', { name: 'Front of the document: show at full size' });
  await expect(front.locator('img')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Signature: show at full size' }).locator('img'),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'traveler-view');
  // Every thumbnail loaded (each is logged as it is served) before the full-size view, which the
  // history would otherwise list between them and so not fold them into one entry.
  for (const name of ['Front of the document', 'Back of the document']) {
    const thumbnail = page
      .getByRole('button', { name: `${name}: show at full size` })
      .locator('img');
    await expect
      .poll(() => thumbnail.evaluate((node: HTMLImageElement) => node.naturalWidth))
      .toBeGreaterThan(0);
  }
  // A thumbnail opens the document at full size, to check it against the data.
  await front.click();
  const viewer = page.getByRole('dialog', { name: 'Front of the document' });
  const full = viewer.getByRole('img', { name: 'Front of the document, full size' });
  await expect(full).toBeVisible();
  await expect
    .poll(() => full.evaluate((node: HTMLImageElement) => node.naturalWidth))
    .toBeGreaterThan(0);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(front).toBeFocused();
  // The record's history: who registered it and who looked at its images.
  await page.getByRole('button', { name: 'History of this record' }).click();
  const history = page.getByRole('list').filter({ hasText: 'Registered' });
  await expect(history.getByText('Image viewed: Front of the document')).toBeVisible();
  // The page's thumbnails, loaded at once, are one entry (a signature smaller than any copy of it
  // is sent as stored, and logged as an image viewed: decision 051).
  await expect(
    history.getByText(/^Thumbnails viewed: Front of the document, Back of the document/),
  ).toBeVisible();
  await expect(history.getByText('Registered', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'traveler-history');

  // Edit the phone.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit Lucía Fernández Ruiz' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Phone', { exact: true }).fill('+34 611 999 888');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Pilgrim saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Lucía Fernández Ruiz' })).toBeVisible();
  await expect(page.getByText('+34 611 999 888')).toBeVisible();

  // Delete her after confirming.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete traveler Lucía Fernández Ruiz?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete traveler' }).click();
  await expect(page.getByText('Pilgrim deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText('1 traveler', { exact: true })).toBeVisible();

  // The second traveler goes with the bulk action.
  await page.getByLabel('Select Hans Weber').check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const bulk = page.getByRole('alertdialog', { name: 'Delete 1 traveler?' });
  await expect(bulk.getByText('Hans Weber')).toBeVisible();
  await bulk.getByRole('button', { name: 'Delete 1 traveler' }).click();
  await expect(page.getByText('1 pilgrim deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No travelers yet' })).toBeVisible();
});

/** Types a walk-in with a passport into the registration form, and has them sign. */
async function typeTraveler(
  page: Page,
  traveler: { firstName: string; lastName: string; country: string; passport: string },
) {
  await page.getByLabel('First name').fill(traveler.firstName);
  await page.getByLabel('First surname').fill(traveler.lastName);
  const nationality = page.getByRole('combobox', { name: 'Nationality' });
  await nationality.fill(traveler.country);
  await nationality.press('Enter');
  await page.getByLabel('Date of birth').fill('1980-03-14');
  await page.getByLabel('Sex').selectOption('F');
  await page.getByLabel('Document type').selectOption('P');
  await page.getByLabel('Document number').fill(traveler.passport);
  await page.getByLabel('Email', { exact: true }).fill('walker@example.com');
  await page.getByLabel('Phone', { exact: true }).fill('+34 600 111 222');
  await page.getByLabel('Emergency contact name').fill('Ana Ruiz');
  await page.getByLabel('Emergency contact phone').fill('+34 600 333 444');
  await page.getByLabel('Relationship').selectOption('parent');
  await sign(page);
}

test('on a slow connection the hospitalero goes on with the next traveler while the first is sent in the background', async ({
  page,
  mail,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { token } = await createOwner(page.request, mail, baseURL!, { prefix: 'desk' });
  await signIn(page, token, baseURL!);
  // A rural albergue's upload: a registration takes at least 5 s to be answered. The first one
  // goes on only once the test lets it (after 5 s at the earliest), so that the offer can be
  // checked on a slow test machine before the answer arrives.
  let letFirstGo: () => void = () => {};
  const firstMayGo = new Promise<void>((done) => (letFirstGo = done));
  let creates = 0;
  await page.route(/\/api\/pilgrims(\?|$)/, async (route) => {
    if (route.request().method() === 'POST') {
      const wait = new Promise((done) => setTimeout(done, 5_000));
      await Promise.all([wait, ++creates === 1 ? firstMayGo : null]);
    }
    await route.continue();
  });

  await page.goto('/traveler-registration');
  await expect(page.getByLabel('First name')).toBeFocused();
  await typeTraveler(page, {
    firstName: 'Lucía',
    lastName: 'Fernández',
    country: 'spai',
    passport: 'X1234567',
  });
  await page.getByLabel('Front of the document').setInputFiles({
    name: 'passport.jpg',
    mimeType: 'image/jpeg',
    buffer: await documentPhoto(page, 'Passport'),
  });
  await page.getByRole('button', { name: 'Save record' }).click();

  // After a few seconds without an answer: go on, and the first is sent in the background.
  const next = page.getByRole('button', { name: 'Continue with the next traveler' });
  await expect(next).toBeVisible();
  await expectAccessible(page);
  await next.click();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByLabel('First name')).toHaveValue('');
  const indicator = page.getByRole('banner').getByRole('region', {
    name: 'Registrations being sent',
  });
  await expect(indicator).toContainText('Sending 1 registration…');
  // The indicator fits a phone: no horizontal scroll at 360 px.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(indicator).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  await typeTraveler(page, {
    firstName: 'Hans',
    lastName: 'Weber',
    country: 'germ',
    passport: 'C01X00T47',
  });
  // Saved while the first is still on the wire: it waits for its turn (one upload at a time).
  await page.getByRole('button', { name: 'Save record' }).click();
  await page.waitForTimeout(1_000);
  expect(creates).toBe(1);
  // The first one is saved: told in the header, with its report number and a link; then the
  // form's own save goes.
  letFirstGo();
  const first = indicator.getByRole('link', { name: /^Saved: Lucía Fernández \(\d{4}\/\d+\)$/ });
  await expect(first).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  await expect(page.getByRole('heading', { name: 'Record saved' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Hans Weber')).toBeVisible();
  expect(creates).toBe(2);

  // Both are registered, once each.
  await page.getByRole('link', { name: 'Go to clients' }).click();
  await expect(page.getByText('2 travelers')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Lucía Fernández' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Hans Weber' })).toBeVisible();
  // Report numbers in the order of the saves.
  const listed = await page.request.get('/api/pilgrims', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await listed.json()) as {
    data: Array<{ firstName: string; reportNumber: string }>;
  };
  const number = (name: string) =>
    Number(data.find((traveler) => traveler.firstName === name)?.reportNumber.split('/')[1]);
  expect(number('Lucía')).toBeLessThan(number('Hans'));
});

test('with no establishment, registration says to create one first and links to the profile', async ({
  page,
  mail,
  baseURL,
}) => {
  const { token } = await createOwner(page.request, mail, baseURL!, { prefix: 'desk' });
  const mine = await page.request.get('/api/establishments/user', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await mine.json()) as { data: Array<{ id: string }> };
  for (const { id } of data) {
    const removed = await page.request.delete(`/api/establishments/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.ok()).toBe(true);
  }
  await signIn(page, token, baseURL!);
  await page.goto('/traveler-registration');
  await expect(page.getByText('You must create an establishment first')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Create an establishment in your profile' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=establishments/);
  await expect(page.getByText('No establishment yet')).toBeVisible();
});

test('an owner reads the declaración responsable in their language, signs it on screen and downloads the PDF', async ({
  page,
  mail,
  baseURL,
}) => {
  const { token } = await createOwner(page.request, mail, baseURL!, { prefix: 'declaration' });
  await signIn(page, token, baseURL!);
  // On a phone's width: the statement, the pad and the buttons fit.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/profile?tab=establishments');
  const roque = page.getByRole('article', { name: 'Albergue San Roque' });
  await roque.getByRole('button', { name: /Declaración responsable.*not signed/ }).click();
  await roque.getByRole('button', { name: 'Sign the declaration (Albergue San Roque)' }).click();
  const declaration = roque.getByRole('form', {
    name: 'Sign the declaración responsable of Albergue San Roque',
  });
  await expect(declaration.getByText(/Royal Decree 933\/2021/)).toBeVisible();
  await sign(page, 'Your signature');
  await expectAccessible(page);
  await declaration.getByRole('button', { name: 'Sign and save' }).click();
  await expect(page.getByText(/Declaration signed: valid until/)).toBeVisible();
  await expect(
    roque.getByRole('button', { name: /Declaración responsable.*valid until/ }),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const saving = page.waitForEvent('download');
  await roque.getByRole('button', { name: /^Download PDF/ }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toMatch(/^declaracion-responsable-.+\.pdf$/);
  expect(
    fs
      .readFileSync(await saved.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});
