import { randomInt } from 'node:crypto';
import { cifControl } from '@hospes/shared/spanish-ids';
import { linkIn } from '../../apps/server/test/smtp';
import { ADMIN, expect, expectAccessible, test } from '../fixtures';
import { createOwner, expectNoReadableSession } from '../support';

function randomCif() {
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return `B${digits}${cifControl(digits).digit}`;
}

test('a new owner registers, verifies the e-mail, logs out, resets the password and logs in again', async ({
  page,
  mail,
  baseURL,
}) => {
  const email = `owner-${Date.now()}@example.com`;
  await page.goto('/register?lng=en');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Register your establishment' }),
  ).toBeVisible();
  await expectAccessible(page);

  // Step 1: the establishment. Next refuses an empty step.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByLabel('Establishment name').fill('Albergue San Roque');
  await page.getByLabel('NIF/CIF').fill(randomCif());
  await page.getByLabel('Address').fill('Rúa do Vilar 12');
  await page.getByLabel('City').fill('Santiago de Compostela');
  await page.getByLabel('Province').fill('A Coruña');
  await page.getByLabel('Postal code').fill('15705');
  await page.getByLabel('Phone').fill('+34 981 000 000');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the contact.
  await page.getByLabel('Contact name').fill('María Núñez');
  await page.getByLabel('Contact email').fill('contacto@example.com');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: the account.
  await page.getByLabel('Your name').fill('María Núñez');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('camino-2026');
  await page.getByLabel('Confirm password').fill('camino-2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You must accept the terms and conditions').first()).toBeVisible();
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByLabel('I accept the privacy policy').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // The verification e-mail arrived at the SMTP server; its link logs the owner in.
  const verification = await mail.waitFor(email);
  expect(verification.subject).toBe('Confirm your email address for Hospes');
  const verifyLink = linkIn(verification, `${baseURL}/verify-email?token=`);
  await page.goto(verifyLink);
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Profile: María Núñez/ })).toBeVisible();
  await expectAccessible(page);

  // The session is an HttpOnly cookie: no script of the page can read it.
  await expectNoReadableSession(page);
  const session = (await page.context().cookies()).find((c) => c.name === 'hospes_session');

  // Logout ends the session on the server too, and clears the cookie.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'hospes_session'))
    .toBe(false);
  const me = await page.request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${session!.value}` },
  });
  expect(me.status()).toBe(401);

  // Forgot password → e-mail → new password.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-pass/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  const before = mail.messages.length;
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If your email exists in our database, you will receive a link soon.'),
  ).toBeVisible();
  const reset = await mail.waitFor(email, { after: before });
  await page.goto(linkIn(reset, `${baseURL}/recover-pass?token=`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('peregrino-2027');
  await page.getByLabel('Confirm new password').fill('peregrino-2027');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('camino-2026');
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('peregrino-2027');
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText('María Núñez!')).toBeVisible();
  await expectNoReadableSession(page);
  // A reload asks /me, which the cookie answers: still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expectNoReadableSession(page);
});

test('a visitor sent to login from a protected page returns there; the bootstrap admin logs in', async ({
  page,
}) => {
  await page.goto('/profile?lng=en');
  await expect(page).toHaveURL(/\/login/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText(ADMIN.email).first()).toBeVisible();
  await expectAccessible(page);
});

test('an owner made to wait by wrong passwords signs in with a link sent by e-mail', async ({
  page,
  mail,
  baseURL,
  request,
}) => {
  const owner = await createOwner(request, mail, baseURL!, { prefix: 'waiting' });
  await page.goto('/login?lng=en');
  await expect(page.getByRole('link', { name: 'Email me a sign-in link' })).toBeVisible();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  // Wrong passwords, until one has to wait (the first 3 are free; then 1 s, 2 s, 4 s…).
  const alert = page.getByRole('alert').filter({ hasText: /Invalid email or password|Too many/ });
  for (let attempt = 0; attempt < 10; attempt++) {
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(alert).toBeVisible();
    if (/Too many/.test((await alert.textContent()) ?? '')) break;
  }
  await expect(page.getByRole('alert').filter({ hasText: 'Too many' })).toBeVisible();
  await expectAccessible(page);

  const before = mail.messages.length;
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText(/you will receive a sign-in link soon/)).toBeVisible();
  const message = await mail.waitFor(owner.email, { after: before, subject: /sign-in link/ });
  await page.goto(linkIn(message, `${baseURL}/sign-in-link?token=`));
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

  // Used once: the same link again offers to send a new one.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(linkIn(message, `${baseURL}/sign-in-link?token=`));
  await expect(page.getByText(/has already been used/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send sign-in link' })).toBeVisible();
  await expectAccessible(page);
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page?lng=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  // Home is the public landing for a signed-out visitor (a user goes on to /clients).
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Registre a sus huéspedes en minutos, como pide la ley',
    }),
  ).toBeVisible();
});
