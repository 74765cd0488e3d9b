import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';

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
    await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
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
