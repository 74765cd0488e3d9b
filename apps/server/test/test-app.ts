import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../src/app';
import { testConfig, type Config } from '../src/config/env';
import type { Database } from '../src/db/client';
import { createAesGcmCipher, loadEncryptionKey } from '../src/lib/storage/document-cipher';
import { createAuditRepository } from '../src/modules/audit/audit.repository';
import {
  createTravelersRepository,
  type TravelersRepository,
} from '../src/modules/travelers/travelers.repository';
import {
  createTravelersService,
  type TravelersServiceDeps,
} from '../src/modules/travelers/travelers.service';
import { openTestDatabase } from './db';
import { linkIn, startTestSmtp, type TestSmtp } from './smtp';
import { registrationBody } from './factories';

export const APP_URL = 'http://hospes.test';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  smtp: TestSmtp;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a database of its own, sending mail over SMTP to a server started here; `deps`
 * replaces some of its parts (its clock).
 */
export async function createTestContext(
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, 'now' | 'selfCheckinRenderer'> = {},
  options: { smtp?: Parameters<typeof startTestSmtp>[0] } = {},
): Promise<TestContext> {
  const smtp = await startTestSmtp(options.smtp);
  const database = await openTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-test-'));
  const config = testConfig({ smtpUrl: smtp.url, appUrl: APP_URL, dataDir, ...overrides });
  const app = await buildApp({ config, database, ...deps });
  await app.ready();
  return {
    app,
    database,
    smtp,
    config,
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

let clientAddresses = 0;

/**
 * A client address of its own for each call (198.18.0.0/15, set aside for tests), so the limits
 * per address (such as registrations an hour) never count one test's calls against another's.
 */
export function freshAddress(): string {
  clientAddresses += 1;
  return `198.18.${Math.floor(clientAddresses / 250) % 250}.${(clientAddresses % 250) + 1}`;
}

/** Registers an owner and an establishment, verifies the e-mail from the link that arrived. */
export async function registerVerifiedOwner(
  ctx: TestContext,
  overrides: Parameters<typeof registrationBody>[0] = {},
) {
  const body = registrationBody(overrides);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register-establishment',
    payload: body,
    remoteAddress: freshAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const mail = await ctx.smtp.waitFor(body.account.email, { subject: /confirm|confirme/i });
  const token = new URL(linkIn(mail, `${APP_URL}/verify-email`)).searchParams.get('token')!;
  const verified = await ctx.app.inject({
    method: 'GET',
    url: `/api/auth/verify?token=${encodeURIComponent(token)}`,
  });
  if (verified.statusCode !== 200)
    throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  const json = verified.json<{ token: string; user: { id: string } }>();
  return {
    body,
    email: body.account.email,
    password: body.account.password,
    token: json.token,
    userId: json.user.id,
    establishmentId: res.json<{ data: { establishmentId: string } }>().data.establishmentId,
  };
}

/**
 * The travelers service on the context's database, as the app builds it, with some of its real
 * repository's members replaced (to count calls, or to make one step fail), and its clock (`now`).
 */
export async function travelersServiceWith(
  ctx: TestContext,
  replace: (repository: TravelersRepository) => Partial<TravelersRepository>,
  log?: TravelersServiceDeps['log'],
  now?: TravelersServiceDeps['now'],
) {
  const repository = createTravelersRepository(ctx.database.db, ctx.database.kind);
  return createTravelersService({
    db: ctx.database.db,
    pilgrims: { ...repository, ...replace(repository) },
    audit: createAuditRepository(ctx.database.db),
    cipher: createAesGcmCipher(await loadEncryptionKey(ctx.config)),
    log,
    now,
  });
}
