/**
 * Plans and billing (issue 35, decision 070): an owner on Basic reaches the 20 registrations of
 * the month at the desk, is refused the 21st with the way to upgrade, pays Professional through
 * the (local) Stripe checkout, and goes on registering. The server runs with billing on, its
 * Stripe API the local stand-in, whose checkout page sends the signed webhooks.
 */
import type { Page } from '@playwright/test';
import { travelerBody } from '../../apps/server/test/traveler-factories';
import { expect, expectAccessible, test } from '../fixtures';
import { createOwner, sign, signIn, updateEstablishment } from '../support';

test.use({ billing: true });

/** At the desk, in its walk-in mode, reached through the menu (no reload: the queue stays). */
async function registerWalkIn(page: Page, first: string, passport: string) {
  const newStay = page.getByRole('button', { name: 'New stay' });
  if (await newStay.isVisible()) await newStay.click();
  else {
    await page.getByRole('link', { name: 'Traveler registration' }).click();
    await page.getByRole('radio', { name: 'Walk-in' }).click();
  }
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('First surname').fill('Byrne');
  const nationality = page.getByRole('combobox', { name: 'Nationality' });
  await nationality.fill('irel');
  await nationality.press('Enter');
  await page.getByLabel('Date of birth').fill('1985-06-02');
  await page.getByLabel('Sex').selectOption('F');
  await page.getByLabel('Document number').fill(passport);
  await page.getByLabel('Email', { exact: true }).fill('byrne@example.ie');
  await page.getByLabel('Phone', { exact: true }).fill('+353 1 555 0101');
  await sign(page);
  await page.getByRole('button', { name: 'Save record' }).click();
}

test('an owner on Basic reaches the month’s limit, upgrades through the checkout and goes on registering', async ({
  page,
  mail,
  baseURL,
  stack,
}) => {
  test.setTimeout(480_000);
  const stripe = stack.stripe!;
  // The operator's Professional price in Stripe (a plan by quote: none is invented by Hospes).
  stripe.addPrice('hospes_professional_monthly', 4900, 'month');
  const owner = await createOwner(page.request, mail, baseURL!, { prefix: 'billing' });
  await updateEstablishment(page.request, owner, {
    walkInNights: 1,
    emergencyContactOptional: true,
  });
  const headers = { authorization: `Bearer ${owner.token}` };

  // The owner subscribed to Basic after the trial (through the same checkout), and has
  // registered 19 travelers this month.
  const checkout = await page.request.post('/api/billing/checkout', {
    headers,
    data: { plan: 'basic', interval: 'monthly' },
  });
  expect(checkout.status()).toBe(200);
  const sessionUrl = ((await checkout.json()) as { data: { url: string } }).data.url;
  await stripe.completeCheckout(sessionUrl.split('/').pop()!);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/billing', { headers })).json()) as {
            data: { plan: string; state: string };
          }
        ).data,
      { timeout: 30_000 },
    )
    .toMatchObject({ plan: 'basic', state: 'active' });
  for (let i = 0; i < 19; i++) {
    const res = await page.request.post('/api/pilgrims', {
      headers,
      data: travelerBody(owner.establishmentId),
    });
    expect(res.status()).toBe(201);
  }

  await signIn(page, owner.token, baseURL!);
  await page.getByRole('link', { name: 'Plan', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plan and billing' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Basic' })).toBeVisible();
  await expect(page.getByText('19 of 20')).toBeVisible();
  await expectAccessible(page);

  // The 20th is registered; the 21st is refused, and the banner offers the plans.
  await registerWalkIn(page, 'Siobhan', 'PB1234567');
  await expect(page.getByRole('heading', { name: 'Saved: Siobhan Byrne' })).toBeVisible();
  await registerWalkIn(page, 'Aoife', 'PB7654321');
  const banner = page.getByTestId('billing-banner');
  await expect(banner).toContainText('(20)', { timeout: 30_000 });
  await expectAccessible(page);
  // The refused traveler stays in the form; the owner leaves it for the plans.
  await banner.getByRole('link', { name: 'See plans' }).click();
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByText('20 of 20')).toBeVisible();

  // Professional, confirmed on Stripe's (local) page as a change of the same subscription, back
  // to the billing page, active.
  await page.getByRole('button', { name: 'Choose Professional' }).click();
  await expect(
    page.getByRole('heading', { name: 'Confirm your new plan (local Stripe)' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/billing\?checkout=success&plan=professional/);
  await expect(page.getByRole('heading', { level: 2, name: 'Professional' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Thank you! Your plan is active.')).toBeVisible();
  await expect(page.getByText('20 of 100')).toBeVisible();
  await expectAccessible(page);

  // And the desk registers again: the refused traveler, then the next.
  await registerWalkIn(page, 'Aoife', 'PB7654321');
  await expect(page.getByRole('heading', { name: 'Saved: Aoife Byrne' })).toBeVisible();
  await registerWalkIn(page, 'Niamh', 'PB2468135');
  await expect(page.getByRole('heading', { name: 'Saved: Niamh Byrne' })).toBeVisible();
  await page.getByRole('link', { name: 'Plan', exact: true }).click();
  await expect(page.getByText('22 of 100')).toBeVisible();

  // At 360 px the page still reads.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('heading', { level: 2, name: 'Professional' })).toBeVisible();
  await expectAccessible(page);
});
