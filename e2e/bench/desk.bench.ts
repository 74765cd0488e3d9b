import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from '@playwright/test';
import { LANGUAGES, type Language } from '@hospes/shared/languages';
import { mrzCheckDigit } from '@hospes/shared/mrz';
import { travelerBody } from '../../apps/server/test/traveler-factories';
import { createOwner, signIn, updateEstablishment, walkInHeightIn } from '../support';
import { expect, test } from '../fixtures';

/**
 * The desk at rush hour, counted (issue 28, decision 064): the real app in Chromium on a phone's
 * screen (360 × 740, touch), driven the shortest way a hospitalero would, counting per pilgrim the
 * actions at the desk (taps, key presses that are not typing, a signature, a document swiped
 * through the reader) and the characters typed; and the height of each form at 360 px, the walk-in's
 * in each of the 16 languages too (decision 077). Writes
 * docs/benchmarks-desk.md, which bench/run.ts copies into docs/benchmarks.md.
 * `npm run bench:desk` after `npm run build`.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PHONE = { width: 360, height: 740 };
const PILGRIMS = 3;

/** What the desk did for one pilgrim. */
interface Count {
  actions: number;
  typed: number;
  /** Of `typed`, the e-mail and the phone (the targets count the rest). */
  contact: number;
}

/** The desk's hands: every gesture goes through here and is counted. */
class Desk {
  count: Count = { actions: 0, typed: 0, contact: 0 };
  constructor(private readonly page: Page) {}

  start() {
    this.count = { actions: 0, typed: 0, contact: 0 };
  }

  async tap(target: Locator) {
    await target.click();
    this.count.actions += 1;
  }

  async press(key: string) {
    await this.page.keyboard.press(key);
    this.count.actions += 1;
  }

  /**
   * Types `text` into a field: one tap to reach it unless it has the focus already, then the
   * characters (`typed`: what a person types, a date's digits without its separators).
   */
  async type(field: Locator, text: string, options: { typed?: string; contact?: boolean } = {}) {
    const focused = await field.evaluate((element) => element === document.activeElement);
    if (!focused) await this.tap(field);
    await field.fill(text);
    const length = (options.typed ?? text).length;
    this.count.typed += length;
    if (options.contact) this.count.contact += length;
  }

  /** A select: one tap to open it, one to choose. */
  async choose(select: Locator, value: string) {
    await select.selectOption(value);
    this.count.actions += 2;
  }

  /** A type-ahead: a few letters, Enter takes the first match. */
  async typeAhead(field: Locator, text: string) {
    await this.type(field, text);
    await this.press('Enter');
  }

  /** The pilgrim signs on the pad: one gesture (the desk hands the tablet over). */
  async sign() {
    const pad = this.page.getByRole('img', { name: "Traveler's signature" });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await this.page.mouse.move(box.x + 30, box.y + box.height * 0.6);
    await this.page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await this.page.mouse.move(box.x + 30 + i * 20, box.y + box.height * (i % 2 ? 0.3 : 0.7), {
        steps: 2,
      });
    }
    await this.page.mouse.up();
    this.count.actions += 1;
  }

  /**
   * The document through a USB reader: one action of the desk. The reader types the MRZ's lines,
   * each ended by Enter, a key every few milliseconds (decision 055): its key events are sent
   * from inside the page at once, since the DevTools protocol's keys (one round trip each) and
   * the page's timers can be further apart than a reader's on a busy machine.
   */
  async scan(lines: string[]) {
    await this.page.evaluate((zone) => {
      const target = document.activeElement ?? document.body;
      for (const key of zone.flatMap((line) => [...line, 'Enter']))
        target.dispatchEvent(
          new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
        );
    }, lines);
    this.count.actions += 1;
  }
}

/** A passport's MRZ (TD3) for a made-up holder, with its check digits. */
function passportMrz(p: {
  surname: string;
  given: string;
  number: string;
  nationality: string;
  birth: string;
  sex: 'F' | 'M';
  expiry: string;
}): string[] {
  const name = `${p.surname}<<${p.given}`.padEnd(39, '<');
  const number = p.number.padEnd(9, '<');
  const personal = ''.padEnd(14, '<');
  const parts = [
    number + mrzCheckDigit(number),
    p.birth + mrzCheckDigit(p.birth),
    p.expiry + mrzCheckDigit(p.expiry),
    personal + mrzCheckDigit(personal),
  ];
  const nationality = p.nationality.padEnd(3, '<');
  const composite = mrzCheckDigit(parts.join(''));
  const line2 = `${parts[0]}${nationality}${parts[1]}${p.sex}${parts[2]}${parts[3]}${composite}`;
  return [`P<${nationality}${name}`, line2];
}

const WALK_INS = [
  {
    first: 'Ana',
    last: 'Ruiz',
    country: 'spa',
    birth: '1980-03-14',
    sex: 'F',
    number: 'PA1000001',
  },
  {
    first: 'Tom',
    last: 'Berg',
    country: 'swe',
    birth: '1975-11-02',
    sex: 'M',
    number: 'PA1000002',
  },
  {
    first: 'Eva',
    last: 'Kovac',
    country: 'slov',
    birth: '1990-07-21',
    sex: 'F',
    number: 'PA1000003',
  },
] as const;

const SCANS = [
  {
    surname: 'WAGNER',
    given: 'LUKAS',
    number: 'C01X00T41',
    nationality: 'D',
    birth: '850312',
    sex: 'M',
  },
  {
    surname: 'DUBOIS',
    given: 'CLAIRE',
    number: '18FV25113',
    nationality: 'FRA',
    birth: '920405',
    sex: 'F',
  },
  {
    surname: 'SMITH',
    given: 'OLIVIA',
    number: '533380006',
    nationality: 'GBR',
    birth: '010919',
    sex: 'F',
  },
] as const;

/** The tallest of what the counts were per pilgrim (they are the same each time unless a step is). */
const most = (counts: Count[], key: keyof Count) => Math.max(...counts.map((count) => count[key]));

async function formHeight(page: Page, selector = 'main form') {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => element.getBoundingClientRect().height);
}

/**
 * The walk-in as the hospitalero sees and needs it (decision 074): from the top of the desk's mode
 * switch to the bottom of the save button, the identity block open as when typing.
 */
async function walkInHeight(page: Page) {
  const top = await page
    .getByRole('radiogroup', { name: 'How to register' })
    .evaluate((element) => element.getBoundingClientRect().top);
  const bottom = await page
    .getByRole('button', { name: 'Save record' })
    .evaluate((element) => element.getBoundingClientRect().bottom);
  return bottom - top;
}

/** The same, to the bottom of the form: with what follows the button (the defaults' lines). */
async function walkInWhole(page: Page) {
  const top = await page
    .getByRole('radiogroup', { name: 'How to register' })
    .evaluate((element) => element.getBoundingClientRect().top);
  const bottom = await page
    .locator('main form')
    .first()
    .evaluate((element) => element.getBoundingClientRect().bottom);
  return bottom - top;
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

async function phoneContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  return context;
}

test('the desk at rush hour: actions and typing per pilgrim, and the forms at 360 px', async ({
  browser,
  mail,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const context = await phoneContext(browser, baseURL!);
  const page = await context.newPage();
  const owner = await createOwner(page.request, mail, baseURL!, {
    prefix: 'bench-desk',
    establishmentName: 'Albergue del Banco',
  });
  // An albergue: one night by default, cash, the emergency contact optional at the desk.
  await updateEstablishment(page.request, owner, {
    walkInNights: 1,
    defaultPaymentType: 'EFECT',
    emergencyContactOptional: true,
  });
  const headers = { authorization: `Bearer ${owner.token}` };
  const link = await page.request.get(`/api/establishments/${owner.establishmentId}/checkin-link`, {
    headers,
  });
  const { token } = ((await link.json()) as { data: { token: string } }).data;

  // The first screen, as a new phone sees it: the cookie notice is there until answered.
  const fresh = await phoneContext(browser, baseURL!);
  const first = await fresh.newPage();
  await first.goto(`/registro-viajero?t=${token}&lng=en`);
  await expect(first.locator('main form input').first()).toBeVisible({ timeout: 30_000 });
  const cookieBand = await first
    .getByRole('region', { name: 'Cookie notice' })
    .evaluate((element) => element.getBoundingClientRect().height);
  const firstFieldTop = await first
    .locator('main form input')
    .first()
    .evaluate((element) => element.getBoundingClientRect().top);
  const selfForm = await formHeight(first);
  const selfPage = await pageHeight(first);
  await fresh.close();

  await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'true'));
  await signIn(page, owner.token, baseURL!);
  const desk = new Desk(page);
  const registration = async () => {
    await page.goto('/traveler-registration');
    await expect(page.getByRole('radiogroup', { name: 'How to register' })).toBeVisible();
  };

  // The whole desk form, for comparison.
  await registration();
  await page.getByRole('radio', { name: 'Manual' }).click();
  const fullForm = await formHeight(page);

  // Walk-in by hand: one screen (from the mode switch to the save button), then "New stay" for a
  // pilgrim of their own.
  await page.getByRole('radio', { name: 'Walk-in' }).click();
  await expect(page.getByLabel('First name')).toBeFocused();
  const walkInForm = await walkInHeight(page);
  const walkInAll = await walkInWhole(page);
  const byHand: Count[] = [];
  let walkInDone: number | null = null;
  for (const pilgrim of WALK_INS) {
    desk.start();
    await desk.type(page.getByLabel('First name'), pilgrim.first);
    await desk.type(page.getByLabel('First surname'), pilgrim.last);
    await desk.typeAhead(page.getByRole('combobox', { name: 'Nationality' }), pilgrim.country);
    await desk.type(page.getByLabel('Date of birth'), pilgrim.birth, {
      typed: pilgrim.birth.replaceAll('-', ''),
    });
    await desk.choose(page.getByLabel('Sex'), pilgrim.sex);
    await desk.type(page.getByLabel('Document number'), pilgrim.number);
    await desk.type(page.getByLabel('Email', { exact: true }), `${pilgrim.first}@example.org`, {
      contact: true,
    });
    // The identity block done and left: closed to its line (decision 072).
    if (walkInDone === null) {
      await expect(page.getByRole('button', { name: 'Edit: Identity', exact: true })).toBeVisible();
      walkInDone = await walkInHeight(page);
    }
    await desk.type(page.getByLabel('Phone', { exact: true }), '+34600111222', { contact: true });
    await desk.sign();
    await desk.tap(page.getByRole('button', { name: 'Save record' }));
    await expect(
      page.getByRole('heading', { name: `Saved: ${pilgrim.first} ${pilgrim.last}` }),
    ).toBeVisible({ timeout: 30_000 });
    await desk.tap(page.getByRole('button', { name: 'New stay' }));
    await expect(page.getByLabel('First name')).toBeFocused();
    byHand.push(desk.count);
  }

  // Walk-in by scan: the reader reads the passport; a scan while the saved one shows starts the
  // next pilgrim (no tap for it).
  const byScan: Count[] = [];
  for (const holder of SCANS) {
    desk.start();
    await desk.scan(passportMrz({ ...holder, expiry: '320101' }));
    await expect(page.getByLabel('Document number')).toHaveValue(holder.number);
    await desk.type(page.getByLabel('Email', { exact: true }), `${holder.given}@example.org`, {
      contact: true,
    });
    await desk.type(page.getByLabel('Phone', { exact: true }), '+34600333444', { contact: true });
    await desk.sign();
    await desk.tap(page.getByRole('button', { name: 'Save record' }));
    await expect(page.getByRole('heading', { name: /^Saved: / })).toBeVisible({
      timeout: 30_000,
    });
    byScan.push(desk.count);
  }

  // Queue confirmation: pilgrims who checked themselves in on their phones.
  for (let i = 0; i < PILGRIMS; i++) {
    const sent = await page.request.post(`/api/public/checkin/${token}?lng=en`, {
      data: travelerBody(null, {
        firstName: `Queue${'ABC'[i]}`,
        lastName: 'Pilgrim',
        entryDate: undefined,
        checkOutDate: undefined,
      }),
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await registration();
  const queue = page.getByRole('region', { name: 'Arrivals to confirm' });
  const queued: Count[] = [];
  for (let i = 0; i < PILGRIMS; i++) {
    desk.start();
    await desk.tap(queue.getByRole('button', { name: /^Check and confirm / }).first());
    const review = page.getByRole('region', { name: 'Check and confirm the registration' });
    await desk.tap(review.getByRole('button', { name: 'Save and confirm' }));
    await expect(page.getByText(/: arrival confirmed\.$/).first()).toBeVisible({ timeout: 30_000 });
    await expect(review).toBeHidden();
    queued.push(desk.count);
  }
  await expect(queue.getByText('Waiting: 0')).toBeVisible();

  // The walk-in in each of the 16 languages (decision 077): a translation's longer label is what
  // makes it taller than the English.
  const byLanguage = [] as { lng: Language; height: number; wrapped: string[] }[];
  for (const lng of LANGUAGES) byLanguage.push({ lng, ...(await walkInHeightIn(page, lng)) });
  await context.close();

  const screens = (height: number) => (height / PHONE.height).toFixed(1);
  const met = (ok: boolean | null) => (ok === null ? '—' : ok ? 'yes' : '**no**');
  const row = (name: string, counts: Count[], target: string, ok: boolean | null) =>
    `| ${name} | ${most(counts, 'actions')} | ${most(counts, 'typed') - most(counts, 'contact')} | ${most(counts, 'contact')} | ${target} | ${met(ok)} |`;
  const scanActions = most(byScan, 'actions');
  const scanTyped = most(byScan, 'typed') - most(byScan, 'contact');
  const doc = [
    '# The desk at rush hour',
    '',
    `Generated by \`npm run bench:desk\` (e2e/bench/desk.bench.ts, after \`npm run build\`) on ${new Date().toISOString().slice(0, 10)}. Chromium ${browser.version()}, a phone's screen (${PHONE.width} × ${PHONE.height}, touch), English (the walk-in's height also in each of the 16 languages).`,
    '',
    '## Per pilgrim at the desk',
    '',
    `The real app, driven the shortest way, ${PILGRIMS} pilgrims each (the most any of them took). An action is a tap, a key`,
    'press that is not typing (Enter in a type-ahead), a choice in a list (two: open, choose), the',
    "pilgrim's signature (one) or a document through the USB reader (one); reaching a field that has",
    'no focus is a tap. Typed: the characters, a date as its eight digits; the contact (e-mail and phone)',
    'apart. The establishment: an albergue whose walk-in stays one night by default, paid in cash,',
    'the emergency contact optional at the desk (decision 055). Walk-in: the desk\'s "Walk-in" mode',
    '(decision 064); by hand, each pilgrim on a stay of their own ("New stay"); by scan, the next',
    'document read while the last one shows starts the next pilgrim.',
    '',
    '| Scenario | actions | typed (besides the contact) | typed (contact) | target | met |',
    '|---|---:|---:|---:|---|---|',
    row('Walk-in by hand', byHand, '—', null),
    row(
      'Walk-in by scan (USB reader)',
      byScan,
      '≤ 8 actions, ≤ 40 typed besides the contact',
      scanActions <= 8 && scanTyped <= 40,
    ),
    row('Queue confirmation', queued, '≤ 4 actions', most(queued, 'actions') <= 4),
    '',
    '## Forms at 360 px',
    '',
    `Heights in CSS pixels; a screen is the ${PHONE.height} px of the viewport. The desk's whole form and the`,
    "self check-in's form: the form element. The walk-in (decision 074): from the top of the desk's",
    "mode switch to the bottom of the save button, what the hospitalero sees and needs; the stay's",
    "dates and the optional emergency contact, which the establishment's defaults decide, follow the button.",
    '',
    '| Form | height px | screens | target | met |',
    '|---|---:|---:|---|---|',
    `| Desk: the whole form (Manual) | ${Math.round(fullForm)} | ${screens(fullForm)} | — | — |`,
    `| Desk: Walk-in, from the mode switch to the save button (identity open, as when typing) | ${Math.round(walkInForm)} | ${screens(walkInForm)} | one screen | ${met(walkInForm / PHONE.height <= 1)} |`,
    `| Desk: Walk-in, with the stay's line and the optional emergency contact after the button | ${Math.round(walkInAll)} | ${screens(walkInAll)} | — | — |`,
    `| Desk: Walk-in, the identity block typed and left (closed to its line), switch to button | ${Math.round(walkInDone ?? 0)} | ${screens(walkInDone ?? 0)} | — | — |`,
    `| Self check-in: the form | ${Math.round(selfForm)} | ${screens(selfForm)} | — | — |`,
    `| Self check-in: the whole page (header, cookie notice, footer) | ${selfPage} | ${screens(selfPage)} | ≤ 3 screens | ${met(selfPage / PHONE.height <= 3)} |`,
    `| Cookie notice on the first screen | ${Math.round(cookieBand)} | — | — | — |`,
    '',
    `The self check-in's first field starts ${Math.round(firstFieldTop)} px from the top of the first screen, cookie notice included.`,
    '',
    '## The walk-in at 360 × 740 in each language',
    '',
    "The walk-in measured as above (from the mode switch to the save button, right after choosing it), the desk's",
    'page opened with `?lng=` in each of the 16 languages. A label on two lines in a half-width column makes its row',
    '16 px taller; the ones there are, listed.',
    '',
    `| ${byLanguage.map(({ lng }) => lng).join(' | ')} |`,
    `|${byLanguage.map(() => '---:|').join('')}`,
    `| ${byLanguage.map(({ height }) => height).join(' | ')} |`,
    '',
    `One screen (≤ ${PHONE.height} px) in ${byLanguage.filter(({ height }) => height <= PHONE.height).length} of ${byLanguage.length} languages: ${met(byLanguage.every(({ height }) => height <= PHONE.height))}. Labels on two lines: ${
      byLanguage
        .filter(({ wrapped }) => wrapped.length > 0)
        .map(({ lng, wrapped }) => `${lng} (${wrapped.map((label) => `“${label}”`).join(', ')})`)
        .join('; ') || 'none'
    }.`,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(root, 'docs/benchmarks-desk.md'), doc);
  process.stdout.write(`${doc}\n`);
});
