import { addDays, todayIso } from '@hospes/shared/dates';
import { dataUrl, travelerBody, PNG_BYTES } from '../../apps/server/test/traveler-factories';
import { createOwner, signIn, updateEstablishment } from '../support';
import { expect, expectAccessible, test } from '../fixtures';

/** A PDF as the portal's "Descarregar comprovant d'enviament" gives one (its header and trailer). */
const RECEIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

test("a Girona hostel downloads the day's Mossos d'Esquadra file, marks it uploaded, and cannot send to SES", async ({
  page,
  mail,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await createOwner(page.request, mail, baseURL!, {
    prefix: 'mossos',
    establishmentName: 'Alberg de Girona',
  });
  const auth = { authorization: `Bearer ${owner.token}` };
  // In Girona: it reports to the Mossos d'Esquadra, under the portal's identifier.
  await updateEstablishment(page.request, owner, {
    city: 'Girona',
    province: 'Girona',
    postalCode: '17001',
    establishmentCode: '17079AAR02',
  });
  const today = todayIso(new Date());
  const created = await page.request.post('/api/pilgrims?lng=en', {
    headers: auth,
    data: travelerBody(owner.establishmentId, {
      firstName: 'Núria',
      lastName: 'Puig',
      nationality: 'DEU',
      documentType: 'P',
      entryDate: today,
      checkOutDate: addDays(today, 1),
      contactInfo: { email: 'nuria@example.de', phone: '+49 30 123456' },
      address: {
        street: 'Hauptstraße 1',
        municipalityName: 'München',
        postalCode: '80331',
        country: 'DEU',
      },
      stay: {
        entryDateTime: `${today}T18:30:00`,
        exitDateTime: `${addDays(today, 1)}T08:00:00`,
        paymentType: 'EFECT',
      },
      signatureImage: dataUrl(PNG_BYTES),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);

  // SES is not this establishment's authority: nothing is sent there, no SES file is made.
  const day = { kind: 'PV', from: today, to: today };
  const send = await page.request.post(
    `/api/establishments/${owner.establishmentId}/ses-submissions?lng=en`,
    { headers: auth, data: day },
  );
  expect(send.status()).toBe(409);
  const sesFile = await page.request.post(
    `/api/establishments/${owner.establishmentId}/ses-xml?lng=en`,
    { headers: auth, data: day },
  );
  expect(sesFile.status()).toBe(409);
  expect(((await sesFile.json()) as { code: string }).code).toBe('SES_OTHER_AUTHORITY');

  await signIn(page, owner.token, baseURL!);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/clients');
  const toolbar = page.getByRole('group', { name: 'Export, import and SES files' });
  await toolbar.getByRole('button', { name: 'Generate XML' }).click();
  const dialog = page.getByRole('dialog', { name: "Report to the Mossos d'Esquadra" });
  await expect(dialog.getByText(/Hospes makes the file, you upload it/)).toBeVisible();
  await expect(dialog.getByText('Send to SES.HOSPEDAJES now')).toHaveCount(0);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the Mossos file' }).click();
  expect((await download).suggestedFilename()).toBe('17079AAR02.001');
  await expect(dialog.getByText('17079AAR02.001 downloaded (1 travelers).')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Open the portal' })).toHaveAttribute(
    'href',
    /registreviatgers\.mossos\.gencat\.cat/,
  );
  await expectAccessible(page);

  await dialog.getByLabel("The portal's receipt (PDF, optional)").setInputFiles({
    name: 'comprovant.pdf',
    mimeType: 'application/pdf',
    buffer: RECEIPT,
  });
  await dialog.getByRole('button', { name: 'Mark as uploaded' }).click();
  await expect(
    dialog.getByText('17079AAR02.001 recorded as uploaded: its travelers count as reported.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Reported: nothing is left to report.
  const toReport = await page.request.get(
    `/api/ses-to-report?establishmentId=${owner.establishmentId}`,
    { headers: auth },
  );
  expect(((await toReport.json()) as { data: unknown[] }).data).toEqual([]);
});
