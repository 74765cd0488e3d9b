/**
 * An owner who follows the AEPD's advice turns off keeping photos of identity documents
 * (decision 023): the photos stored before can be deleted after a confirmation, the desk form and
 * the public check-in page then offer no photo, and a registration keeps the data and the
 * signature only.
 */
import type { Page } from '@playwright/test';
import { createOwner, documentPhoto, sign, signIn } from '../support';
import { expect, expectAccessible, test } from '../fixtures';

/**
 * A German passport holder on the registration form, signed; a front photo when given. Each
 * traveler has a passport of their own: the desk asks before registering one twice for a stay.
 */
async function register(page: Page, lastName: string, passport: string, photo?: Buffer) {
  await page.goto('/traveler-registration?lng=en');
  await page.getByLabel('First name').fill('Hans');
  await page.getByLabel('First surname').fill(lastName);
  const nationality = page.getByRole('combobox', { name: 'Nationality' });
  await nationality.fill('germ');
  await expect(page.getByRole('option', { name: 'Germany' })).toBeVisible();
  await nationality.press('Enter');
  await page.getByLabel('Date of birth').fill('1975-11-02');
  await page.getByLabel('Sex').selectOption('M');
  await page.getByLabel('Document number').fill(passport);
  if (photo)
    await page.getByLabel('Front of the document').setInputFiles({
      name: 'passport.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
  await page.getByLabel('Email', { exact: true }).fill('hans@example.de');
  await page.getByLabel('Phone', { exact: true }).fill('+49 30 1234567');
  await page.getByLabel('Emergency contact name').fill('Greta Weber');
  await page.getByLabel('Emergency contact phone').fill('+49 30 7654321');
  await page.getByLabel('Relationship').selectOption('spouse');
  await sign(page);
  await page.getByRole('button', { name: 'Save record' }).click();
  await expect(page.getByRole('heading', { name: 'Record saved' })).toBeVisible();
}

async function editEstablishment(page: Page) {
  await page.goto('/profile?lng=en');
  await page.getByRole('tab', { name: 'Establishments' }).click();
  await page.getByRole('button', { name: 'Edit Albergue Sin Copias' }).click();
}

test('an establishment stops keeping photos of documents, deletes those it kept, and registers with the data and the signature only', async ({
  page,
  mail,
  baseURL,
  request,
}) => {
  // Two registrations typed in full and a record edited: about 30 s on an idle machine, close to
  // the default minute when CI shares the cores (one run took 56 s).
  test.setTimeout(240_000);
  const owner = await createOwner(request, mail, baseURL!, {
    prefix: 'nophotos',
    establishmentName: 'Albergue Sin Copias',
  });
  await signIn(page, owner.token, baseURL!);

  // Before: a registration keeps its photo.
  await register(page, 'Weber', 'C01X00T47', await documentPhoto(page, 'Passport'));
  await expect(page.getByText('2 images stored')).toBeVisible();

  // The owner turns the setting off on the profile page.
  await editEstablishment(page);
  const keep = page.getByRole('checkbox', { name: 'Keep photos of identity documents' });
  await expect(keep).toBeChecked();
  const pdfImages = page.getByRole('checkbox', {
    name: 'Include the document images in downloaded registration PDFs',
  });
  await expect(pdfImages).toBeVisible();
  await keep.uncheck();
  await expect(pdfImages).toHaveCount(0);
  await page.getByRole('button', { name: 'Save establishment' }).click();
  await expect(page.getByText('Establishment updated')).toBeVisible();

  // Then deletes the photo stored before, once asked to confirm.
  await editEstablishment(page);
  await page
    .getByRole('button', { name: 'Delete the stored photos of identity documents' })
    .click();
  const dialog = page.getByRole('alertdialog', {
    name: 'Delete the stored photos of identity documents of Albergue Sin Copias?',
  });
  await expect(dialog).toContainText('This cannot be undone.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete photos' }).click();
  await expect(page.getByText('Photos deleted: 1')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The desk form offers no photo, says why, and registers with the signature.
  await page.goto('/traveler-registration?lng=en');
  const notKept = page.getByText(
    'This establishment does not keep photos of identity documents: a scan fills in the data, and the photo is not stored.',
  );
  await expect(notKept).toBeVisible();
  await expect(page.getByLabel('Front of the document')).toHaveCount(0);
  await register(page, 'Schulz', 'C01X00T55');
  await expect(page.getByText('1 image stored')).toBeVisible();

  // The first traveler's record keeps its signature, and its history tells what went.
  await page.goto('/clients?lng=en');
  await page
    .getByRole('link', { name: /^View .*Weber/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Signature: show at full size' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Front of the document: show/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'History of this record' }).click();
  await expect(
    page.getByText('Photos of the document deleted: Front of the document'),
  ).toBeVisible();

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
