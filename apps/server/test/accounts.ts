/** Accounts for the data-API tests: an administrator and extra verified users. */
import { hashPassword } from '../src/lib/crypto';
import { createUsersRepository } from '../src/modules/users/users.repository';
import { uniqueEmail } from './factories';
import type { TestContext } from './test-app';

const PASSWORD = 'camino-admin-2026';

/** A user inserted directly (verified), logged in through the API. */
export async function createUserSession(ctx: TestContext, role: 'admin' | 'user' = 'user') {
  const email = uniqueEmail(role);
  const users = createUsersRepository(ctx.database.db);
  const user = await users.insert({
    email,
    name: role === 'admin' ? 'Admin' : 'Staff member',
    passwordHash: await hashPassword(PASSWORD),
    role,
    emailVerifiedAt: new Date(),
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { userId: user.id, email, token: res.json<{ token: string }>().token };
}

export const createAdminSession = (ctx: TestContext) => createUserSession(ctx, 'admin');
