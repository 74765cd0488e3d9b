/**
 * A tourist apartment without a desk (issue 32, decisions 060, 066 and 071): the owner connects a
 * channel's calendar (a local iCal server the test starts), completes the bookings it brought
 * until they can be reported, and Hospes reports each booking (RH) to the local SES.HOSPEDAJES
 * service by itself; a guest fills in the booking's link in German on a phone the day before; on
 * the day of arrival the parte (PV) goes, nobody at the door; a booking cancelled on the channel
 * sends the cancellation of its stored RH.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { addDays, localDateTimeOf, todayIso } from '@hospes/shared/dates';
import { appTookOver, createOwner, signIn, updateEstablishment } from '../support';
import { ADMIN, expect, test } from '../fixtures';

// Its own server: a clock the test moves (TEST_CLOCK), the send modes' and the arrivals' rounds
// every second, calendars on this machine allowed and read only when asked.
test.use({
  serverEnv: {
    NODE_ENV: 'test',
    TEST_CLOCK: 'true',
    SES_AUTOMATIC_SECONDS: '1',
    RESERVATION_REMINDER_SECONDS: '1',
    ICAL_ALLOW_PRIVATE_HOSTS: 'true',
    ICAL_FETCH_MINUTES: '0',
  },
});

const MADRID = 'Europe/Madrid';
const ESTABLISHMENT_CODE = 'H150000777';

/** The instant of a local time of `day` on Madrid's clock. */
function madrid(day: string, time: string): Date {
  const hours = Number(time.slice(0, 2));
  const at = [hours - 1, hours - 2]
    .map((utc) => new Date(`${day}T${String(utc).padStart(2, '0')}${time.slice(2)}:00Z`))
    .find((instant) => localDateTimeOf(instant, MADRID).startsWith(`${day}T${time}`));
  if (!at) throw new Error(`no ${time} in Madrid on ${day}`);
  return at;
}

const compact = (iso: string) => iso.replaceAll('-', '');

/** A channel's calendar: all-day bookings by UID, one of them cancelled once `cancelled` is set. */
function calendar(
  events: { uid: string; summary: string; from: string; to: string; cancelled?: boolean }[],
) {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Channel//Test//EN',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:20260101T000000Z`,
      `DTSTART;VALUE=DATE:${compact(e.from)}`,
      `DTEND;VALUE=DATE:${compact(e.to)}`,
      `SUMMARY:${e.summary}`,
      ...(e.cancelled ? ['STATUS:CANCELLED'] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** A field of the traveler form by its name, whatever the language of its label. */
const named = (scope: Page | Locator, name: string) => scope.locator(`[name="${name}"]`);

test('an apartment owner connects a calendar; the booking is reported (RH), its guest checks in in German on a phone with her own link, the parte (PV) goes on arrival, and a cancellation on the channel cancels its RH', async ({
  page,
  browser,
  mail,
  baseURL,
  stack,
  playwright,
}) => {
  test.setTimeout(600_000);
  const ses = stack.ses;
  const owner = await createOwner(page.request, mail, baseURL!, {
    prefix: 'apartment',
    establishmentName: 'Apartamentos Mar',
  });
  const auth = { authorization: `Bearer ${owner.token}` };

  // The server's clock reads the real time until the day of arrival (moved by an administrator).
  const adminApi = await playwright.request.newContext({ baseURL });
  const login = await adminApi.post('/api/auth/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };

  // The Ministry's codes, the apartment's settings: no desk, and bookings paid on the platform.
  await updateEstablishment(page.request, owner, {
    establishmentCode: ESTABLISHMENT_CODE,
    landlordCode: ses.landlordCode,
    defaultPaymentType: 'PLATF',
    autoConfirmReservationCheckins: true,
  });
  const connected = await page.request.put(
    `/api/establishments/${owner.establishmentId}/ses-connection`,
    { headers: auth, data: { user: ses.user, password: ses.password, environment: 'test' } },
  );
  expect(connected.status(), await connected.text()).toBe(200);
  const modes = await page.request.put(
    `/api/establishments/${owner.establishmentId}/ses-schedule`,
    {
      headers: auth,
      data: { PV: { mode: 'on_registration' }, RH: { mode: 'on_registration' } },
    },
  );
  expect(modes.status(), await modes.text()).toBe(200);

  // The channel's calendar: Klara arrives tomorrow for three nights, Tom in ten days.
  const today = todayIso(new Date(), MADRID);
  const tomorrow = addDays(today, 1);
  const klara = {
    uid: 'klara@channel.test',
    summary: 'Klara Wagner',
    from: tomorrow,
    to: addDays(tomorrow, 3),
  };
  const tom = {
    uid: 'tom@channel.test',
    summary: 'Tom Berg',
    from: addDays(today, 10),
    to: addDays(today, 12),
  };
  let feed = calendar([klara, tom]);
  const ical = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    res.end(feed);
  });
  await new Promise<void>((resolve) => ical.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(ical.address() as AddressInfo).port}/apartment.ics`;

  try {
    // The owner connects the calendar on the reservations page.
    await signIn(page, owner.token, baseURL!);
    await page.goto(`/reservations?establishmentId=${owner.establishmentId}&lng=en`);
    const feeds = page.getByRole('region', { name: 'Channel calendars (iCal)' });
    await feeds.getByLabel('Room or unit').fill('Apartamento 1');
    await feeds.getByLabel('Channel').fill('Airbnb');
    await feeds.getByLabel('Calendar address (iCal)').fill(feedUrl);
    await feeds.getByRole('button', { name: 'Add and read' }).click();
    await expect(feeds.getByText(/2 new, 0 changed, 0 cancelled/)).toBeVisible();

    // A calendar gives a name and dates only: nothing is sent with made-up data.
    const list = page.getByRole('region', { name: 'Reservations by arrival' });
    const klaraItem = list.getByRole('listitem').filter({ hasText: 'Klara Wagner' }).first();
    const tomItem = list.getByRole('listitem').filter({ hasText: 'Tom Berg' }).first();
    await expect(klaraItem.getByText('cannot be reported', { exact: true })).toBeVisible();
    await expect(klaraItem.getByText('a phone or e-mail of the holder')).toBeVisible();
    expect(ses.requests.filter((r) => r.kind === 'RH')).toHaveLength(0);

    // The owner completes both bookings from the channel's messages: each is then reported.
    for (const [item, email] of [
      [klaraItem, 'klara.wagner@example.de'],
      [tomItem, 'tom.berg@example.se'],
    ] as const) {
      await item.getByRole('button', { name: /^Edit/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel("Holder's e-mail").fill(email);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Reservation updated')).toBeVisible();
      await expect(dialog).toBeHidden();
    }
    const rhOf = (name: string) =>
      ses.requests.filter(
        (r) => r.kind === 'RH' && r.xml?.includes(`<apellido1>${name}</apellido1>`),
      );
    await expect.poll(() => rhOf('Wagner').length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => rhOf('Berg').length, { timeout: 30_000 }).toBe(1);
    const klaraRh = rhOf('Wagner')[0]!.xml!;
    expect(klaraRh).toContain(`<codigo>${ESTABLISHMENT_CODE}</codigo>`);
    expect(klaraRh).toContain(`<fechaEntrada>${tomorrow}T00:00:00</fechaEntrada>`);
    expect(klaraRh).toMatch(/<rol>TI<\/rol>\s*<nombre>Klara<\/nombre>/);
    expect(klaraRh).toContain('<internet>true</internet>');
    await expect(async () => {
      await page.reload();
      await expect(klaraItem.getByText('accepted', { exact: true })).toBeVisible({
        timeout: 3_000,
      });
      await expect(tomItem.getByText('accepted', { exact: true })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 40_000 });

    // The booking's check-in link, as the owner copies it for the guest.
    const reservations = (await (
      await page.request.get(`/api/establishments/${owner.establishmentId}/reservations`, {
        headers: auth,
      })
    ).json()) as { data: { id: string; holderName: string }[] };
    const klaraId = reservations.data.find((r) => r.holderName === 'Klara Wagner')!.id;
    const tomId = reservations.data.find((r) => r.holderName === 'Tom Berg')!.id;
    // The holder's own link (one per guest, decision 071), as the owner copies it for Klara.
    const guestLinks = (
      (await (
        await page.request.get(`/api/reservations/${klaraId}/guest-links`, { headers: auth })
      ).json()) as { data: { slot: number; url: string }[] }
    ).data;
    const link = guestLinks.find((l) => l.slot === 1)!.url;

    // The day before, Klara fills it in on her phone, in German.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'de-DE',
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.71' },
    });
    try {
      const guest = await phone.newPage();
      await guest.goto(link);
      await appTookOver(guest);
      await expect(guest.locator('html')).toHaveAttribute('lang', 'de');
      await expect(guest.getByText(/Ihre Buchung:/)).toBeVisible({ timeout: 20_000 });
      await expect(
        guest.getByText('Sie sind Gast 1 von 1: Füllen Sie Ihre eigenen Angaben aus.'),
      ).toBeVisible();
      const form = guest.locator('main form');
      // Her slot opens with the booking's name and e-mail.
      await expect(named(form, 'firstName')).toHaveValue('Klara');
      await expect(named(form, 'lastName')).toHaveValue('Wagner');
      await expect(named(form, 'contactInfo.email')).toHaveValue('klara.wagner@example.de');
      await form.locator('[id$="-nationality"]').fill('Deutschland');
      await guest.keyboard.press('Enter');
      await named(form, 'dateOfBirth').fill('1988-07-14');
      await named(form, 'gender').selectOption('F');
      await named(form, 'passportNumber').fill('C01X00T47');
      await named(form, 'contactInfo.email').fill('klara.wagner@example.de');
      await named(form, 'contactInfo.phone').fill('+49 30 1234567');
      await named(form, 'emergencyContact.name').fill('Jonas Wagner');
      await named(form, 'emergencyContact.phone').fill('+49 30 7654321');
      await named(form, 'emergencyContact.relationship').selectOption('spouse');
      await form.locator('button[aria-expanded="false"]').first().click();
      await named(form, 'address.street').fill('Hauptstraße 5');
      await form.locator('[id$="-address-country"]').fill('Deutschland');
      await guest.keyboard.press('Enter');
      await named(form, 'address.postalCode').fill('10115');
      await named(form, 'address.municipalityName').fill('Berlin');
      // Nothing wider than the phone.
      expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      const pad = form.locator('canvas').first();
      await pad.scrollIntoViewIfNeeded();
      const box = (await pad.boundingBox())!;
      await guest.mouse.move(box.x + 30, box.y + box.height * 0.6);
      await guest.mouse.down();
      for (let i = 1; i <= 10; i++)
        await guest.mouse.move(box.x + 30 + i * 20, box.y + box.height * (i % 2 ? 0.3 : 0.7), {
          steps: 2,
        });
      await guest.mouse.up();
      await form.locator('[id$="-consent"]').check();
      await form.locator('button[type="submit"]').click();
      await expect(guest.getByTestId('confirmation-code')).toBeVisible({ timeout: 30_000 });
    } finally {
      await phone.close();
    }
    await page.reload();
    await expect(klaraItem.getByText(/Check-in complete/)).toBeVisible();
    // No parte before the stay starts.
    const pvOf = (id: string) =>
      ses.requests.filter(
        (r) => r.kind === 'PV' && r.xml?.includes(`<referencia>${id}</referencia>`),
      );
    expect(pvOf(klaraId)).toHaveLength(0);

    // The day of arrival, at noon: confirmed by itself, and the parte reaches the service.
    const moved = await adminApi.post('/api/test/clock', {
      headers: admin,
      data: { at: madrid(tomorrow, '12:00').toISOString() },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    await expect.poll(() => pvOf(klaraId).length, { timeout: 60_000 }).toBe(1);
    const parte = pvOf(klaraId)[0]!.xml!;
    expect(parte).toContain('<nombre>Klara</nombre>');
    expect(parte).toContain('<numeroDocumento>C01X00T47</numeroDocumento>');
    expect(parte).toContain(`<fechaEntrada>${tomorrow}`);
    // The RH went first, once.
    expect(ses.requests.indexOf(rhOf('Wagner')[0]!)).toBeLessThan(
      ses.requests.indexOf(pvOf(klaraId)[0]!),
    );
    expect(rhOf('Wagner')).toHaveLength(1);

    // Tom cancels on the channel: the calendar says so, and the stored RH is cancelled.
    const tomReport = (
      (await (
        await page.request.get(`/api/reservations/${tomId}/ses-report`, { headers: auth })
      ).json()) as { data: { communicationCode: string } }
    ).data;
    feed = calendar([klara, { ...tom, cancelled: true }]);
    await page.reload();
    await feeds.getByRole('button', { name: /Read now/ }).click();
    await expect(feeds.getByText(/0 new, 0 changed, 1 cancelled/)).toBeVisible();
    await expect
      .poll(
        () =>
          ses.requests.filter((r) =>
            r.xml?.includes(
              `<anul:codigoComunicacion>${tomReport.communicationCode}</anul:codigoComunicacion>`,
            ),
          ).length,
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect(async () => {
      await page.reload();
      await expect(tomItem.getByText('cancelled at the Ministry', { exact: true })).toBeVisible({
        timeout: 3_000,
      });
    }).toPass({ timeout: 40_000 });
    await expect(klaraItem.getByText('accepted', { exact: true })).toBeVisible();
  } finally {
    await new Promise((resolve) => ical.close(resolve));
  }
});
