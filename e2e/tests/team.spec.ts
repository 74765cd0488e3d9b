import { linkIn } from '../../apps/server/test/smtp';
import { expect, expectAccessible, test } from '../fixtures';
import { createOwner, documentPhoto, sign, signIn } from '../support';

test('an owner invites a receptionist, who joins on a phone, registers a traveler, is refused the export and is named in the history', async ({
  page,
  browser,
  request,
  mail,
  baseURL,
}) => {
  // Two browsers and a registration with a photo: on a busy machine, more than a minute.
  test.setTimeout(600_000);
  const owner = await createOwner(request, mail, baseURL!, { prefix: 'team-owner' });
  await signIn(page, owner.token, baseURL!);

  // The owner invites Rosa as a receptionist from the team page.
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const email = `rosa-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('receptionist');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toContainText(email);
  await expectAccessible(page);
  const link = linkIn(await mail.waitFor(email), `${baseURL}/join?token=`);

  // On her phone she opens the link, chooses a password and lands at the desk.
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'en-US',
    baseURL,
  });
  await phone.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
  const mobile = await phone.newPage();
  await mobile.goto(link);
  await expect(
    mobile.getByText('You are invited to join “Albergue San Roque” as Receptionist.'),
  ).toBeVisible();
  await expectAccessible(mobile);
  await mobile.getByLabel('Your name').fill('Rosa Recepción');
  await mobile.getByLabel('Password').fill('recepcion-de-noche-2026');
  await mobile.getByRole('button', { name: 'Create my account and join' }).click();
  await expect(mobile).toHaveURL(/\/traveler-registration/);

  // She registers a traveler with a passport.
  await mobile.getByLabel('First name').fill('Hans');
  await mobile.getByLabel('First surname').fill('Weber');
  const nationality = mobile.getByRole('combobox', { name: 'Nationality' });
  await nationality.fill('germ');
  await expect(mobile.getByRole('option', { name: 'Germany' })).toBeVisible();
  await nationality.press('Enter');
  await mobile.getByLabel('Date of birth').fill('1975-11-02');
  await mobile.getByLabel('Sex').selectOption('M');
  await mobile.getByLabel('Document type').selectOption('P');
  await mobile.getByLabel('Document number').fill('C01X00T47');
  await mobile.getByLabel('Front of the document').setInputFiles({
    name: 'front.jpg',
    mimeType: 'image/jpeg',
    buffer: await documentPhoto(mobile, 'Passport'),
  });
  await mobile.getByLabel('Email', { exact: true }).fill('hans@example.com');
  await mobile.getByLabel('Phone', { exact: true }).fill('+49 170 1234567');
  await mobile.getByLabel('Emergency contact name').fill('Greta Weber');
  await mobile.getByLabel('Emergency contact phone').fill('+49 170 7654321');
  await mobile.getByLabel('Relationship').selectOption('spouse');
  await sign(mobile);
  await mobile.getByRole('button', { name: 'Save record' }).click();
  await expect(mobile.getByRole('heading', { name: 'Record saved' })).toBeVisible();

  // The list offers her no export, and the server refuses it all the same.
  await mobile.goto('/clients');
  await expect(mobile.getByText('Hans Weber').first()).toBeVisible({ timeout: 30_000 });
  await expect(mobile.getByRole('button', { name: 'Export' })).toHaveCount(0);
  const refused = await mobile.request.get(
    `/api/pilgrims/export?establishmentId=${owner.establishmentId}`,
  );
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  // Her record page offers the editing, not the deletion, the photos or the history (decision 062).
  await mobile.getByRole('link', { name: 'View Hans Weber' }).click();
  await expect(mobile.getByRole('heading', { level: 1, name: 'Hans Weber' })).toBeVisible();
  await expect(mobile.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
  await expect(mobile.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(mobile.getByRole('heading', { name: 'Uploaded documents' })).toHaveCount(0);
  await expect(mobile.getByRole('button', { name: 'History of this record' })).toHaveCount(0);
  await phone.close();

  // The owner's history of the record names her.
  await page.goto('/clients');
  await page.getByRole('link', { name: 'View Hans Weber' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hans Weber' })).toBeVisible();
  await page.getByRole('button', { name: 'History of this record' }).click();
  const history = page.getByRole('list').filter({ hasText: 'Registered' });
  await expect(history.getByText(/Rosa Recepción/).first()).toBeVisible({ timeout: 30_000 });
});
