import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN, expect, expectAccessible, screenshotDir, test } from '../fixtures';

async function expectHead(page: Page, title: string, path: string, lng: string) {
  await expect(page).toHaveTitle(title);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(17);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="alternate"][hreflang="ca-valencia"]')).toHaveAttribute(
    'href',
    `${origin}${path}?lng=va`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    `${origin}${path}`,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${origin}${path}?lng=${lng}`,
  );
}

test('a visitor lands on the home page in Spanish and in English, on a phone and on a desktop', async ({
  page,
}) => {
  await page.goto('/?lng=es');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Registre a sus huéspedes en minutos, como pide la ley',
    }),
  ).toBeVisible();
  await expectHead(page, 'Hospes · Registro de viajeros para alojamientos en España', '/', 'es');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /Prueba gratuita de 14 días/,
  );
  await expect(page.getByText('Desde 1,49 € al mes, según habitaciones y camas.')).toBeVisible();
  // No testimonials are configured here: the section is not shown.
  await expect(page.getByRole('heading', { name: 'Lo que dicen los alojamientos' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/?lng=en');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Register your guests in minutes, the way Spanish law asks',
    }),
  ).toBeVisible();
  await expectHead(page, 'Hospes · Guest registration for lodgings in Spain', '/', 'en');
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Features', 'Guide', 'Contact', 'Log in', 'Register']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.getByText('Is there a minimum term?').click();
  await expect(
    page.getByText('There is no sign-up fee and no minimum term; the subscription renews'),
  ).toBeVisible();
  await expectAccessible(page);

  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshotDir, 'landing-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: path.join(screenshotDir, 'landing-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('#main-menu').getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
});

test('a visitor compares monthly and annual prices, in English and in Spanish', async ({
  page,
}) => {
  await page.goto('/pricing?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expectHead(page, 'Pricing · Hospes', '/pricing', 'en');
  const box = page.getByTestId('starting-price');
  await expect(box).toContainText('€1.49 per month');
  await expect(box).toContainText('€17.88 over 12 months');
  await expectAccessible(page);

  await page.locator('label').filter({ hasText: 'Annual' }).click();
  await expect(page.getByRole('radio', { name: /Annual/ })).toBeChecked();
  await expect(box).toContainText('€13.41 per year');
  await expect(box).toContainText(
    'about €1.12 per month, €4.47 less than paying monthly (25% off)',
  );
  const basic = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Basic' }) });
  await expect(basic).toContainText('From €13.41 per year');
  for (const plan of ['Basic', 'Professional', 'Enterprise', 'Custom plan']) {
    await expect(page.getByRole('heading', { level: 3, name: plan })).toBeVisible();
  }
  await expect(page.getByText('Up to 20 registrations per month')).toBeVisible();
  await expect(
    page.getByText('Unlimited registrations, establishments, users and storage'),
  ).toBeVisible();
  await expectAccessible(page);

  await page.goto('/pricing?lng=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Precios' })).toBeVisible();
  await expect(box).toContainText(/1,49\s€ al mes/);
  await page.locator('label').filter({ hasText: 'Anual' }).click();
  await expect(box).toContainText(/13,41\s€ al año/);
  await expectAccessible(page);
});

test('a visitor reads the features and follows the guide from the header', async ({ page }) => {
  await page.goto('/?lng=en');
  await page.getByRole('banner').getByRole('link', { name: 'Guide' }).click();
  await expect(page).toHaveURL(/\/features#how-it-works$/);
  await expect(page.getByRole('heading', { name: 'How it works: a short guide' })).toBeInViewport();
  await expectHead(page, 'Features · Hospes', '/features', 'en');
  await expect(page.getByRole('heading', { name: 'Planned, not available yet' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/features?lng=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Funcionalidades' })).toBeVisible();
  await expectAccessible(page);
});

test('a visitor reads the legal pages in Spanish and in English', async ({ page }) => {
  const pages = [
    { path: '/legal-notice', es: 'Aviso legal', en: 'Legal notice' },
    { path: '/privacy', es: 'Política de privacidad', en: 'Privacy policy' },
    { path: '/terms', es: 'Términos y condiciones', en: 'Terms and conditions' },
    { path: '/cookies', es: 'Política de cookies', en: 'Cookie policy' },
  ];
  for (const lng of ['es', 'en'] as const) {
    for (const legal of pages) {
      await page.goto(`${legal.path}?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1, name: legal[lng] })).toBeVisible();
      await expectHead(page, `${legal[lng]} · Hospes`, legal.path, lng);
      if (legal.path !== '/cookies') {
        // The e2e server sets no operator details: the page says so instead of inventing them.
        await expect(page.getByTestId('operator-notice')).toContainText(
          lng === 'es'
            ? 'El titular aún no ha configurado sus datos'
            : 'The operator has not configured its details yet',
        );
      }
      await expectAccessible(page);
    }
  }
  await page.goto('/privacy?lng=en');
  await expect(
    page.getByText('The traveler register: 3 years from the end of each stay'),
  ).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy' }).click();
  await expect(page).toHaveURL(/\/cookies$/);
  const table = page.getByRole('table', { name: 'What Hospes stores in your browser' });
  for (const name of ['hospes_session', 'i18next', 'i18nextLng', 'theme', 'cookieConsent']) {
    await expect(table.getByRole('rowheader', { name, exact: true }).first()).toBeVisible();
  }
});

test('a visitor sends a message from the contact page and it reaches support, stored', async ({
  page,
  mail,
}) => {
  await page.goto('/contact?lng=en');
  await expect(page).toHaveURL(/\/contacto\?lng=en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  await expectHead(page, 'Contact · Hospes', '/contacto', 'en');
  await expect(
    page.getByText('Monday to Friday, 9:00–18:00 (Spain time)', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page);

  // Bad input is caught on the fields before anything is sent.
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('This field is required');
  await expectAccessible(page);

  const before = mail.messages.length;
  await page.getByLabel('Name').fill('Marta Iglesias');
  await page.getByLabel('Email').fill('marta.e2e@example.com');
  await page.getByLabel('Company or establishment (optional)').fill('Albergue O Cebreiro');
  await page.getByLabel('What is it about?').selectOption('sales');
  await page
    .getByLabel('Message', { exact: true })
    .fill('We have 24 beds: what would the annual plan cost?');
  const answer = page.waitForResponse(
    (res) => res.url().includes('/api/contact') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Send message' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { id: string } };

  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();
  await expect(
    page.getByText(
      'Thank you, Marta Iglesias. We will answer at marta.e2e@example.com within 24 hours',
    ),
  ).toBeVisible();
  await expectAccessible(page);

  const received = await mail.waitFor('support@hospes.test', { after: before });
  expect(received.subject).toBe('[Contacto Hospes · Ventas] Marta Iglesias');
  expect(received.raw).toMatch(/^Reply-To: marta\.e2e@example\.com\r?$/im);
  expect(received.text).toContain('We have 24 beds: what would the annual plan cost?');
  // The reference in the e-mail is the id of the row the server stored.
  expect(received.text).toContain(`Referencia: ${data.id}`);

  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Marta Iglesias');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
});

test('search engines find a sitemap of the public pages in every language, and robots.txt', async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  expect(xml.match(/<url>/g)).toHaveLength(8 * 16);
  expect(xml).toContain(`<loc>${baseURL}/pricing?lng=en</loc>`);
  expect(xml).toContain(`hreflang="ca-valencia" href="${baseURL}/contacto?lng=va"`);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('a signed-in user who opens the home page goes to the client list', async ({ page }) => {
  await page.goto('/login?lng=en');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Features' })).toHaveCount(0);
});
