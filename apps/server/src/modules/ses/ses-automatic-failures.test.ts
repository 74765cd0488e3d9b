/**
 * An automatic send that cannot reach SES.HOSPEDAJES (decision 044): the request is recorded as
 * never sent, the job fails and waits for its retry with the error stored (listed to platform
 * administrators), and the traveler stays to report. A server of its own, whose SES address
 * answers nothing.
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SesToReportItem } from '@hospes/shared/ses-auto';
import { establishments, pilgrims, sesSubmissions } from '../../db/schema';
import { createAdminSession } from '../../../test/accounts';
import {
  configureEstablishment,
  registerTraveler,
  sesReadyBody,
} from '../../../test/documents-helpers';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let clock = new Date('2026-06-15T15:00:00Z');

/** A loopback port nobody listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  ctx = await createTestContext(
    {
      ses: {
        endpoint: `http://127.0.0.1:${await closedPort()}/`,
        caFile: undefined,
        checkSeconds: 0,
      },
      sesAutomaticSeconds: 1,
    },
    { now: () => clock },
  );
});
afterAll(async () => {
  await ctx?.close();
});

describe('an automatic send that cannot reach the Ministry', () => {
  it('is recorded as not sent, retried later with its error kept, and the traveler stays to report', async () => {
    const owner = await registerVerifiedOwner(ctx);
    await configureEstablishment(ctx, owner.establishmentId, { establishmentCode: 'H150000123' });
    await ctx.database.db
      .update(establishments)
      .set({ landlordCode: '0000004242' })
      .where(eq(establishments.id, owner.establishmentId));
    const connected = await ctx.app.inject({
      method: 'PUT',
      url: `/api/establishments/${owner.establishmentId}/ses-connection`,
      headers: bearer(owner.token),
      payload: { user: 'B58378431WS', password: 'secreto', environment: 'test' },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const scheduled = await ctx.app.inject({
      method: 'PUT',
      url: `/api/establishments/${owner.establishmentId}/ses-schedule`,
      headers: bearer(owner.token),
      payload: { PV: { mode: 'daily', time: '21:00' }, RH: { mode: 'manual' } },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const traveler = await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(owner.establishmentId, {
        entryDate: '2026-06-15',
        checkOutDate: '2026-06-16',
        stay: {
          entryDateTime: '2026-06-15T18:00:00',
          exitDateTime: '2026-06-16T08:00:00',
          paymentType: 'EFECT',
        },
      }),
    );
    const registeredAt = new Date('2026-06-15T16:00:00Z');
    await ctx.database.db
      .update(pilgrims)
      .set({ createdAt: registeredAt, updatedAt: registeredAt })
      .where(eq(pilgrims.id, traveler.id));

    // 21:00:30 in Madrid.
    clock = new Date('2026-06-15T19:00:30Z');
    const admin = await createAdminSession(ctx);
    await vi.waitFor(
      async () => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/api/admin/jobs?state=retry',
          headers: bearer(admin.token),
        });
        expect(res.statusCode, res.body).toBe(200);
        const jobs = res.json<{ data: { name: string; error: string | null }[] }>().data;
        expect(jobs.find((j) => j.name === 'ses-automatic-send')?.error).toMatch(
          /could not be reached/,
        );
      },
      { timeout: 20_000, interval: 250 },
    );

    const rows = await ctx.database.db
      .select()
      .from(sesSubmissions)
      .where(eq(sesSubmissions.establishmentId, owner.establishmentId));
    expect(rows.map((r) => [r.state, r.failure])).toEqual([['failed', 'network']]);

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/ses-to-report?establishmentId=${owner.establishmentId}`,
      headers: bearer(owner.token),
    });
    expect(
      list.json<{ data: SesToReportItem[] }>().data.map((i) => [i.pilgrimId, i.state]),
    ).toEqual([[traveler.id, 'unsent']]);
  }, 60_000);
});
