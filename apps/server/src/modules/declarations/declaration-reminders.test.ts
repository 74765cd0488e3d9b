/**
 * The declaración responsable's reminders (decision 083): on the app's clock, moved by the test,
 * the owners get one e-mail when the newest declaration enters its last 30 days and one when it
 * has ended, through a real SMTP server; a renewal starts the count again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentDeclarations } from '../../db/schema';
import { signaturePng } from '../../lib/pdf/fixtures';
import { dataUrl } from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

/** The app's clock: noon in Spain on 10 March 2026, moved by the test. */
let clock = new Date('2026-03-10T11:00:00Z');

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let never: Awaited<ReturnType<typeof registerVerifiedOwner>>;

const SIGNATURE = dataUrl(signaturePng(600, 200));

beforeAll(async () => {
  // The reminders' round every second, as the deadline guard's (SES_AUTOMATIC_SECONDS).
  ctx = await createTestContext({ sesAutomaticSeconds: 1 }, { now: () => clock });
  owner = await registerVerifiedOwner(ctx, { name: 'Albergue Recordado de Sarria' });
  never = await registerVerifiedOwner(ctx, { name: 'Hostal Sin Declaración' });
}, 120_000);
afterAll(async () => ctx?.close());

const sign = async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/establishments/${owner.establishmentId}/declaration?lng=en`,
    headers: bearer(owner.token),
    payload: { signatureImage: SIGNATURE, language: 'en' },
  });
  expect(res.statusCode, res.body).toBe(201);
};
/** The messages since the test began (not the registration's). */
let since = 0;
const mailsTo = (email: string, subject: RegExp) =>
  ctx.smtp.messages
    .slice(since)
    .filter((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject));
/** Waits for the first version's recorded reminder to be `state` (a round or two later). */
async function remindedAs(state: string | null) {
  for (let i = 0; i < 100; i++) {
    const [row] = await ctx.database.db
      .select({ remindedState: establishmentDeclarations.remindedState })
      .from(establishmentDeclarations)
      .where(eq(establishmentDeclarations.establishmentId, owner.establishmentId))
      .orderBy(establishmentDeclarations.signedAt);
    if (row && row.remindedState === state) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the declaration was never reminded as ${state}`);
}

const EXPIRING = /Albergue Recordado de Sarria/;

describe('the reminders of a declaración responsable', () => {
  it('e-mails the owners once in its last 30 days and once when it has ended', async () => {
    since = ctx.smtp.messages.length;
    await sign(); // valid through 9 March 2027

    // 31 days before its end: still valid, nothing sent (two rounds pass).
    clock = new Date('2027-02-06T11:00:00Z');
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailsTo(owner.email, EXPIRING)).toEqual([]);

    // 29 days before: expiring, in the owner's language, with the day and the way to renew.
    clock = new Date('2027-02-08T11:00:00Z');
    const expiring = await ctx.smtp.waitFor(owner.email, {
      subject: EXPIRING,
      after: since,
      timeoutMs: 20_000,
    });
    expect(expiring.subject).toMatch(/declaración responsable/i);
    expect(expiring.text).toMatch(/2027/);
    expect(expiring.text).toContain('/profile?tab=establishments');
    await remindedAs('expiring');
    // Later rounds in the same state send nothing more.
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailsTo(owner.email, EXPIRING)).toHaveLength(1);

    // The day after its last valid day: ended.
    clock = new Date('2027-03-10T11:00:00Z');
    await remindedAs('expired');
    const expired = await ctx.smtp.waitFor(owner.email, {
      subject: EXPIRING,
      after: ctx.smtp.messages.indexOf(expiring) + 1,
      timeoutMs: 20_000,
    });
    expect(expired.subject).not.toBe(expiring.subject);
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailsTo(owner.email, EXPIRING)).toHaveLength(2);

    // An establishment that never signed one is not reminded of it.
    expect(ctx.smtp.messages.slice(since).filter((m) => /Hostal Sin/.test(m.subject))).toEqual([]);
    expect(mailsTo(never.email, /declaraci/i)).toEqual([]);

    // Renewed: a new year, whose own last 30 days are reminded again.
    await sign(); // signed 10 March 2027, valid through 9 March 2028
    clock = new Date('2028-02-20T11:00:00Z');
    await ctx.smtp.waitFor(owner.email, {
      subject: EXPIRING,
      after: ctx.smtp.messages.indexOf(expired) + 1,
      timeoutMs: 20_000,
    });
    expect(mailsTo(owner.email, EXPIRING)).toHaveLength(3);
  }, 120_000);
});
