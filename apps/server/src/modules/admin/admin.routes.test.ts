/**
 * The platform administrator's calls (users, establishments, reports), call by call.
 *
 * One test file over 500 lines on purpose: the calls share one test app and its seeded tenants, set up
 * once per file (a PGlite restored from the snapshot); split, each file would set them up again.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminUserListResponseSchema,
  AdminUserResponseSchema,
  ReportResponseSchema,
} from '@hospes/shared/admin';
import { hashPassword } from '../../lib/crypto';
import { auditLog, sessions, users } from '../../db/schema';
import { createAdminSession, createUserSession } from '../../../test/accounts';
import { randomCif, uniqueEmail } from '../../../test/factories';
import { travelerBody } from '../../../test/traveler-factories';
import { linkIn } from '../../../test/smtp';
import {
  APP_URL,
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { csvField } from './report-csv';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let staff: Awaited<ReturnType<typeof createUserSession>>;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdminSession(ctx);
  staff = await createUserSession(ctx, 'user');
  owner = await registerVerifiedOwner(ctx, { name: 'Albergue Núñez de Arce' });
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function auditFor(entityId: string) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, entityId)));
}

/** A verified user inserted directly, with a known name, that can log in. */
async function insertUser(name: string, overrides: Partial<typeof users.$inferInsert> = {}) {
  const email = uniqueEmail('person');
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email,
      name,
      passwordHash: await hashPassword('camino-2026'),
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

async function login(email: string, password = 'camino-2026') {
  return call('POST', '/api/auth/login', undefined, { email, password });
}

describe('admin routes are for administrators only', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/api/admin/users'],
    [
      'PATCH',
      `/api/admin/users/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
      { role: 'admin' },
    ],
    ['POST', `/api/admin/users/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/password-reset`],
    ['GET', '/api/admin/reports'],
    ['GET', '/api/admin/reports.csv'],
  ];

  it.each(routes)(
    '%s %s answers 401 without a session and 403 for a non-admin',
    async (method, url, body) => {
      const anonymous = await call(
        method,
        `${url}${url.includes('?') ? '&' : '?'}lng=en`,
        undefined,
        body,
      );
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      const user = await call(method, `${url}?lng=en`, staff.token, body);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toMatchObject({
        success: false,
        code: 'FORBIDDEN',
        message: 'You do not have permission to perform this action',
      });
    },
  );

  it('lists the admin routes in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/users',
        '/api/admin/users/{id}',
        '/api/admin/users/{id}/password-reset',
        '/api/admin/reports',
        '/api/admin/reports.csv',
      ]),
    );
  });
});

describe('GET /api/admin/users', () => {
  it('lists users by name with role, state, verification, last login and establishments', async () => {
    const res = await call(
      'GET',
      `/api/admin/users?search=${encodeURIComponent(owner.email)}`,
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    const body = AdminUserListResponseSchema.parse(res.json());
    expect(body.pagination).toEqual({ total: 1, page: 1, limit: 10, totalPages: 1 });
    expect(body.data).toEqual([
      {
        id: owner.userId,
        name: 'María Núñez',
        email: owner.email,
        role: 'user',
        isActive: true,
        emailVerified: true,
        language: 'es',
        lastLogin: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        createdAt: expect.any(String),
        establishments: [
          { id: owner.establishmentId, name: 'Albergue Núñez de Arce', role: 'owner' },
        ],
      },
    ]);
  });

  it('searches names without accents or case, filters by role and state, and paginates', async () => {
    const zoe = await insertUser('Zoë Ibáñez');
    const inactive = await insertUser('Zoë Inactiva', { isActive: false });

    const byName = AdminUserListResponseSchema.parse(
      (await call('GET', '/api/admin/users?search=zoe%20IBANEZ', admin.token)).json(),
    );
    expect(byName.data.map((u) => u.id)).toEqual([zoe.id]);

    const admins = AdminUserListResponseSchema.parse(
      (await call('GET', '/api/admin/users?role=admin&limit=100', admin.token)).json(),
    );
    expect(admins.data.length).toBeGreaterThan(0);
    expect(admins.data.every((u) => u.role === 'admin')).toBe(true);

    const off = AdminUserListResponseSchema.parse(
      (await call('GET', '/api/admin/users?status=inactive&search=zoe', admin.token)).json(),
    );
    expect(off.data.map((u) => [u.id, u.isActive])).toEqual([[inactive.id, false]]);

    const on = AdminUserListResponseSchema.parse(
      (
        await call('GET', '/api/admin/users?status=active&search=zoe&role=&page=', admin.token)
      ).json(),
    );
    expect(on.data.map((u) => u.id)).toEqual([zoe.id]);

    const all = AdminUserListResponseSchema.parse(
      (await call('GET', '/api/admin/users?limit=100', admin.token)).json(),
    );
    const page2 = AdminUserListResponseSchema.parse(
      (await call('GET', '/api/admin/users?limit=2&page=2', admin.token)).json(),
    );
    expect(page2.pagination).toEqual({
      total: all.pagination.total,
      page: 2,
      limit: 2,
      totalPages: Math.ceil(all.pagination.total / 2),
    });
    expect(page2.data.map((u) => u.id)).toEqual(all.data.slice(2, 4).map((u) => u.id));
    // Sorted by name as people read names, accents and case after the letter (decision 029).
    const names = all.data.map((u) => u.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('und').compare));
  });

  it('refuses a bad filter with the validation envelope', async () => {
    const res = await call('GET', '/api/admin/users?role=root&lng=en', admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      details: [{ field: 'querystring.role', code: 'validation.invalidOption' }],
    });
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('makes a user an administrator and back, audited', async () => {
    const person = await insertUser('Pilar Romero');
    const up = await call('PATCH', `/api/admin/users/${person.id}?lng=en`, admin.token, {
      role: 'admin',
    });
    expect(up.statusCode).toBe(200);
    const body = AdminUserResponseSchema.parse(up.json());
    expect(body.message).toBe('User updated.');
    expect(body.data).toMatchObject({ id: person.id, role: 'admin', isActive: true });

    // The new role applies to the user's next request.
    const session = (await login(person.email)).json<{ token: string }>().token;
    expect((await call('GET', '/api/admin/users', session)).statusCode).toBe(200);

    const down = await call('PATCH', `/api/admin/users/${person.id}`, admin.token, {
      role: 'user',
    });
    expect(down.statusCode).toBe(200);
    expect(down.json().message).toBe('Usuario actualizado.');
    expect((await call('GET', '/api/admin/users', session)).statusCode).toBe(403);

    const entries = await auditFor(person.id);
    expect(entries.map((e) => [e.action, e.details, e.actorUserId])).toEqual([
      ['user.role_changed', { from: 'user', to: 'admin' }, admin.userId],
      ['user.role_changed', { from: 'admin', to: 'user' }, admin.userId],
    ]);
  });

  it('deactivating ends the user’s sessions at once; reactivating lets them log in again', async () => {
    const person = await insertUser('Iker Etxeberria');
    const first = (await login(person.email)).json<{ token: string }>().token;
    const second = (await login(person.email)).json<{ token: string }>().token;
    expect((await call('GET', '/api/auth/me', first)).statusCode).toBe(200);

    const off = await call('PATCH', `/api/admin/users/${person.id}`, admin.token, {
      isActive: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ isActive: false, role: 'user' });

    for (const token of [first, second]) {
      const me = await call('GET', '/api/auth/me', token);
      expect(me.statusCode).toBe(401);
    }
    const live = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, person.id));
    expect(live.length).toBe(2);
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const refused = await call('POST', '/api/auth/login?lng=en', undefined, {
      email: person.email,
      password: 'camino-2026',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');

    const on = await call('PATCH', `/api/admin/users/${person.id}`, admin.token, {
      isActive: true,
    });
    expect(on.json().data.isActive).toBe(true);
    expect((await login(person.email)).statusCode).toBe(200);

    expect((await auditFor(person.id)).map((e) => e.action)).toEqual([
      'user.deactivated',
      'user.reactivated',
    ]);
  });

  it('a change to the same values answers 200 and writes nothing to the audit log', async () => {
    const person = await insertUser('Sin Cambios');
    const res = await call('PATCH', `/api/admin/users/${person.id}`, admin.token, {
      role: 'user',
      isActive: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await auditFor(person.id)).toEqual([]);
  });

  it('an admin cannot deactivate themself', async () => {
    const res = await call('PATCH', `/api/admin/users/${admin.userId}?lng=en`, admin.token, {
      isActive: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'CANNOT_DEACTIVATE_SELF',
      message: 'You cannot deactivate your own account.',
    });
    expect((await call('GET', '/api/auth/me', admin.token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id and 400 for an empty change', async () => {
    const unknown = await call(
      'PATCH',
      '/api/admin/users/7b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a11?lng=en',
      admin.token,
      {
        role: 'admin',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'USER_NOT_FOUND', message: 'User not found.' });
    expect(
      (await call('PATCH', '/api/admin/users/not-a-uuid', admin.token, { role: 'admin' }))
        .statusCode,
    ).toBe(404);
    const empty = await call('PATCH', `/api/admin/users/${staff.userId}`, admin.token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    const bad = await call('PATCH', `/api/admin/users/${staff.userId}`, admin.token, {
      role: 'owner',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the last active administrator stays', () => {
  it('refuses to demote the last active admin (409 LAST_ADMIN); inactive admins do not count', async () => {
    // A database of its own, so that the admins here are all the admins there are.
    const own = await createTestContext();
    try {
      const solo = await createAdminSession(own);
      const sleeping = await own.database.db
        .insert(users)
        .values({
          email: uniqueEmail('sleeping'),
          name: 'Inactive admin',
          passwordHash: 'x',
          role: 'admin',
          isActive: false,
        })
        .returning();
      const patch = (id: string, token: string, payload: object, lng = 'en') =>
        own.app.inject({
          method: 'PATCH',
          url: `/api/admin/users/${id}?lng=${lng}`,
          headers: bearer(token),
          payload,
        });

      const refused = await patch(solo.userId, solo.token, { role: 'user' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'LAST_ADMIN',
        message:
          'This is the last active administrator: make another user an administrator before demoting or deactivating this one.',
      });
      const es = await patch(solo.userId, solo.token, { role: 'user' }, 'es');
      expect(es.json().message).toMatch(/^Es el último administrador activo/);
      const [still] = await own.database.db.select().from(users).where(eq(users.id, solo.userId));
      expect(still?.role).toBe('admin');

      // Reactivating the sleeping admin makes a second one: now the first may step down.
      expect((await patch(sleeping[0]!.id, solo.token, { isActive: true })).statusCode).toBe(200);
      expect((await patch(solo.userId, solo.token, { role: 'user' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('two admins demoting each other at the same time: exactly one succeeds', async () => {
    const own = await createTestContext();
    try {
      const a = await createAdminSession(own);
      const b = await createAdminSession(own);
      const patch = (id: string, token: string) =>
        own.app.inject({
          method: 'PATCH',
          url: `/api/admin/users/${id}`,
          headers: bearer(token),
          payload: { role: 'user' },
        });
      const results = await Promise.all([patch(b.userId, a.token), patch(a.userId, b.token)]);
      const statuses = results.map((r) => r.statusCode).sort();
      // The loser is refused either because it is no longer an admin (403) or as the last (409).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await own.database.db
        .select()
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
      expect(admins.length).toBe(1);
    } finally {
      await own.close();
    }
  });
});

describe('POST /api/admin/users/{id}/password-reset', () => {
  it('e-mails a reset link in the user’s language that sets a new password; audited', async () => {
    const person = await insertUser('Hans Weber', { language: 'en' });
    const before = ctx.smtp.messages.length;
    const res = await call(
      'POST',
      `/api/admin/users/${person.id}/password-reset?lng=es`,
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `Se ha enviado a ${person.email} un enlace para elegir una nueva contraseña.`,
    });
    const mail = await ctx.smtp.waitFor(person.email, { after: before });
    expect(mail.subject).toBe('Reset your Hospes password');
    const link = new URL(linkIn(mail, `${APP_URL}/recover-pass?token=`));
    expect(link.searchParams.get('lng')).toBe('en');
    const reset = await call('POST', '/api/auth/reset-password', undefined, {
      token: link.searchParams.get('token'),
      password: 'nueva-clave-2026',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(person.email, 'nueva-clave-2026')).statusCode).toBe(200);
    expect((await auditFor(person.id)).map((e) => [e.action, e.actorUserId])).toEqual([
      ['user.password_reset_sent', admin.userId],
    ]);
  });

  it('refuses a deactivated user (409) and an unknown one (404)', async () => {
    const person = await insertUser('Cuenta Apagada', { isActive: false });
    const before = ctx.smtp.messages.length;
    const res = await call(
      'POST',
      `/api/admin/users/${person.id}/password-reset?lng=en`,
      admin.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'USER_INACTIVE',
      message: 'This user is deactivated: reactivate the account first.',
    });
    const unknown = await call(
      'POST',
      '/api/admin/users/7b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a11/password-reset',
      admin.token,
    );
    expect(unknown.statusCode).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.smtp.messages.slice(before).filter((m) => m.to.includes(person.email))).toEqual([]);
  });
});

describe('reports', () => {
  let hostel: { id: string; name: string };
  let hotel: { id: string; name: string };

  async function establishment(name: string) {
    const res = await call('POST', '/api/establishments', admin.token, {
      name,
      type: 'hostel',
      nif: randomCif(),
      address: 'Rúa Maior 79',
      city: 'Sarria',
      province: 'Lugo',
      postalCode: '27600',
      phone: '+34 982 000 000',
      contactName: 'Xosé Pérez',
      contactEmail: 'albergue@example.es',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; name: string };
  }

  async function traveler(
    establishmentId: string,
    entryDate: string,
    nationality: string,
    documentType = 'P',
  ) {
    const res = await call(
      'POST',
      '/api/pilgrims',
      admin.token,
      travelerBody(establishmentId, { entryDate, checkOutDate: null, nationality, documentType }),
    );
    expect(res.statusCode, res.body).toBe(201);
  }

  beforeAll(async () => {
    hostel = await establishment('Albergue Report Uno');
    hotel = await establishment('=HYPERLINK("http://evil.example")');
    await traveler(hostel.id, '2025-01-01', 'DEU');
    await traveler(hostel.id, '2025-01-31', 'DEU', 'I');
    await traveler(hostel.id, '2025-03-15', 'FRA');
    await traveler(hotel.id, '2025-03-20', 'DEU', 'C');
    await traveler(hotel.id, '2025-04-01', 'ITA'); // after the period below
    await traveler(hotel.id, '2024-12-31', 'ITA'); // before it
  });

  it('counts registrations by entry date per month (every month listed), establishment, nationality and document type', async () => {
    const res = await call('GET', '/api/admin/reports?from=2025-01-01&to=2025-03-31', admin.token);
    expect(res.statusCode).toBe(200);
    const { data } = ReportResponseSchema.parse(res.json());
    expect(data).toEqual({
      from: '2025-01-01',
      to: '2025-03-31',
      establishment: null,
      total: 4,
      byMonth: [
        { month: '2025-01', count: 2 },
        { month: '2025-02', count: 0 },
        { month: '2025-03', count: 2 },
      ],
      byEstablishment: [
        { establishmentId: hostel.id, name: 'Albergue Report Uno', count: 3 },
        { establishmentId: hotel.id, name: hotel.name, count: 1 },
      ],
      byNationality: [
        { nationality: 'DEU', count: 3 },
        { nationality: 'FRA', count: 1 },
      ],
      byDocumentType: [
        { documentType: 'P', count: 2 },
        { documentType: 'C', count: 1 },
        { documentType: 'I', count: 1 },
      ],
    });
  });

  it('limits the report to one establishment', async () => {
    const res = await call(
      'GET',
      `/api/admin/reports?from=2024-12-01&to=2025-04-30&establishmentId=${hotel.id}`,
      admin.token,
    );
    const { data } = ReportResponseSchema.parse(res.json());
    expect(data.establishment).toEqual({ id: hotel.id, name: hotel.name });
    expect(data.total).toBe(3);
    expect(data.byMonth.map((m) => m.count)).toEqual([1, 0, 0, 1, 1]);
    expect(data.byEstablishment.map((e) => e.establishmentId)).toEqual([hotel.id]);
    expect(data.byNationality).toEqual([
      { nationality: 'ITA', count: 2 },
      { nationality: 'DEU', count: 1 },
    ]);
  });

  it('defaults to the last twelve months up to today', async () => {
    const { data } = ReportResponseSchema.parse(
      (await call('GET', '/api/admin/reports', admin.token)).json(),
    );
    expect(data.byMonth).toHaveLength(12);
    expect(data.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(data.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.byMonth.at(-1)?.month).toBe(data.to.slice(0, 7));
  });

  it('refuses a reversed or too long period, a bad date and an unknown establishment', async () => {
    const reversed = await call(
      'GET',
      '/api/admin/reports?from=2025-03-01&to=2025-01-01&lng=en',
      admin.token,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [
        {
          field: 'to',
          code: 'validation.periodOrder',
          message: 'The end date cannot be before the start date',
        },
      ],
    });
    const long = await call(
      'GET',
      '/api/admin/reports?from=2000-01-01&to=2025-01-01&lng=en',
      admin.token,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([
      {
        field: 'from',
        code: 'validation.periodTooLong',
        message: 'The period can cover at most 120 months',
      },
    ]);
    const bad = await call('GET', '/api/admin/reports?from=2025-02-30', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({
      field: 'querystring.from',
      code: 'validation.date',
    });
    const unknown = await call(
      'GET',
      '/api/admin/reports?establishmentId=7b0c3a52-5f0e-4c43-9a56-3b8f3f0e2a11&lng=en',
      admin.token,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ESTABLISHMENT_NOT_FOUND');
  });

  it('downloads the report as CSV: UTF-8 with BOM, “;”, CRLF, localised labels, formulas neutralised', async () => {
    const res = await call(
      'GET',
      '/api/admin/reports.csv?from=2025-01-01&to=2025-03-31&lng=en',
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="hospes-report-2025-01-01-2025-03-31.csv"',
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines).toEqual([
      'Section;Code;Label;Registrations',
      'Total;2025-01-01/2025-03-31;All establishments;4',
      'Month;2025-01;January 2025;2',
      'Month;2025-02;February 2025;0',
      'Month;2025-03;March 2025;2',
      `Establishment;${hostel.id};Albergue Report Uno;3`,
      `Establishment;${hotel.id};"'=HYPERLINK(""http://evil.example"")";1`,
      'Nationality;DEU;Germany;3',
      'Nationality;FRA;France;1',
      'Document type;P;Passport;2',
      'Document type;C;Driving license;1',
      'Document type;I;ID card;1',
      '',
    ]);

    const es = await call(
      'GET',
      '/api/admin/reports.csv?from=2025-01-01&to=2025-01-31&lng=es',
      admin.token,
    );
    const text = es.rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n').slice(0, 3)).toEqual([
      'Sección;Código;Descripción;Registros',
      'Total;2025-01-01/2025-01-31;Todos los establecimientos;2',
      'Mes;2025-01;enero de 2025;2',
    ]);
    expect(text).toContain('Nacionalidad;DEU;Alemania;2');
  });

  it('quotes what needs quoting', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('+34 600')).toBe("'+34 600");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField(-1)).toBe('-1');
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField('plain')).toBe('plain');
  });
});
