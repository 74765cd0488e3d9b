import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { createOwner } from '../support';

const locales = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/locales',
);
const NAMESPACES = ['common', 'auth', 'marketing', 'legal', 'contact'];

function strings(lng: string): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.add(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const ns of NAMESPACES)
    walk(JSON.parse(fs.readFileSync(path.join(locales, lng, `${ns}.json`), 'utf8')));
  return out;
}

/**
 * Spanish or English interface texts that show on the page although the language is another one:
 * whole texts from the es/en locale files (ignoring those the language writes the same way, such
 * as brand names and codes), found in the page's visible text.
 */
async function leftovers(page: Page, lng: string): Promise<string[]> {
  const own = strings(lng);
  const foreign = [...strings('es'), ...strings('en')].filter(
    (s) => s.length >= 12 && !s.includes('{{') && !s.includes('<') && !own.has(s),
  );
  const visible = await page.locator('body').innerText();
  return [...new Set(foreign.filter((s) => visible.includes(s)))];
}

const PAGES = [
  { path: '/', heading: 1 },
  { path: '/pricing', heading: 1 },
  { path: '/contacto', heading: 1 },
  { path: '/register', heading: 1 },
];

for (const lng of ['ar', 'ja', 'eu']) {
  test(`a visitor reads the landing, pricing, contact and registration pages in ${lng}`, async ({
    page,
  }) => {
    for (const { path: p } of PAGES) {
      await page.goto(`${p}?lng=${lng}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await leftovers(page, lng), `${p} in ${lng} shows Spanish or English texts`).toEqual(
        [],
      );
      await expectAccessible(page);
    }
  });
}

test('Valencian is served as its own locale, tagged ca-valencia', async ({ page }) => {
  await page.goto('/?lng=va');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ca-valencia');
  const va = JSON.parse(fs.readFileSync(path.join(locales, 'va', 'marketing.json'), 'utf8')) as {
    meta?: { landing?: { title?: string } };
  };
  if (va.meta?.landing?.title) await expect(page).toHaveTitle(va.meta.landing.title);
});

test('in Arabic the pages run right to left and a pilgrim can still sign on the pad', async ({
  page,
  mail,
  baseURL,
}) => {
  const owner = await createOwner(page.request, mail, baseURL!, { prefix: 'rtl' });
  const link = await page.request.get(`/api/establishments/${owner.establishmentId}/checkin-link`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const { token } = ((await link.json()) as { data: { token: string } }).data;
  const ar = JSON.parse(fs.readFileSync(path.join(locales, 'ar', 'clients.json'), 'utf8')) as {
    signature: { label: string; signed: string; clear: string };
  };

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/registro-viajero?t=${token}&lng=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The page shows before the app's code (decision 079); the pad draws once the app is there.
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  const pad = page.getByRole('img', { name: ar.signature.label });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  // Drawn from the right edge, as a right-to-left writer starts.
  await page.mouse.move(box.x + box.width - 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(
      box.x + box.width - 20 - i * 15,
      box.y + box.height * (i % 2 ? 0.3 : 0.7),
      {
        steps: 3,
      },
    );
  }
  await page.mouse.up();
  await expect(page.getByText(ar.signature.signed)).toBeVisible();
  await expect(page.getByRole('button', { name: ar.signature.clear })).toBeEnabled();
  const noHorizontalScroll = await page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
  expect(noHorizontalScroll).toBe(true);
  await expectAccessible(page);
});

test("before the app's code has come, a pilgrim already sees the establishment and the form in their language, and what they type is kept", async ({
  page,
  mail,
  baseURL,
}) => {
  // User data in the page's markup: shown as written, never as markup.
  const establishmentName = 'Albergue "Casa <b>Lúa</b>" & Co';
  const owner = await createOwner(page.request, mail, baseURL!, {
    prefix: 'ssr',
    establishmentName,
  });
  const link = await page.request.get(`/api/establishments/${owner.establishmentId}/checkin-link`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const { token } = ((await link.json()) as { data: { token: string } }).data;
  const read = (ns: string) =>
    JSON.parse(fs.readFileSync(path.join(locales, 'de', `${ns}.json`), 'utf8')) as {
      form: Record<string, string>;
      public: Record<string, string>;
    };
  const [clients, checkin] = [read('clients'), read('checkin')];

  // The app's code hangs (a very slow connection): nothing of it arrives until released.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route('**/assets/*.js', async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  await page.goto(`/registro-viajero?t=${token}&lng=de`);

  // The server's page: German, the establishment's name, the form's labels; sending waits.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: checkin.public.title })).toBeVisible();
  await expect(page.getByText(establishmentName, { exact: false }).first()).toBeVisible();
  await expect(page.getByLabel(clients.form.firstName!, { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: clients.form.nationality })).toBeVisible();
  const send = page.getByRole('button', { name: checkin.public.submit });
  await expect(send).toBeDisabled();
  // A button only the app can serve waits for it: a tap is not lost on a page that cannot answer.
  const legal = page.getByRole('button', { name: checkin.public.consentTitle, exact: true });
  await expect(legal).toBeDisabled();
  await expect.poll(() => held).toBeGreaterThan(0);
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'de');

  // Typed before the app came.
  await page.getByLabel(clients.form.firstName!, { exact: true }).fill('Johanna');
  await page.getByLabel(clients.form.lastName!, { exact: true }).fill('Müller');
  await page.getByLabel(clients.form.lastName!, { exact: true }).press('Enter');
  // Enter sends nothing natively (the page's address stays as it was, no fields in it).
  await expect(page).toHaveURL(new RegExp(`/registro-viajero\\?t=${token}&lng=de$`));

  // The code arrives: the app takes over with what was typed, and sending is possible.
  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(send).toBeEnabled();
  await expect(legal).toBeEnabled();
  await expect(page.getByLabel(clients.form.firstName!, { exact: true })).toHaveValue('Johanna');
  await expect(page.getByLabel(clients.form.lastName!, { exact: true })).toHaveValue('Müller');
  await expect(page.getByLabel(clients.form.lastName!, { exact: true })).toBeFocused();
  await expectAccessible(page);
});
