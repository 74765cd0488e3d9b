import { createOwner, signIn, updateEstablishment } from '../support';
import { expect, test } from '../fixtures';

// Temporary probe (not committed): where the height of the self check-in and the walk-in goes.
test('probe', async ({ browser, mail, baseURL }) => {
  test.setTimeout(200_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-US' });
  const page = await context.newPage();
  const owner = await createOwner(page.request, mail, baseURL!, { prefix: 'probe', establishmentName: 'Albergue' });
  await updateEstablishment(page.request, owner, { walkInNights: 1, defaultPaymentType: 'EFECT', emergencyContactOptional: true });
  const link = await page.request.get(`/api/establishments/${owner.establishmentId}/checkin-link`, { headers: { authorization: `Bearer ${owner.token}` } });
  const { token } = ((await link.json()) as { data: { token: string } }).data;
  await page.goto(`/registro-viajero?t=${token}&lng=en`);
  await expect(page.locator('main form input').first()).toBeVisible({ timeout: 30_000 });
  const dump = () => page.evaluate(() => {
    const out: string[] = [`page ${document.documentElement.scrollHeight}`];
    const walk = (el: Element, depth: number) => {
      for (const child of Array.from(el.children)) {
        const r = child.getBoundingClientRect();
        if (r.height < 1) continue;
        const label = (child.tagName + ' ' + (child.getAttribute('class') ?? '').slice(0, 40) + ' ' + (child.textContent ?? '').slice(0, 40)).replace(/\s+/g, ' ');
        out.push(`${'  '.repeat(depth)}${Math.round(r.top + scrollY)} +${Math.round(r.height)} ${label}`);
        if (depth < 3 && (child.tagName === 'FORM' || child.tagName === 'MAIN' || child.tagName === 'BODY' || child.id === 'root' || depth < 2)) walk(child, depth + 1);
      }
    };
    walk(document.body, 0);
    return out.join('\n');
  });
  console.log(await dump());
  console.log(await page.evaluate(() => Array.from(document.querySelectorAll('main form > *, main form > * > *')).map((e) => `${Math.round(e.getBoundingClientRect().height)} ${e.tagName} ${(e.textContent ?? '').slice(0, 50)}`).join('\n')));
  console.log(await page.evaluate(() => Array.from(document.querySelector('main > div')!.children).map((e) => `${Math.round(e.getBoundingClientRect().height)} ${e.tagName} ${(e.textContent ?? '').slice(0, 50)}`).join('\n')));
  await page.screenshot({ path: '/tmp/screens/self.png', fullPage: true });
  await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
  await signIn(page, owner.token, baseURL!);
  await page.goto('/traveler-registration');
  await page.getByRole('radio', { name: 'Walk-in' }).click();
  await expect(page.getByLabel('First name')).toBeFocused();
  console.log(await page.locator('main form').first().evaluate((e) => e.getBoundingClientRect().height));
  await page.locator('main form').first().screenshot({ path: '/tmp/screens/walkin.png' });
  await page.getByRole('radio', { name: 'Manual' }).click();
  await page.locator('main form').first().screenshot({ path: '/tmp/screens/manual.png' });
});
