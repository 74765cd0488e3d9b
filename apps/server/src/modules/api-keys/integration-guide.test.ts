/**
 * The integration guide's example (docs/examples/register-traveler.mjs) runs as a partner would
 * run it: plain Node against a listening server, with a key the owner made.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pilgrims } from '../../db/schema';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

const SCRIPT = fileURLToPath(
  new URL('../../../../../docs/examples/register-traveler.mjs', import.meta.url),
);
const run = promisify(execFile);

let ctx: TestContext;
let address: string;

beforeAll(async () => {
  ctx = await createTestContext();
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => ctx?.close());

describe('docs/examples/register-traveler.mjs', () => {
  it('registers a traveler once, retried with its Idempotency-Key, and finds it by cursor', async () => {
    const owner = await registerVerifiedOwner(ctx);
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/establishments/${owner.establishmentId}/api-keys`,
      headers: bearer(owner.token),
      payload: { name: 'Guide example', permissions: ['travelers.register', 'travelers.view'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const secret = made.json<{ data: { secret: string } }>().data.secret;
    const passport = `GUIDE${Date.now().toString(36).toUpperCase()}`.slice(0, 14);

    const { stdout } = await run(process.execPath, [SCRIPT], {
      env: {
        PATH: process.env.PATH,
        HOSPES_URL: address,
        HOSPES_API_KEY: secret,
        PASSPORT_NUMBER: passport,
      },
      timeout: 60_000,
    });
    const result = JSON.parse(stdout.trim()) as Record<string, unknown>;
    expect(result).toMatchObject({
      establishmentId: owner.establishmentId,
      replayed: true,
      found: true,
      seen: 1,
    });
    // One traveler with that passport, registered in the owner's establishment.
    const rows = await ctx.database.db
      .select({ id: pilgrims.id })
      .from(pilgrims)
      .where(and(eq(pilgrims.establishmentId, owner.establishmentId)));
    expect(rows.map((r) => r.id)).toEqual([result.travelerId]);
  });

  it('stops with the server’s error when the key is refused', async () => {
    const failed = await run(process.execPath, [SCRIPT], {
      env: {
        PATH: process.env.PATH,
        HOSPES_URL: address,
        HOSPES_API_KEY: `hsp_live_${'0'.repeat(43)}`,
      },
      timeout: 60_000,
    }).catch((err: { code: number; stderr: string }) => err);
    expect((failed as { code: number }).code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain('401 API_KEY_INVALID');
  });
});
