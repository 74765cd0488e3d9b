import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import { dataUrl, travelerBody, PNG_BYTES } from '../../apps/server/test/traveler-factories';
import { createOwner, signIn } from '../support';
import { expect, expectAccessible, test } from '../fixtures';

test('registration documents: PDF download and e-mail, CSV export, SES pre-flight problems, CSV import', async ({
  page,
  mail,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await createOwner(page.request, mail, baseURL!, { prefix: 'docs' });
  const auth = { authorization: `Bearer ${owner.token}` };
  const surname = `Zubizarreta${randomInt(1000, 9999)}`;
  const created = await page.request.post('/api/pilgrims?lng=en', {
    headers: auth,
    // A real (decodable) image: the view page shows it.
    data: travelerBody(owner.establishmentId, {
      firstName: 'Hans',
      lastName: surname,
      frontDocImage: dataUrl(PNG_BYTES),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = (await created.json()) as { data: { id: string } };
  const travelerId = body.data.id;

  await signIn(page, owner.token, baseURL!);

  // The traveler's page: Download PDF.
  await page.goto(`/clients/view/${travelerId}`);
  await expect(page.getByRole('heading', { name: `Hans ${surname}` })).toBeVisible();
  const actions = page.getByRole('group', { name: 'Registration sheet' });
  const downloading = page.waitForEvent('download');
  await actions.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toMatch(/^registro-viajero-\d{4}-\d+\.pdf$/);
  const pdfBytes = fs.readFileSync((await pdf.path())!);
  expect(pdfBytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await expect(page.getByText('PDF downloaded')).toBeVisible();

  // Send by e-mail: prefilled, Send disabled while empty.
  await actions.getByRole('button', { name: 'Send by e-mail' }).click();
  const sendDialog = page.getByRole('dialog', { name: 'Send the registration sheet by e-mail' });
  const field = sendDialog.getByLabel('E-mail address');
  await expect(field).toHaveValue('hans.mueller@example.de');
  await expect(field).toBeFocused();
  await expectAccessible(page);
  await field.fill('');
  await expect(sendDialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  const to = `pdf-${Date.now()}@example.com`;
  await field.fill(to);
  await sendDialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('E-mail sent')).toBeVisible();
  await expect(sendDialog).toBeHidden();
  const sent = await mail.waitFor(to);
  expect(sent.attachments.some((a) => a.contentType === 'application/pdf')).toBe(true);

  // The list: export CSV of all matching travelers.
  await page.goto('/clients');
  const toolbar = page.getByRole('group', { name: 'Export, import and SES files' });
  await expect(page.getByText('1 traveler', { exact: true })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Export' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export travelers' });
  await exportDialog.getByLabel('CSV (.csv)').check();
  await expect(exportDialog.getByLabel('All matching the filters (1 traveler)')).toBeChecked();
  const exporting = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
  const csv = await exporting;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  expect(fs.readFileSync((await csv.path())!, 'utf8')).toContain(surname);
  await expect(exportDialog.getByText(/Export completed/)).toBeVisible();
  await exportDialog.getByRole('button', { name: 'Close' }).click();

  // Generate XML: the establishment has no SES code, the traveler no payment type.
  await toolbar.getByRole('button', { name: 'Generate XML' }).click();
  const xmlDialog = page.getByRole('dialog', { name: 'Generate the SES.HOSPEDAJES file' });
  await xmlDialog.getByLabel('From', { exact: true }).fill('2020-01-01');
  await xmlDialog.getByLabel('To', { exact: true }).fill('2030-12-31');
  await xmlDialog.getByRole('button', { name: 'Generate' }).click();
  const problems = xmlDialog.getByRole('alert');
  await expect(problems).toContainText('Fix these problems');
  await expect(problems.getByText('The establishment', { exact: true })).toBeVisible();
  await expect(problems.locator('p', { hasText: `Hans ${surname}` })).toBeVisible();
  await expect(problems.getByRole('link', { name: `Fix Hans ${surname}` })).toHaveAttribute(
    'href',
    `/clients/edit/${travelerId}`,
  );
  await expectAccessible(page);
  await xmlDialog.getByRole('button', { name: 'Cancel' }).click();

  // Import: one valid and one invalid row.
  const header =
    'Nombre;Primer apellido;Nacionalidad;Tipo de documento;Número de documento;Número de soporte;Fecha de nacimiento;Sexo;Fecha de entrada;Correo electrónico;Teléfono;Contacto de emergencia;Teléfono de emergencia;Relación del contacto de emergencia';
  const passport = `PA${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const lines = [
    header,
    `Greta;Importada;DEU;P;${passport};;1970-01-01;F;2026-05-02;greta@example.de;+49 30 123456;Hans;+49 30 654321;spouse`,
    ';García;XXX;D;12345678A;;2030-01-01;M;2026-05-01;not-mail;+34 600 000 000;Juan;+34 600 000 001;sibling',
  ];
  await toolbar.getByRole('button', { name: 'Import' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import travelers' });
  await importDialog.getByLabel('File (CSV or Excel)').setInputFiles({
    name: 'travelers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`),
  });
  await importDialog.getByRole('button', { name: 'Check the file' }).click();
  const table = importDialog.getByRole('table', { name: 'Rows of the file' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('Valid');
  await expect(table.getByRole('row').nth(1)).toContainText('Greta Importada');
  await expect(table.getByRole('row').nth(2)).toContainText('With errors');
  await expectAccessible(page);
  await importDialog.getByRole('button', { name: 'Import 1 valid row' }).click();
  await expect(importDialog.getByText('1 traveler imported.')).toBeVisible();
  await expect(importDialog.getByText(/Row 3 \(With errors\)/)).toBeVisible();
  await importDialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('2 travelers', { exact: true })).toBeVisible();
  await expect(page.getByText('Greta Importada').first()).toBeVisible();
});
