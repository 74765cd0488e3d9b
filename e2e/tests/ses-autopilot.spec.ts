import type { Page } from '@playwright/test';
import { addDays, localDateTimeOf, todayIso } from '@hospes/shared/dates';
import { createOwner, sign, signIn } from '../support';
import { ADMIN, expect, expectAccessible, test } from '../fixtures';

// A server of its own whose clock the test moves (TEST_CLOCK, decision 047: not with
// NODE_ENV=production) and whose automatic round looks every second instead of every minute.
test.use({ serverEnv: { NODE_ENV: 'test', TEST_CLOCK: 'true', SES_AUTOMATIC_SECONDS: '1' } });

/** The establishment's code at the Ministry: it names this establishment's lotes. */
const ESTABLISHMENT_CODE = 'H150000421';

/** Ten pilgrims arriving on foot, each with a passport. */
const WALKERS = [
  { first: 'Ingrid', last: 'Larsen', country: 'Norway', code: 'NOR', city: 'Bergen' },
  { first: 'Pierre', last: 'Dubois', country: 'France', code: 'FRA', city: 'Lyon' },
  { first: 'Giulia', last: 'Rossi', country: 'Italy', code: 'ITA', city: 'Torino' },
  { first: 'Hans', last: 'Becker', country: 'Germany', code: 'DEU', city: 'Köln' },
  { first: 'Aoife', last: 'Murphy', country: 'Ireland', code: 'IRL', city: 'Cork' },
  { first: 'Jan', last: 'Kowalski', country: 'Poland', code: 'POL', city: 'Kraków' },
  { first: 'Sofie', last: 'Jansen', country: 'Netherlands', code: 'NLD', city: 'Utrecht' },
  { first: 'Mark', last: 'Taylor', country: 'United States', code: 'USA', city: 'Denver' },
  { first: 'Ana', last: 'Pereira', country: 'Portugal', code: 'PRT', city: 'Braga' },
  { first: 'Kenji', last: 'Sato', country: 'Japan', code: 'JPN', city: 'Osaka' },
] as const;

const MADRID = 'Europe/Madrid';

/** The instant of a local time of `day` on Madrid's clock (A Coruña's establishment). */
function madrid(day: string, time: string): Date {
  // Madrid is one or two hours ahead of UTC (winter or summer time).
  const hours = Number(time.slice(0, 2));
  const at = [hours - 1, hours - 2]
    .map((utc) => new Date(`${day}T${String(utc).padStart(2, '0')}${time.slice(2)}:00Z`))
    .find((instant) => localDateTimeOf(instant, MADRID).startsWith(`${day}T${time}`));
  if (!at) throw new Error(`no ${time} in Madrid on ${day}`);
  return at;
}

/**
 * The last noon of Madrid's clock at or before `now`: the day the journey plays on. Its clock
 * starts there, nine hours before 21:00, so that it never reaches 21:00 by itself while the desk
 * types; and not after the real time, since the travelers the desk registers (stamped by the
 * database's real clock) count only from when the daily mode is switched on (decision 044).
 */
function lastNoon(now: Date): Date {
  const today = todayIso(now, MADRID);
  const noon = madrid(today, '12:00');
  return noon.getTime() <= now.getTime() ? noon : madrid(addDays(today, -1), '12:00');
}

/** The record's "Sent to SES.HOSPEDAJES", read again until it says `text` (lotes are asked every 2 s). */
async function expectReported(page: Page, text: RegExp) {
  const region = page.getByRole('region', { name: 'Sent to SES.HOSPEDAJES' });
  await expect(async () => {
    await page.reload();
    await expect(region).toContainText(text, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return region;
}

/** Picks an option of a combobox (nationality, country) by typing its name. */
async function choose(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

/**
 * A walk-in typed at the desk with nothing but identity, document, contact, emergency contact,
 * home address (the parte needs it, decision 042) and signature: no stay, no payment.
 */
async function registerWalkIn(page: Page, walker: (typeof WALKERS)[number], index: number) {
  await expect(page.getByLabel('First name')).toBeFocused();
  await page.getByLabel('First name').fill(walker.first);
  await page.getByLabel('First surname').fill(walker.last);
  await choose(page, 'Nationality', walker.country);
  await page.getByLabel('Date of birth').fill(`19${70 + index}-04-1${index}`);
  await page.getByLabel('Sex').selectOption(index % 2 ? 'M' : 'F');
  await page.getByLabel('Document type').selectOption('P');
  await page.getByLabel('Document number').fill(`PX${walker.code}${4100 + index}`);
  await page.getByLabel('Email', { exact: true }).fill(`${walker.first.toLowerCase()}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill(`+34 600 100 ${100 + index}`);
  await page.getByLabel('Emergency contact name').fill(`Kin of ${walker.first}`);
  await page.getByLabel('Emergency contact phone').fill(`+34 600 200 ${100 + index}`);
  await page.getByLabel('Relationship').selectOption('parent');
  const home = page.getByRole('button', { name: /^Home address/ });
  if ((await home.getAttribute('aria-expanded')) !== 'true') await home.click();
  await page.getByLabel('Street and number').fill(`Main street ${index + 1}`);
  await choose(page, 'Country of residence', walker.country);
  await page.getByLabel('Postal code').fill(`${10000 + index}`);
  await page.getByLabel('Municipality', { exact: true }).fill(walker.city);
  await sign(page);
  await page.getByRole('button', { name: 'Save record' }).click();
  await expect(page.getByRole('heading', { name: 'Record saved' })).toBeVisible();
  await expect(page.getByText(`${walker.first} ${walker.last}`)).toBeVisible();
}

test('an albergue sends its partes by itself at 21:00, then corrects one and cancels another from the record', async ({
  page,
  mail,
  baseURL,
  stack,
  playwright,
}) => {
  // Ten registrations typed in full, a lote, a correction and a cancellation.
  test.setTimeout(480_000);
  const owner = await createOwner(page.request, mail, baseURL!, { prefix: 'autopilot' });
  await signIn(page, owner.token, baseURL!);

  // The server's clock, moved by a platform administrator, reads noon of the journey's day.
  // (Its own API context: the owner's browser keeps the owner's session.)
  const adminApi = await playwright.request.newContext({ baseURL });
  const login = await adminApi.post('/api/auth/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const moveClockTo = async (at: Date) => {
    const moved = await adminApi.post('/api/test/clock', {
      headers: admin,
      data: { at: at.toISOString() },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  };
  const noon = lastNoon(new Date());
  const nine = madrid(todayIso(noon, MADRID), '21:00');
  await moveClockTo(noon);

  // The establishment's codes at the Ministry and its report defaults (cash, one night).
  await page.goto('/profile?tab=establishments');
  await page.getByRole('button', { name: 'Edit Albergue San Roque' }).click();
  const editing = page.getByRole('region', { name: 'Edit Albergue San Roque' });
  await editing.getByLabel('Establishment code (SES.HOSPEDAJES)').fill(ESTABLISHMENT_CODE);
  await editing.getByLabel('Landlord code (SES.HOSPEDAJES)').fill(stack.ses.landlordCode);
  await editing.getByLabel('Payment type').selectOption('EFECT');
  await editing.getByLabel('Nights of a stay').fill('1');
  await editing.getByRole('button', { name: 'Save establishment' }).click();
  await expect(page.getByText('Establishment updated')).toBeVisible();

  // Its web-service user, then sending by itself: partes every day at 21:00.
  const section = page.getByRole('button', { name: /SES.HOSPEDAJES web service/ });
  await section.click();
  await page.getByLabel('Web-service user').fill(stack.ses.user);
  await page.getByLabel('Password', { exact: true }).fill(stack.ses.password);
  await page.getByLabel('Service', { exact: true }).selectOption('test');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Web-service user saved.')).toBeVisible();
  const automatic = page.getByRole('form', { name: /^Sending by itself/ });
  const partes = automatic.getByRole('group', { name: 'Partes de viajeros' });
  await partes.getByLabel('When').selectOption('daily');
  await partes.getByLabel('Time (the establishment’s clock)').fill('21:00');
  await automatic.getByRole('button', { name: /^Save the sending times/ }).click();
  await expect(page.getByText('Sending times saved')).toBeVisible();
  await expectAccessible(page);

  // Ten walk-ins at the desk.
  await page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: 'Traveler registration' })
    .click();
  for (const [index, walker] of WALKERS.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Register another traveler' }).click();
    await registerWalkIn(page, walker, index);
  }

  const altas = () =>
    stack.ses.requests.filter(
      (r) =>
        r.operation === 'comunicacionRequest' &&
        r.kind === 'PV' &&
        r.xml?.includes(`<codigoEstablecimiento>${ESTABLISHMENT_CODE}<`),
    );

  // The clock reaches 20:59: nothing leaves, though the automatic round looks every second.
  await moveClockTo(new Date(nine.getTime() - 60_000));
  await page.waitForTimeout(4_000);
  expect(altas()).toHaveLength(0);

  // It passes 21:00.
  await moveClockTo(new Date(nine.getTime() + 30_000));

  // One lote with the ten partes, valid against the Ministry's XSD (the service refuses others).
  await expect.poll(() => altas().length, { timeout: 30_000 }).toBe(1);
  const lote = altas()[0]!;
  expect(lote.xml!.match(/<comunicacion>/g)).toHaveLength(10);
  for (const walker of WALKERS) expect(lote.xml).toContain(`<apellido1>${walker.last}</apellido1>`);
  // What the desk left out came from the establishment's defaults: cash, and one night.
  expect(lote.xml!.match(/<tipoPago>EFECT<\/tipoPago>/g)).toHaveLength(10);
  const stays = [
    ...lote.xml!.matchAll(
      /<fechaEntrada>(\d{4}-\d\d-\d\d)T[^<]*<\/fechaEntrada>\s*<fechaSalida>(\d{4}-\d\d-\d\d)T/g,
    ),
  ];
  expect(stays).toHaveLength(10);
  for (const [, entry, exit] of stays) expect(exit).toBe(addDays(entry!, 1));
  await page.waitForTimeout(3_000);
  expect(altas()).toHaveLength(1);

  // Each traveler is stored by the Ministry, with a code of their own.
  await page.getByRole('link', { name: 'Go to clients' }).click();
  await expect(page.getByText('10 travelers')).toBeVisible();
  const mine = await page.request.get('/api/pilgrims?limit=50', {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const travelers = ((await mine.json()) as { data: Array<{ id: string; lastName: string }> }).data;
  expect(travelers).toHaveLength(10);
  const idOf = (lastName: string) => travelers.find((t) => t.lastName === lastName)!.id;
  const codes = new Map<string, string>();
  for (const walker of WALKERS) {
    await page.goto(`/clients/view/${idOf(walker.last)}`);
    const reported = await expectReported(
      page,
      /Parte de viajeros \(test service\): Stored by the Ministry on .* \(code [0-9a-f-]{36}\)/,
    );
    const code = /\(code ([0-9a-f-]{36})\)/.exec((await reported.textContent()) ?? '')![1]!;
    codes.set(walker.last, code);
  }
  expect(new Set(codes.values()).size).toBe(10);
  await expectAccessible(page);

  // A wrong date of birth: corrected from the edit form, with the correction it offers.
  const corrected = WALKERS[1];
  await page.goto(`/clients/view/${idOf(corrected.last)}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Date of birth').fill('1969-12-24');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Pilgrim saved')).toBeVisible();
  // The notice after the save offers it (the record's own button asks first, decision 048).
  await page
    .getByRole('status')
    .filter({ hasText: 'already reported to SES.HOSPEDAJES' })
    .getByRole('button', { name: 'Send the correction' })
    .click();
  const cancellations = () =>
    stack.ses.requests.filter(
      (r) => r.operation === 'comunicacionRequest' && r.body.includes('<tipoOperacion>B<'),
    );
  // The cancellation goes first; the new alta once the Ministry has processed it (its lote
  // checked, decision 048).
  await expect.poll(() => cancellations().length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => altas().length, { timeout: 90_000 }).toBe(2);
  expect(altas()[1]!.xml).toContain('<fechaNacimiento>1969-12-24</fechaNacimiento>');
  expect(altas()[1]!.xml!.match(/<comunicacion>/g)).toHaveLength(1);
  expect(cancellations()).toHaveLength(1);
  // The cancellation (operation B) named the code the Ministry had stored for that traveler.
  const correctedCode = codes.get(corrected.last)!;
  expect(cancellations()[0]!.xml).toContain(`codigoComunicacion>${correctedCode}<`);
  const record = await expectReported(page, /cancelled by the Ministry/);
  await expectReported(page, /Correction · Parte de viajeros .*Stored by the Ministry/);
  await expect(record).toContainText(/Correction · Parte de viajeros .*cancelled by the Ministry/);
  await page.getByRole('button', { name: 'History of this record' }).click();
  await expect(
    page.getByText(
      `Correction sent to SES.HOSPEDAJES: code ${correctedCode} cancelled and the parte sent again`,
    ),
  ).toBeVisible();
  await expectAccessible(page);

  // Another one is cancelled at the Ministry from the record.
  const cancelled = WALKERS[2];
  await page.goto(`/clients/view/${idOf(cancelled.last)}`);
  const itsRecord = page.getByRole('region', { name: 'Sent to SES.HOSPEDAJES' });
  await itsRecord.getByRole('button', { name: 'Cancel at the Ministry' }).click();
  const confirm = page.getByRole('alertdialog', {
    name: /Cancel communication .* at SES.HOSPEDAJES\?/,
  });
  await confirm.getByRole('button', { name: 'Cancel it' }).click();
  await expect(page.getByText('Cancellation sent: the Ministry is processing it.')).toBeVisible();
  await expect.poll(() => cancellations().length).toBe(2);
  const cancelledCode = codes.get(cancelled.last)!;
  expect(cancellations()[1]!.xml).toContain(`codigoComunicacion>${cancelledCode}<`);
  await expectReported(page, new RegExp(`Code ${cancelledCode} cancelled by the Ministry`));
  await page.getByRole('button', { name: 'History of this record' }).click();
  await expect(
    page.getByText(`Stored communication cancelled at SES.HOSPEDAJES (code ${cancelledCode})`),
  ).toBeVisible();
  await expectAccessible(page);
  // No other parte went.
  expect(altas()).toHaveLength(2);
  await adminApi.dispose();
});
