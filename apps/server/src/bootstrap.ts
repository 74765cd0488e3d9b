import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { hashPassword, randomPassword } from './lib/crypto';
import { createUsersRepository } from './modules/users/users.repository';

/**
 * The first administrator: ADMIN_EMAIL/ADMIN_PASSWORD when set and that e-mail is new; with
 * neither set and no admin at all, admin@localhost with a random password printed once.
 */
export async function ensureBootstrapAdmin(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
) {
  const users = createUsersRepository(database.db);
  if (config.adminEmail && config.adminPassword) {
    if (await users.findByEmail(config.adminEmail)) return;
    await users.insert({
      email: config.adminEmail,
      name: 'Administrator',
      passwordHash: await hashPassword(config.adminPassword),
      role: 'admin',
      emailVerifiedAt: new Date(),
    });
    log.info({ email: config.adminEmail }, 'bootstrap admin created from ADMIN_EMAIL');
    return;
  }
  if ((await users.countAdmins()) > 0 || (await users.findByEmail('admin@localhost'))) return;
  const password = randomPassword();
  await users.insert({
    email: 'admin@localhost',
    name: 'Administrator',
    passwordHash: await hashPassword(password),
    role: 'admin',
    emailVerifiedAt: new Date(),
  });
  // Printed once, on purpose: there is no other way to learn it. Change it after the first login.
  process.stdout.write(
    `\n  Bootstrap admin created: admin@localhost / ${password}\n  (shown only now; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)\n\n`,
  );
}
