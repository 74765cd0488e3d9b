import { addDays, todayIso } from '@hospes/shared/dates';
import { makeA19Pkcs12 } from '../../apps/server/test/a19-service';
import { dataUrl, travelerBody, PNG_BYTES } from '../../apps/server/test/traveler-factories';
import { createOwner, signIn, updateEstablishment } from '../support';
import { expect, expectAccessible, test } from '../fixtures';

const PASSWORD = 'clave-de-prueba';

test("a Bilbao albergue uploads its certificate, registers two pilgrims and the Ertzaintza's A19 service receives their signed parte; it cannot send to SES", async ({
  page,
  mail,
  baseURL,
  stack,
}) => {
  test.setTimeout(180_000);
  const owner = await createOwner(page.request, mail, baseURL!, {
    prefix: 'a19',
    establishmentName: 'Albergue de Bilbao',
  });
  const auth = { authorization: `Bearer ${owner.token}` };
  // In Bizkaia: it reports to the Ertzaintza (the province's authority).
  await updateEstablishment(page.request, owner, {
    city: 'Bilbao',
    province: 'Bizkaia',
    postalCode: '48005',
    establishmentCode: '480354',
    authority: null,
  });

  // The test certificate the Ertzaintza gives for pre-production, made for this run and
  // registered with the local service (as the Ertzaintza registers the establishment's CIF).
  const certificate = makeA19Pkcs12({ password: PASSWORD, subject: 'ALBERGUE DE BILBAO' });
  stack.a19.register(certificate.certPem);

  // Two pilgrims arriving today.
  const today = todayIso(new Date());
  const pilgrim = (firstName: string, lastName: string, extra: Record<string, unknown>) =>
    travelerBody(owner.establishmentId, {
      firstName,
      lastName,
      entryDate: today,
      checkOutDate: addDays(today, 1),
      contactInfo: { email: `${firstName.toLowerCase()}@example.eu`, phone: '+34 600 123 456' },
      stay: {
        entryDateTime: `${today}T18:30:00`,
        exitDateTime: `${addDays(today, 1)}T08:00:00`,
        paymentType: 'EFECT',
      },
      signatureImage: dataUrl(PNG_BYTES),
      ...extra,
    });
  const ids: string[] = [];
  for (const body of [
    pilgrim('Jonas', 'Becker', {
      nationality: 'DEU',
      documentType: 'P',
      address: {
        street: 'Hauptstraße 1',
        municipalityName: 'München',
        postalCode: '80331',
        country: 'DEU',
      },
    }),
    pilgrim('Ane', 'Goikoetxea', {
      secondLastName: 'Arrieta',
      nationality: 'DEU',
      address: {
        street: 'Kaiserstraße 5',
        municipalityName: 'Frankfurt',
        postalCode: '60311',
        country: 'DEU',
      },
    }),
  ]) {
    const created = await page.request.post('/api/pilgrims?lng=en', { headers: auth, data: body });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { data: { id: string } }).data.id);
  }

  // SES is not this establishment's authority: nothing goes there, no SES file is made.
  const day = { kind: 'PV', from: today, to: today };
  const sesFile = await page.request.post(
    `/api/establishments/${owner.establishmentId}/ses-xml?lng=en`,
    { headers: auth, data: day },
  );
  expect(sesFile.status()).toBe(409);
  expect(((await sesFile.json()) as { code: string }).code).toBe('SES_OTHER_AUTHORITY');
  const sesRequests = stack.ses.requests.length;

  await signIn(page, owner.token, baseURL!);
  // The certificate, in the establishment's card on the profile, on a phone.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/profile?tab=establishments');
  await expect(page.getByRole('button', { name: /SES.HOSPEDAJES web service/ })).toHaveCount(0);
  const section = page.getByRole('button', { name: /Ertzaintza web service \(A19\)/ });
  await expect(section).toContainText('No certificate');
  await section.click();
  await page.getByTestId('a19-certificate-input').setInputFiles({
    name: 'albergue-bilbao.p12',
    mimeType: 'application/x-pkcs12',
    buffer: certificate.p12,
  });
  await expect(page.getByText('File chosen: albergue-bilbao.p12')).toBeVisible();
  await page.getByLabel('Certificate password').fill(PASSWORD);
  await page.getByLabel('Service', { exact: true }).selectOption('test');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Ertzaintza certificate saved.')).toBeVisible();
  await expect(section).toContainText('Certificate valid until');
  await expect(page.getByText('CN=ALBERGUE DE BILBAO')).toBeVisible();
  await expectAccessible(page);

  // The list: send today's arrivals to the Ertzaintza.
  await page.goto('/clients');
  const toolbar = page.getByRole('group', { name: 'Export, import and SES files' });
  await toolbar.getByRole('button', { name: 'Generate XML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to the Ertzaintza' });
  await expect(dialog.getByText('Send to SES.HOSPEDAJES now')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send' }).click();
  const result = page.getByRole('dialog', { name: 'Sent to the Ertzaintza' });
  await expect(
    result.getByText('The Ertzaintza has stored the communications of 2 travelers.'),
  ).toBeVisible();
  await expectAccessible(page);
  await result.getByRole('button', { name: 'Close' }).click();

  // What reached the service: one signed request (xmlsec1 verified it, or it answers 403), a PV
  // under the establishment's CIF whose document xmllint found valid against the A19 XSD.
  const accepted = stack.a19.received.filter((r) => r.code === 0);
  expect(accepted).toHaveLength(1);
  const [arrived] = accepted;
  expect(arrived!.kind).toBe('PV');
  expect(arrived!.body).toMatch(/<wsse:BinarySecurityToken\b/);
  expect(arrived!.xml).toContain('comunicacionPV');
  expect(arrived!.xml).toContain('<codigoEstablecimiento>480354</codigoEstablecimiento>');
  expect(arrived!.xml).toContain('<apellido1>Becker</apellido1>');
  expect(arrived!.xml).toContain('<apellido2>Arrieta</apellido2>');
  expect(arrived!.xml.match(/<persona>/g)).toHaveLength(2);
  // And nothing went to SES.HOSPEDAJES.
  expect(stack.ses.requests.length).toBe(sesRequests);

  // The list says where they went, under the request's reference; so does the record, whose
  // communications name the Ertzaintza and send to its portal for a correction.
  const request = /Reported to Ertzaintza: [0-9a-f-]{36}/;
  await page.reload();
  await expect(page.getByTestId('reported-to').filter({ hasText: request })).toHaveCount(2);
  await page.goto(`/clients/view/${ids[0]}`);
  await expect(page.getByTestId('reported-to')).toHaveText(
    /Reported to Ertzaintza on .*, reference [0-9a-f-]{36}/,
  );
  const sent = page.getByRole('region', { name: 'Sent to the Ertzaintza' });
  await expect(sent).toContainText(/Stored by the Ertzaintza on .* \(request [0-9a-f-]{36}\)/);
  await expect(sent).toContainText("do it on the Ertzaintza's portal");
  await expect(sent.getByRole('button', { name: 'Cancel at the Ministry' })).toHaveCount(0);
  await expectAccessible(page);

  // Nothing is left to report.
  const toReport = await page.request.get(
    `/api/ses-to-report?establishmentId=${owner.establishmentId}`,
    { headers: auth },
  );
  expect(((await toReport.json()) as { data: unknown[] }).data).toEqual([]);
});
