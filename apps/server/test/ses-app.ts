import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../src/config/env';
import { establishments } from '../src/db/schema';
import { configureEstablishment } from './documents-helpers';
import { startTestSes } from './ses-service';
import { bearer, createTestContext, registerVerifiedOwner } from './test-app';

/**
 * A test app that sends to the local SES.HOSPEDAJES service over HTTPS (its certificate trusted
 * through SES_CA_FILE, no timer looking at lotes), with two owners whose establishments have an
 * establishment code and the service's landlord code.
 */
export async function startSesTestApp(overrides: Partial<Config> = {}) {
  const service = await startTestSes({ https: true });
  const caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-ses-ca-'));
  const caFile = path.join(caDir, 'ca.pem');
  fs.writeFileSync(caFile, service.certificate!);
  const ctx = await createTestContext({
    ses: { endpoint: service.url, caFile, checkSeconds: 0 },
    ...overrides,
  });
  const owner = await registerVerifiedOwner(ctx);
  const other = await registerVerifiedOwner(ctx);
  for (const e of [owner.establishmentId, other.establishmentId]) {
    await configureEstablishment(ctx, e, { establishmentCode: 'H150000123' });
    await ctx.database.db
      .update(establishments)
      .set({ landlordCode: service.landlordCode })
      .where(eq(establishments.id, e));
  }

  /** One call to the API, as `token`'s user when given. */
  function call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
  ) {
    return ctx.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  return {
    service,
    /** The service's certificate, as SES_CA_FILE names it (for another app of the test). */
    caFile,
    ctx,
    owner,
    other,
    call,
    async close() {
      await ctx.close();
      await service.close();
      fs.rmSync(caDir, { recursive: true, force: true });
    },
  };
}
export type SesTestApp = Awaited<ReturnType<typeof startSesTestApp>>;
