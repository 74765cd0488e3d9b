/**
 * Rush hour at an albergue (issue 28): ten pilgrims arrive at once. They register themselves on
 * their phones from the poster's QR code, each in their own language, while the hospitalero
 * confirms them at the desk as they appear, without reloading the page.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { alpha2FromAlpha3 } from '@hospes/shared/countries';
import { appTookOver, createOwner, signIn, updateEstablishment } from '../support';
import { expect, test } from '../fixtures';

interface Pilgrim {
  lng: string;
  firstName: string;
  lastName: string;
  nationality: string;
  passport: string;
  dateOfBirth: string;
  gender: 'F' | 'M';
  city: string;
  postalCode: string;
}

// Two pilgrims in each of five languages.
const PILGRIMS: Pilgrim[] = [
  ['en', 'Emily', 'Walker', 'GBR', 'P1000001', 'SW1A 1AA', 'London'],
  ['de', 'Jonas', 'Keller', 'DEU', 'P1000002', '80331', 'München'],
  ['fr', 'Camille', 'Roux', 'FRA', 'P1000003', '69001', 'Lyon'],
  ['it', 'Giulia', 'Bianchi', 'ITA', 'P1000004', '20121', 'Milano'],
  ['ko', 'Minji', 'Kim', 'KOR', 'P1000005', '04524', 'Seoul'],
  ['en', 'Liam', 'Murphy', 'IRL', 'P1000006', 'D02 X285', 'Dublin'],
  ['de', 'Lena', 'Vogel', 'AUT', 'P1000007', '1010', 'Wien'],
  ['fr', 'Hugo', 'Lefèvre', 'BEL', 'P1000008', '1000', 'Bruxelles'],
  ['it', 'Marco', 'Russo', 'ITA', 'P1000009', '00184', 'Roma'],
  ['ko', 'Jihoon', 'Park', 'KOR', 'P1000010', '48058', 'Busan'],
].map(([lng, firstName, lastName, nationality, passport, postalCode, city], index) => ({
  lng: lng!,
  firstName: firstName!,
  lastName: lastName!,
  nationality: nationality!,
  passport: passport!,
  postalCode: postalCode!,
  city: city!,
  dateOfBirth: `19${70 + index}-0${(index % 9) + 1}-1${index}`,
  gender: index % 2 ? 'M' : 'F',
}));

function watchErrors(page: Page, problems: string[]) {
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text()))
      problems.push(`console.error: ${msg.text()}`);
  });
}

/** A field of the traveler form by its name, whatever the language of its label. */
const named = (scope: Page | Locator, name: string) => scope.locator(`[name="${name}"]`);

/** Chooses a country in a type-ahead by its name in the page's language. */
async function chooseCountry(page: Page, input: Locator, alpha3: string, lng: string) {
  const name = new Intl.DisplayNames([lng], { type: 'region' }).of(
    alpha2FromAlpha3(alpha3) ?? 'ZZ',
  );
  await input.fill(name ?? alpha3);
  await page.keyboard.press('Enter');
}

/** Signs on the form's signature pad (the page's only canvas before sending) with a zigzag. */
async function signPad(page: Page) {
  const pad = page.locator('main form canvas').first();
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(box.x + 30 + i * 20, box.y + box.height * (i % 2 ? 0.3 : 0.7), {
      steps: 2,
    });
  }
  await page.mouse.up();
}

/** One pilgrim on their own phone (360 × 740, their language) registers from the poster's link. */
async function registerOnPhone(
  browser: Browser,
  link: string,
  pilgrim: Pilgrim,
  index: number,
  problems: string[],
) {
  const phone: BrowserContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: pilgrim.lng,
    // Ten phones, ten addresses (the self check-in is limited per address).
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${10 + index}` },
  });
  try {
    const page = await phone.newPage();
    watchErrors(page, problems);
    await page.goto(link);
    await appTookOver(page);
    // The page speaks the phone's language.
    await expect(page.locator('html')).toHaveAttribute('lang', pilgrim.lng);
    const form = page.locator('main form');
    await expect(named(form, 'firstName')).toBeVisible({ timeout: 20_000 });
    await named(form, 'firstName').fill(pilgrim.firstName);
    await named(form, 'lastName').fill(pilgrim.lastName);
    await chooseCountry(
      page,
      form.locator('[id$="-nationality"]'),
      pilgrim.nationality,
      pilgrim.lng,
    );
    await named(form, 'dateOfBirth').fill(pilgrim.dateOfBirth);
    await named(form, 'gender').selectOption(pilgrim.gender);
    await named(form, 'passportNumber').fill(pilgrim.passport);
    const mail = `${pilgrim.firstName.toLowerCase()}@example.org`;
    await named(form, 'contactInfo.email').fill(mail);
    await named(form, 'contactInfo.phone').fill(`+34 600 000 1${String(index).padStart(2, '0')}`);
    await named(form, 'emergencyContact.name').fill(`${pilgrim.lastName} family`);
    await named(form, 'emergencyContact.phone').fill('+44 20 7946 0000');
    await named(form, 'emergencyContact.relationship').selectOption('parent');
    // The home address, which the parte needs: its section opens on demand.
    await form.locator('button[aria-expanded="false"]').first().click();
    await named(form, 'address.street').fill(`${index + 1} Camino Street`);
    await chooseCountry(
      page,
      form.locator('[id$="-address-country"]'),
      pilgrim.nationality,
      pilgrim.lng,
    );
    await named(form, 'address.postalCode').fill(pilgrim.postalCode);
    await named(form, 'address.municipalityName').fill(pilgrim.city);
    await signPad(page);
    // The pad takes the stroke once it stays where it was measured: the notes of the home address
    // leave it (the parte's check runs once typing pauses) and the page moves up under the
    // stroke now and then; a person signs again, so does the test.
    const clear = page.locator('main form fieldset:has(canvas) button').first();
    if (await clear.isDisabled()) await signPad(page);
    await expect(clear).toBeEnabled();
    await form.locator('[id$="-consent"]').check();
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('confirmation-code')).toBeVisible({ timeout: 30_000 });
  } finally {
    await phone.close();
  }
}

test('ten pilgrims register themselves from the poster on their phones in five languages while the desk confirms each as it appears, and the day’s parte takes all ten', async ({
  page,
  browser,
  mail,
  baseURL,
  stack,
}) => {
  test.setTimeout(600_000);
  const problems: string[] = [];
  const owner = await createOwner(page.request, mail, baseURL!, {
    prefix: 'rush',
    establishmentName: 'Albergue de Peregrinos Rush',
  });
  const auth = { authorization: `Bearer ${owner.token}` };
  // The codes the Ministry assigned, and the report defaults of an albergue (cash, one night).
  await updateEstablishment(page.request, owner, {
    establishmentCode: 'H150000321',
    landlordCode: stack.ses.landlordCode,
    defaultPaymentType: 'EFECT',
    walkInNights: 1,
  });

  // The desk shows the poster; its QR code holds the self check-in link printed under it.
  await signIn(page, owner.token, baseURL!);
  await page.goto(`/checkin-poster?establishmentId=${owner.establishmentId}&lng=en`);
  const poster = page.getByRole('article', { name: 'Albergue de Peregrinos Rush' });
  const link = (await poster.getByTestId('checkin-poster-link').textContent())?.trim() ?? '';
  expect(link).toMatch(/\/registro-viajero\?t=[A-Za-z0-9_-]{32}$/);
  await expect(
    poster.getByRole('img', { name: 'QR code of the self check-in link' }),
  ).toHaveAttribute('data-qr-text', link);

  // The desk's registration page, opened once: from here on, no reload.
  await page.getByRole('link', { name: 'Back to the desk' }).click();
  const queue = page.getByRole('region', { name: 'Arrivals to confirm' });
  await expect(queue.getByText('Waiting: 0')).toBeVisible();
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });

  // The pilgrims, two phones at a time…
  const phones = (async () => {
    for (let i = 0; i < PILGRIMS.length; i += 2) {
      await Promise.all(
        PILGRIMS.slice(i, i + 2).map((pilgrim, j) =>
          registerOnPhone(browser, link, pilgrim, i + j, problems),
        ),
      );
    }
  })();

  // …while the hospitalero confirms each one as it appears: open, compare, confirm.
  const confirmed: string[] = [];
  const desk = (async () => {
    while (confirmed.length < PILGRIMS.length) {
      const next = queue.getByRole('button', { name: /^Check and confirm / }).first();
      await next.waitFor({ timeout: 240_000 });
      const name = ((await next.getAttribute('aria-label')) ?? '').replace(
        'Check and confirm ',
        '',
      );
      await next.click();
      const review = page.getByRole('region', { name: 'Check and confirm the registration' });
      await expect(review).toBeVisible({ timeout: 20_000 });
      const [first, last] = name.split(' ');
      await expect(named(review, 'firstName')).toHaveValue(first ?? '');
      await expect(named(review, 'lastName')).toHaveValue(last ?? '');
      await review.getByRole('button', { name: 'Save and confirm' }).click();
      await expect(page.getByText(`${name}: arrival confirmed.`)).toBeVisible({ timeout: 30_000 });
      await expect(queue.getByRole('button', { name: `Check and confirm ${name}` })).toHaveCount(0);
      confirmed.push(name);
    }
  })();
  await Promise.all([phones, desk]);

  expect(navigations, 'the desk never reloaded').toBe(0);
  expect([...confirmed].sort()).toEqual(PILGRIMS.map((p) => `${p.firstName} ${p.lastName}`).sort());
  await expect(queue.getByText('Waiting: 0')).toBeVisible();

  // Every one is confirmed, and the parte of the day takes all ten: nothing missing.
  const listed = await page.request.get(
    `/api/pilgrims?establishmentId=${owner.establishmentId}&limit=100`,
    { headers: auth },
  );
  const travelers = (
    (await listed.json()) as {
      data: { id: string; selfRegistration: { status: string } | null; checkOutDate: string }[];
    }
  ).data;
  expect(travelers).toHaveLength(10);
  for (const traveler of travelers) {
    expect(traveler.selfRegistration?.status).toBe('confirmed');
    expect(traveler.checkOutDate).not.toBeNull();
  }
  const parte = await page.request.post(
    `/api/establishments/${owner.establishmentId}/ses-xml?lng=en`,
    { headers: auth, data: { kind: 'PV', pilgrimIds: travelers.map((t) => t.id) } },
  );
  expect(parte.status(), await parte.text()).toBe(200);
  expect(parte.headers()['x-total-count']).toBe('10');
  const xml = await parte.text();
  for (const pilgrim of PILGRIMS) expect(xml).toContain(pilgrim.passport);
  expect(problems, 'the pages logged errors').toEqual([]);
});
