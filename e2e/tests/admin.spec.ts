import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { cifControl } from '@hospes/shared/spanish-ids';
import { linkIn } from '../../apps/server/test/smtp';
import { ADMIN, expect, expectAccessible, test } from '../fixtures';

// Small real images: two 24×16 JPEGs (document sides) and a 40×16 PNG (signature).
const FRONT_JPEG =
  'data:image/jpeg;base64,/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAqJgAD//2Q==';
const BACK_JPEG =
  'data:image/jpeg;base64,/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgCCtgAP/Z';
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAQCAYAAABk1z2tAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAANUlEQVRIie3UsQ0AMBDCwNt/aTIGH4mC3rIAyPFoA2SAZlC9Z9lIzKB617KjNoNORhsgXwM+dYx9n/yVP2EAAAAASUVORK5CYII=';

function randomCif() {
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return `B${digits}${cifControl(digits).digit}`;
}

const suffix = () => `${Date.now().toString(36)}${randomInt(0, 1000)}`;

async function apiToken(request: APIRequestContext, credentials = ADMIN): Promise<string> {
  const res = await request.post('/api/auth/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

interface Seeded {
  id: string;
  name: string;
}

async function seedEstablishment(
  request: APIRequestContext,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<Seeded> {
  const res = await request.post('/api/establishments?lng=en', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `Albergue ${suffix()}`,
      type: 'hostel',
      nif: randomCif(),
      status: 'active',
      address: 'Rúa Maior 79',
      city: 'Sarria',
      province: 'Lugo',
      postalCode: '27600',
      phone: '+34 982 000 000',
      contactName: 'Xosé Pérez',
      contactEmail: 'albergue@example.es',
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Seeded }).data;
}

async function seedTraveler(
  request: APIRequestContext,
  token: string,
  establishmentId: string,
  overrides: Record<string, unknown> = {},
): Promise<Seeded & { firstName: string }> {
  const res = await request.post('/api/pilgrims', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      firstName: 'Hans',
      lastName: 'Müller',
      secondLastName: 'Schmidt',
      nationality: 'DEU',
      passportNumber: `PA${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
      dateOfBirth: '1980-05-17',
      gender: 'M',
      documentType: 'P',
      documentExpeditionDate: '2020-01-10',
      entryDate: '2025-03-01',
      checkOutDate: '2025-03-02',
      establishmentId,
      language: 'de',
      contactInfo: { email: 'hans.mueller@example.de', phone: '+49 30 1234567' },
      emergencyContact: { name: 'Greta Müller', phone: '+49 30 7654321', relationship: 'spouse' },
      frontDocImage: FRONT_JPEG,
      backDocImage: BACK_JPEG,
      signatureImage: SIGNATURE_PNG,
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Seeded & { firstName: string } }).data;
}

async function logIn(page: Page, email: string, password: string) {
  // The API logins of the seeding (through page.request, which shares the browser's cookies) left
  // a session cookie: this browser signs in through the form, as a person would.
  await page.context().clearCookies({ name: 'hospes_session' });
  await page.goto('/login?lng=en');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/clients/);
}

/** A toast (react-hot-toast's live region). */
const toast = (page: Page, text: string) =>
  page.locator('[data-rht-toaster]').getByText(text, { exact: true });

test('an admin finds an establishment by search and by filters, and pages through the list', async ({
  page,
}) => {
  const token = await apiToken(page.request);
  const tag = suffix();
  const searched = await seedEstablishment(page.request, token, {
    name: `Albergue Búsqueda ${tag}`,
  });
  const filtered = await seedEstablishment(page.request, token, {
    name: `Hotel Filtro ${tag}`,
    type: 'hotel',
    status: 'inactive',
    city: 'Lugo',
  });
  await seedEstablishment(page.request, token, {
    name: `Pensión Filtro ${tag}`,
    type: 'pension',
    status: 'inactive',
    city: 'Santiago de Compostela',
    province: 'A Coruña',
    postalCode: '15705',
  });
  for (let i = 1; i <= 11; i++) {
    await seedEstablishment(page.request, token, {
      name: `Paginado ${tag} ${String(i).padStart(2, '0')}`,
    });
  }

  await logIn(page, ADMIN.email, ADMIN.password);
  const adminLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Admin', exact: true });
  await adminLink.click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(adminLink).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Establishments' })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Establishments' }),
  ).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  // Enter searches (accents and case do not matter).
  const search = page.getByLabel('Search by name, NIF, city or contact');
  await search.fill(`albergue busqueda ${tag}`);
  await search.press('Enter');
  const cards = page.getByRole('list', { name: 'Establishments' }).getByRole('listitem');
  await expect(page.getByText('1 establishment', { exact: true })).toBeVisible();
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('link', { name: searched.name, exact: true })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card).toContainText('Rúa Maior 79, 27600 Sarria (Lugo)');
  await expect(card).toContainText('albergue@example.es');
  await expect(card).toContainText('+34 982 000 000');
  await expect(card.getByRole('link', { name: `Edit ${searched.name}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `Delete ${searched.name}` })).toBeVisible();

  // Filters: type, status, province; then reset.
  await search.fill(tag);
  await search.press('Enter');
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Type').selectOption({ label: 'Hotel' });
  await filters.getByLabel('Status').selectOption({ label: 'Inactive' });
  await filters.getByLabel('Province').fill('Lugo');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('link', { name: filtered.name, exact: true })).toBeVisible();
  await expect(cards.first().getByText('Inactive', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await filters.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('14 establishments', { exact: true })).toBeVisible();

  // Ten a page: "Page X of N".
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(cards).toHaveCount(10);
  await page
    .getByRole('navigation', { name: 'Establishment pages' })
    .getByRole('button', { name: 'Next' })
    .click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(cards).toHaveCount(4);

  // A click on the card's name opens its page.
  await cards.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/establishments\/view\//);
});

test('an admin creates an establishment with the wizard; the new owner gets the set-password e-mail', async ({
  page,
  mail,
  baseURL,
}) => {
  const tag = suffix();
  const name = `Albergue Nuevo ${tag}`;
  const contactEmail = `owner-${tag}@example.com`;
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?lng=en');
  await page.getByRole('link', { name: 'New establishment' }).click();
  await expect(page).toHaveURL(/\/admin\/establishments\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New establishment' })).toBeVisible();
  await expectAccessible(page);

  // Next validates the step.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'Validation error')).toBeVisible();
  await expect(page.getByText('name required', { exact: true })).toBeVisible();
  await expect(page.getByText('postal code required', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Pension' });
  await page.getByLabel('NIF/CIF').fill(randomCif());
  await page.getByLabel('Address').fill('Rúa do Vilar 12');
  await page.getByLabel('City').fill('Santiago de Compostela');
  await page.getByLabel('Province').fill('A Coruña');
  await page.getByLabel('Postal code').fill('15705');
  await page.getByLabel('Phone').fill('+34 981 000 000');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Contact' })).toBeVisible();
  await page.getByLabel('Contact name').fill('Lucía Otero');
  await page.getByLabel('Contact email').fill('not-an-email');
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByLabel('Contact email').fill(contactEmail);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Status' })).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Pending' });
  await page.getByRole('button', { name: 'Create establishment' }).click();

  await expect(page.getByRole('heading', { name: 'Establishment created' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to administration' }).last()).toHaveAttribute(
    'href',
    '/admin',
  );
  await expectAccessible(page);
  // After 3 s the new establishment's page opens.
  await expect(page).toHaveURL(/\/admin\/establishments\/view\/[0-9a-f-]{36}$/, { timeout: 8_000 });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByText(contactEmail)).toBeVisible();

  const welcome = await mail.waitFor(contactEmail);
  expect(welcome.subject).toBe(`Your Hospes account for “${name}”`);
  expect(linkIn(welcome, `${baseURL}/recover-pass?token=`)).toContain('welcome=1');
});

test('an admin edits an establishment: cancel without changes, the discard dialog, then save', async ({
  page,
}) => {
  const token = await apiToken(page.request);
  const establishment = await seedEstablishment(page.request, token, {
    name: `Albergue Editable ${suffix()}`,
  });
  await logIn(page, ADMIN.email, ADMIN.password);
  const viewUrl = `/admin/establishments/view/${establishment.id}`;
  await page.goto(`${viewUrl}?lng=en`);
  await expect(page.getByRole('heading', { level: 1, name: establishment.name })).toBeVisible();
  for (const block of ['General information', 'Contact information', 'Activity']) {
    await expect(page.getByRole('heading', { level: 2, name: block })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Never');
  await expectAccessible(page);

  // Without changes, Cancel goes straight back.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit establishment' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(establishment.name);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`${viewUrl}$`));

  // With changes, Cancel asks: "Cancel" keeps editing, "Discard" leaves without saving.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabel('City').fill('Portomarín');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('City')).toHaveValue('Portomarín');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(new RegExp(`${viewUrl}$`));
  await expect(page.getByRole('region', { name: 'Contact information' })).toContainText('Sarria');

  // Save: "Establishment updated" and back to the view page.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabel('City').fill('Portomarín');
  await page.getByLabel('Status').selectOption({ label: 'Inactive' });
  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(establishment.name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Establishment updated')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${viewUrl}$`));
  await expect(page.getByRole('region', { name: 'Contact information' })).toContainText(
    'Portomarín',
  );
  await expect(page.getByRole('region', { name: 'General information' })).toContainText('Inactive');
});

test('an admin views a pilgrim with document thumbnails, and deletes pilgrims from the table and the detail', async ({
  page,
}) => {
  const token = await apiToken(page.request);
  const establishment = await seedEstablishment(page.request, token, {
    name: `Albergue Peregrinos ${suffix()}`,
  });
  const hans = await seedTraveler(page.request, token, establishment.id);
  const ana = await seedTraveler(page.request, token, establishment.id, {
    firstName: 'Ana',
    lastName: 'Souza',
    secondLastName: '',
    nationality: 'BRA',
    entryDate: '2025-03-05',
    checkOutDate: '',
    contactInfo: { email: 'ana@example.br', phone: '+55 11 99999999' },
    backDocImage: '',
  });

  await logIn(page, ADMIN.email, ADMIN.password);
  // From the list: the card's "Pilgrims" button shows its table below.
  await page.goto(`/admin?lng=en&search=${encodeURIComponent(establishment.name)}`);
  await page.getByRole('button', { name: `Pilgrims ${establishment.name}` }).click();
  const listTable = page.getByRole('region', {
    name: `Table of pilgrims of ${establishment.name}`,
  });
  await expect(listTable.getByRole('rowheader', { name: 'Hans Müller Schmidt' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New pilgrim' })).toHaveAttribute(
    'href',
    `/traveler-registration?establishmentId=${establishment.id}`,
  );
  await expectAccessible(page);

  await page.goto(`/admin/establishments/view/${establishment.id}?lng=en`);
  const table = page.getByRole('region', { name: `Table of pilgrims of ${establishment.name}` });
  const hansRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Hans Müller Schmidt' }) });
  await expect(hansRow).toContainText('hans.mueller@example.de');
  await expect(hansRow).toContainText('Germany');
  await expect(hansRow).toContainText('Mar 1, 2025');
  await expect(hansRow).toContainText('Mar 2, 2025');
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('2');

  // The traveler's page: every block and the three thumbnails.
  await hansRow.getByRole('link', { name: 'View Hans Müller Schmidt' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/pilgrims/view/${hans.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Hans Müller Schmidt' })).toBeVisible();
  await expect(page.getByText(/^Passport · PA\d{7}$/)).toBeVisible();
  for (const block of [
    'Personal information',
    'Document',
    'Contact information',
    'Emergency contact',
    'Uploaded documents',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: block, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'hans.mueller@example.de' })).toHaveAttribute(
    'href',
    'mailto:hans.mueller@example.de',
  );
  await expect(page.getByRole('link', { name: '+49 30 1234567' })).toHaveAttribute(
    'href',
    'tel:+49301234567',
  );
  await expect(page.getByRole('link', { name: establishment.name })).toHaveAttribute(
    'href',
    `/admin/establishments/view/${establishment.id}`,
  );
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute(
    'href',
    `/clients/edit/${hans.id}`,
  );
  for (const [alt, file] of [
    ['Document, front', 'front-document.jpg'],
    ['Document, back', 'back-document.jpg'],
    ['Signature', 'signature.png'],
  ] as const) {
    const image = page.getByRole('button', { name: `${alt}: show at full size` }).locator('img');
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((node: HTMLImageElement) => node.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByText(file, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Delete from the table: a confirmation that names the traveler, then really gone.
  await page.getByRole('link', { name: establishment.name }).click();
  const anaRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Ana Souza' }) });
  await anaRow.getByRole('button', { name: 'Delete Ana Souza' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete pilgrim?' });
  await expect(dialog).toContainText('Ana Souza');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Pilgrim deleted')).toBeVisible();
  await expect(anaRow).toHaveCount(0);
  const gone = await page.request.get(`/api/pilgrims/${ana.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);

  // Delete from the traveler's page: back to /admin.
  await page.goto(`/admin/pilgrims/view/${hans.id}?lng=en`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete pilgrim?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(toast(page, 'Pilgrim deleted')).toBeVisible();
  const hansGone = await page.request.get(`/api/pilgrims/${hans.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(hansGone.status()).toBe(404);

  // A traveler that no longer exists: "not found" with a way back.
  await page.goto(`/admin/pilgrims/view/${hans.id}?lng=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pilgrim not found' })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Back to administration' }),
  ).toBeVisible();
});

test('an admin makes a user an administrator and back from the users page', async ({ page }) => {
  const token = await apiToken(page.request);
  const tag = suffix();
  const email = `staff-${tag}@example.com`;
  await seedEstablishment(page.request, token, {
    name: `Albergue Usuarios ${tag}`,
    contactName: `Pilar ${tag}`,
    contactEmail: email,
    createUserWithEstablishment: true,
  });

  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?lng=en');
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expectAccessible(page);
  const search = page.getByLabel('Search by name or email');
  await search.fill(email);
  await search.press('Enter');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`Pilar ${tag}`) }) });
  await expect(row).toContainText('User');
  await expect(row).toContainText('Email not verified');
  await expect(row).toContainText(`Albergue Usuarios ${tag}`);
  await expect(row).toContainText('(Owner)');

  await row.getByRole('button', { name: `Make admin Pilar ${tag}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Make Pilar ${tag} an administrator?` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Make admin' }).click();
  await expect(toast(page, 'User updated.')).toBeVisible();
  await expect(row).toContainText('Administrator');

  const listed = await page.request.get(`/api/admin/users?search=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await listed.json()) as { data: { role: string }[] }).data[0]?.role).toBe('admin');

  await row.getByRole('button', { name: `Remove admin Pilar ${tag}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove admin' }).click();
  await expect(row.getByText('User', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectAccessible(page);
});

test('an admin reads the reports for a period and downloads them as CSV', async ({ page }) => {
  const token = await apiToken(page.request);
  const establishment = await seedEstablishment(page.request, token, {
    name: `Albergue Informe ${suffix()}`,
  });
  await seedTraveler(page.request, token, establishment.id, {
    entryDate: '2024-02-10',
    checkOutDate: '',
  });
  await seedTraveler(page.request, token, establishment.id, {
    entryDate: '2024-02-20',
    checkOutDate: '',
    nationality: 'FRA',
    documentType: 'I',
  });
  await seedTraveler(page.request, token, establishment.id, {
    entryDate: '2024-04-05',
    checkOutDate: '',
    documentType: 'C',
  });

  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/reports?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByLabel('From').fill('2024-01-01');
  await page.getByLabel('To').fill('2024-06-30');
  await page
    .getByLabel('Establishment', { exact: true })
    .selectOption({ label: establishment.name });
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page).toHaveURL(/from=2024-01-01/);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(establishment.name);
  await expect(summary).toContainText('3');

  const months = page.getByRole('region', { name: 'Registrations per month', exact: true });
  await expect(months.getByRole('img')).toBeVisible();
  await months.getByText('Data table', { exact: true }).click();
  const monthRows = months.getByRole('table').getByRole('row');
  await expect(monthRows).toHaveText([
    'MonthRegistrations',
    'January 20240',
    'February 20242',
    'March 20240',
    'April 20241',
    'May 20240',
    'June 20240',
  ]);
  const nationalities = page.getByRole('region', { name: 'Travelers by nationality', exact: true });
  await expect(nationalities.getByRole('img')).toHaveAccessibleName(/Germany, 2/);
  const documents = page.getByRole('region', { name: 'Travelers by document type', exact: true });
  await documents.getByText('Data table', { exact: true }).click();
  await expect(documents.getByRole('table')).toContainText('Passport1');
  await expect(documents.getByRole('table')).toContainText('Driving license1');
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('hospes-report-2024-01-01-2024-06-30.csv');
  const bytes = await fs.readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0]).toBe('Section;Code;Label;Registrations');
  expect(text).toContain(`Total;2024-01-01/2024-06-30;${establishment.name};3`);
  expect(text).toContain('Month;2024-02;February 2024;2');
  expect(text).toContain('Nationality;DEU;Germany;2');
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectAccessible(page);
});

test('a user who is not an administrator is turned away from /admin', async ({
  page,
  mail,
  baseURL,
}) => {
  const token = await apiToken(page.request);
  const tag = suffix();
  const email = `plain-${tag}@example.com`;
  await seedEstablishment(page.request, token, {
    name: `Albergue Sin Admin ${tag}`,
    contactName: 'Carmen Ruiz',
    contactEmail: email,
    createUserWithEstablishment: true,
  });
  const welcome = await mail.waitFor(email);
  const link = new URL(linkIn(welcome, `${baseURL}/recover-pass?token=`));
  const reset = await page.request.post('/api/auth/reset-password', {
    data: { token: link.searchParams.get('token'), password: 'camino-2026' },
  });
  expect(reset.status()).toBe(200);

  await logIn(page, email, 'camino-2026');
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin', exact: true }),
  ).toHaveCount(0);
  await page.goto('/admin/establishments/create?lng=en');
  await expect(toast(page, 'You do not have permission to perform this action')).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
  const api = await page.request.get('/api/admin/users', {
    headers: {
      authorization: `Bearer ${await apiToken(page.request, { email, password: 'camino-2026' })}`,
    },
  });
  expect(api.status()).toBe(403);
});

test('an admin names the operator on the settings screen, on a phone; the legal notice shows it at once', async ({
  page,
}) => {
  const token = await apiToken(page.request);
  const name = `Camino Software SL ${suffix()}`;
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, ADMIN.email, ADMIN.password);
  try {
    await page.goto('/admin/settings?lng=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Operator name').fill(name);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, 'Settings saved.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Latest changes' })).toContainText(
      `Operator name: (none) → ${name}`,
    );
    await page.goto('/legal-notice?lng=en');
    await expect(page.getByRole('region', { name: 'Who runs this service' })).toContainText(name);

    await page.goto('/admin/settings?lng=en');
    await page
      .getByRole('button', { name: 'Use the environment value for “Operator name”' })
      .click();
    await expect(page.getByLabel('Operator name')).toHaveValue('');
  } finally {
    // The other journeys expect no operator details (public-site.spec.ts).
    await page.request.patch('/api/admin/settings', {
      headers: { authorization: `Bearer ${token}` },
      data: { operatorName: null },
    });
  }
});
