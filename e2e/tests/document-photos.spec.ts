/**
 * An owner who follows the AEPD's advice turns off keeping photos of identity documents
 * (decision 023): the desk form and the public check-in page then offer no photo, and a
 * registration keeps the data and the signature only.
 */
import { createOwner, sign, signIn } from '../support';
import { expect, expectAccessible, test } from '../fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
});

test('an establishment that keeps no photos of documents registers with the data and the signature only', async ({
  page,
  mail,
  baseURL,
  request,
}) => {
  const owner = await createOwner(request, mail, baseURL!, {
    prefix: 'nophotos',
    establishmentName: 'Albergue Sin Copias',
  });
  await signIn(page, owner.token, baseURL!);

  // The owner turns the setting off on the profile page.
  await page.goto('/profile?lng=en');
  await page.getByRole('tab', { name: 'Establishments' }).click();
  await page.getByRole('button', { name: 'Edit Albergue Sin Copias' }).click();
  const keep = page.getByRole('checkbox', { name: 'Keep photos of identity documents' });
  await expect(keep).toBeChecked();
  const pdfImages = page.getByRole('checkbox', {
    name: 'Include the document images in the registration PDF',
  });
  await expect(pdfImages).toBeVisible();
  await keep.uncheck();
  await expect(pdfImages).toHaveCount(0);
  await page.getByRole('button', { name: 'Save establishment' }).click();
  await expect(page.getByText('Establishment updated')).toBeVisible();

  // The desk form offers no photo, says why, and registers with the signature.
  await page.goto('/traveler-registration?lng=en');
  const notKept = page.getByText(
    'This establishment does not keep photos of identity documents: a scan fills in the data, and the photo is not stored.',
  );
  await expect(notKept).toBeVisible();
  await expect(page.getByLabel('Front of the document')).toHaveCount(0);
  await page.getByLabel('First name').fill('Hans');
  await page.getByLabel('First surname').fill('Weber');
  const nationality = page.getByRole('combobox', { name: 'Nationality' });
  await nationality.fill('germ');
  await expect(page.getByRole('option', { name: 'Germany' })).toBeVisible();
  await nationality.press('Enter');
  await page.getByLabel('Date of birth').fill('1975-11-02');
  await page.getByLabel('Sex').selectOption('M');
  await page.getByLabel('Document number').fill('C01X00T47');
  await page.getByLabel('Email', { exact: true }).fill('hans@example.de');
  await page.getByLabel('Phone', { exact: true }).fill('+49 30 1234567');
  await page.getByLabel('Emergency contact name').fill('Greta Weber');
  await page.getByLabel('Emergency contact phone').fill('+49 30 7654321');
  await page.getByLabel('Relationship').selectOption('spouse');
  await sign(page);
  await page.getByRole('button', { name: 'Save record' }).click();
  await expect(page.getByRole('heading', { name: 'Record saved' })).toBeVisible();
  await expect(page.getByText('1 image stored')).toBeVisible();

  // The public check-in page of the establishment says the same.
  await page.goto('/traveler-registration?lng=en');
  await page.getByRole('button', { name: 'Share link' }).click();
  const shared = await page
    .getByRole('dialog', { name: 'Self check-in link' })
    .getByRole('textbox', { name: 'Link' })
    .inputValue();
  await page.goto(`${shared}&lng=en`);
  await expect(page.getByText(/Albergue Sin Copias/).first()).toBeVisible();
  await expect(notKept).toBeVisible();
  await expect(page.getByLabel('Front of the document')).toHaveCount(0);
  await expectAccessible(page);
});
