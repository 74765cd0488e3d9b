import { randomInt } from 'node:crypto';
import { dataUrl, travelerBody, PNG_BYTES } from '../../apps/server/test/traveler-factories';
import { createOwner, signIn, updateEstablishment } from '../support';
import { expect, expectAccessible, test } from '../fixtures';

test('a hostel sends its partes to SES.HOSPEDAJES from Hospes and sees the Ministry store them', async ({
  page,
  mail,
  baseURL,
  stack,
}) => {
  test.setTimeout(240_000);
  const owner = await createOwner(page.request, mail, baseURL!, { prefix: 'ses' });
  const auth = { authorization: `Bearer ${owner.token}` };
  // The codes the Ministry assigned: the establishment's and the lessor's.
  await updateEstablishment(page.request, owner, {
    establishmentCode: 'H150000123',
    landlordCode: stack.ses.landlordCode,
  });

  // A pilgrim with everything a parte needs.
  const surname = `Etxeberria${randomInt(1000, 9999)}`;
  const created = await page.request.post('/api/pilgrims?lng=en', {
    headers: auth,
    data: travelerBody(owner.establishmentId, {
      firstName: 'Ane',
      lastName: surname,
      nationality: 'DEU',
      documentType: 'P',
      entryDate: '2026-06-01',
      checkOutDate: '2026-06-02',
      contactInfo: { email: 'ane@example.de', phone: '+49 30 123456' },
      address: {
        street: 'Hauptstraße 1',
        municipalityName: 'München',
        postalCode: '80331',
        country: 'DEU',
      },
      stay: {
        entryDateTime: '2026-06-01T18:30:00',
        exitDateTime: '2026-06-02T08:00:00',
        paymentType: 'EFECT',
      },
      signatureImage: dataUrl(PNG_BYTES),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const travelerId = ((await created.json()) as { data: { id: string } }).data.id;

  await signIn(page, owner.token, baseURL!);

  // The establishment's web-service user, in its card on the profile, on a phone.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/profile?tab=establishments');
  const section = page.getByRole('button', { name: /SES.HOSPEDAJES web service/ });
  await expect(section).toContainText('Not connected');
  await section.click();
  await page.getByLabel('Web-service user').fill(stack.ses.user);
  await page.getByLabel('Password', { exact: true }).fill(stack.ses.password);
  await page.getByLabel('Service', { exact: true }).selectOption('test');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Web-service user saved.')).toBeVisible();
  await expect(section).toContainText(`Connected as ${stack.ses.user} (test service)`);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await page.getByRole('button', { name: /^Check the connection/ }).click();
  await expect(page.getByText('The Ministry accepted the user and password.')).toBeVisible();
  await expectAccessible(page);

  // The list: send the arrivals of the stay's day.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/clients');
  const toolbar = page.getByRole('group', { name: 'Export, import and SES files' });
  await toolbar.getByRole('button', { name: 'Generate XML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to SES.HOSPEDAJES' });
  await expect(dialog.getByLabel('Send to SES.HOSPEDAJES now')).toBeChecked();
  await dialog.getByLabel('From', { exact: true }).fill('2026-06-01');
  await dialog.getByLabel('To', { exact: true }).fill('2026-06-01');
  await dialog.getByRole('button', { name: 'Send' }).click();

  const result = page.getByRole('dialog', { name: 'Sent to SES.HOSPEDAJES' });
  await expect(result).toContainText(/processing the communication of 1 traveler|has stored/);
  await expect(result).toContainText('Test service (pre-production)');
  // The page asks every few seconds until the Ministry has processed the lote.
  await expect(
    result.getByText('The Ministry has stored the communication of 1 traveler.'),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expectAccessible(page);
  // What reached the service was that pilgrim's parte, with the lessor code.
  const arrived = stack.ses.requests.filter((r) => r.operation === 'comunicacionRequest').at(-1)!;
  expect(arrived.kind).toBe('PV');
  expect(arrived.xml).toContain(`<apellido1>${surname}</apellido1>`);
  await result.getByRole('button', { name: 'Close' }).click();

  // The same day again: nobody left to send.
  await toolbar.getByRole('button', { name: 'Generate XML' }).click();
  await dialog.getByLabel('From', { exact: true }).fill('2026-06-01');
  await dialog.getByLabel('To', { exact: true }).fill('2026-06-01');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText(/already sent to SES.HOSPEDAJES/)).toBeVisible();
  await expect(dialog.getByText(`Ane ${surname}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The traveler's record says it was reported, with the Ministry's code.
  await page.goto(`/clients/view/${travelerId}`);
  const reported = page.getByRole('region', { name: 'Sent to SES.HOSPEDAJES' });
  await expect(reported).toContainText(
    /Parte de viajeros \(test service\): Stored by the Ministry on .* \(code [0-9a-f-]{36}\)/,
  );
  await expectAccessible(page);
});
