import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from './config/env';
import type { Database } from './db/client';
import { hashPassword, randomPassword } from './lib/crypto';
import { isCommonPassword } from './lib/password-policy';
import { createUsersRepository } from './modules/users/users.repository';

/**
 * The first administrator: ADMIN_EMAIL/ADMIN_PASSWORD when set and that e-mail is new (a common
 * ADMIN_PASSWORD is then refused with a ConfigError); with neither set and no admin at all,
 * admin@localhost with a random password printed once. Servers started at once on one PostgreSQL
 * may all find no admin: only the one whose insert lands creates it (and prints its password).
 */
export async function ensureBootstrapAdmin(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
) {
  const users = createUsersRepository(database.db);
  if (config.adminEmail && config.adminPassword) {
    if (await users.findByEmail(config.adminEmail)) return;
    // The most powerful account gets no password the registration would refuse (decision 040).
    if (await isCommonPassword(config.adminPassword)) {
      throw new ConfigError(
        'Invalid settings:\n  ADMIN_PASSWORD: is one of the most common passwords (it appears in lists of leaked passwords); choose another',
      );
    }
    const created = await users.insertIfNew({
      email: config.adminEmail,
      name: 'Administrator',
      passwordHash: await hashPassword(config.adminPassword),
      role: 'admin',
      emailVerifiedAt: new Date(),
    });
    if (!created) return;
    log.info({ email: config.adminEmail }, 'bootstrap admin created from ADMIN_EMAIL');
    return;
  }
  if ((await users.countAdmins()) > 0 || (await users.findByEmail('admin@localhost'))) return;
  const password = randomPassword();
  const created = await users.insertIfNew({
    email: 'admin@localhost',
    name: 'Administrator',
    passwordHash: await hashPassword(password),
    role: 'admin',
    emailVerifiedAt: new Date(),
  });
  // Another server created it first: its password is the one printed, by that server.
  if (!created) return;
  // Printed once, on purpose: there is no other way to learn it. Change it after the first login.
  process.stdout.write(
    `\n  Bootstrap admin created: admin@localhost / ${password}\n  (shown only now; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)\n\n`,
  );
}
