/**
 * The establishment calls of spec §7 and their tenancy, call by call.
 *
 * One test file over 500 lines on purpose: the calls share one test app and its seeded tenants, set up
 * once per file (a PGlite restored from the snapshot); split, each file would set them up again.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EstablishmentListResponseSchema,
  EstablishmentResponseSchema,
} from '@hospes/shared/establishments';
import { addDays, addYears, todayIso } from '@hospes/shared/dates';
import { auditLog, establishmentMembers, establishments, pilgrims, users } from '../../db/schema';
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

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let other: Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdminSession(ctx);
  owner = await registerVerifiedOwner(ctx);
  other = await registerVerifiedOwner(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

function establishmentBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Albergue Municipal de Sarria',
    type: 'hostel',
    nif: randomCif(),
    status: 'active',
    address: 'Rúa Maior 79',
    city: 'Sarria',
    province: 'Lugo',
    postalCode: '27600',
    phone: '+34 982 000 000',
    contactName: 'Xosé Pérez',
    contactEmail: 'albergue@example.es',
    ...overrides,
  };
}

async function snapshot() {
  const db = ctx.database.db;
  return {
    establishments: (
      await db
        .select({ id: establishments.id, updatedAt: establishments.updatedAt })
        .from(establishments)
    ).length,
    members: (await db.select().from(establishmentMembers)).length,
    users: (await db.select({ id: users.id }).from(users)).length,
    pilgrims: (await db.select({ id: pilgrims.id }).from(pilgrims)).length,
    audit: (await db.select({ id: auditLog.id }).from(auditLog)).length,
  };
}

async function createFor(token: string, overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/establishments', token, establishmentBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; name: string; nif: string };
}

describe('POST /api/establishments', () => {
  it('creates an establishment whose creator becomes the owner, with the activity fields', async () => {
    const user = await createUserSession(ctx);
    const res = await call(
      'POST',
      '/api/establishments?lng=en',
      user.token,
      establishmentBody({ nif: ' b-58378431 ', status: undefined }),
    );
    expect(res.statusCode).toBe(201);
    const json = EstablishmentResponseSchema.parse(res.json());
    expect(json.message).toBe('Establishment created.');
    expect(json.data).toMatchObject({
      name: 'Albergue Municipal de Sarria',
      nif: 'B58378431',
      status: 'active',
      authority: 'ses',
      authorityIsDefault: true,
      establishmentCode: null,
      landlordCode: null,
      includeDocumentImagesInPdf: false,
      pilgrimsCount: 0,
      lastActivity: null,
    });
    expect(json.data.lastLogin).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    const [member] = await ctx.database.db
      .select()
      .from(establishmentMembers)
      .where(eq(establishmentMembers.establishmentId, json.data.id));
    expect(member).toMatchObject({ userId: user.userId, role: 'owner' });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, json.data.id));
    expect(entry).toMatchObject({
      action: 'establishment.created',
      actorUserId: user.userId,
      establishmentId: json.data.id,
    });
    expect(entry!.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers 401 with the spec text without a session, and creates nothing', async () => {
    const before = await snapshot();
    const en = await call('POST', '/api/establishments?lng=en', undefined, establishmentBody());
    expect(en.statusCode).toBe(401);
    expect(en.json()).toMatchObject({
      success: false,
      code: 'ESTABLISHMENT_CREATE_UNAUTHENTICATED',
      message: 'You need to log in to create an establishment.',
    });
    const es = await call('POST', '/api/establishments', undefined, establishmentBody());
    expect(es.json().message).toBe('Debe iniciar sesión para crear un establecimiento.');
    const expired = await call(
      'POST',
      '/api/establishments?lng=en',
      'x'.repeat(43),
      establishmentBody(),
    );
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SESSION_EXPIRED');
    expect(await snapshot()).toEqual(before);
  });

  it('requires every field of spec §5 and checks the e-mail and the NIF', async () => {
    const before = await snapshot();
    const empty = await call('POST', '/api/establishments?lng=en', owner.token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    const fields = empty.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'name',
        'type',
        'nif',
        'address',
        'city',
        'province',
        'postalCode',
        'phone',
        'contactName',
        'contactEmail',
      ]),
    );
    expect(empty.json().details[0].message).toBe('This field is required');

    const blank = await call(
      'POST',
      '/api/establishments',
      owner.token,
      establishmentBody({ city: '   ', contactEmail: 'albergue@example.c' }),
    );
    expect(blank.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'city', message: 'Este campo es obligatorio' }),
        expect.objectContaining({ field: 'contactEmail', message: 'Correo electrónico no válido' }),
      ]),
    );
    const nif = await call(
      'POST',
      '/api/establishments?lng=en',
      owner.token,
      establishmentBody({ nif: 'B58378432' }),
    );
    expect(nif.json().details).toEqual([
      expect.objectContaining({
        field: 'nif',
        message: 'Invalid NIF/CIF: check the control letter or digit',
      }),
    ]);
    const long = await call(
      'POST',
      '/api/establishments?lng=en',
      owner.token,
      establishmentBody({ name: 'x'.repeat(151), establishmentCode: 'A'.repeat(11) }),
    );
    expect(long.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', message: 'Must be at most 150 characters long' }),
        expect.objectContaining({
          field: 'establishmentCode',
          message: 'Must be at most 10 characters long',
        }),
      ]),
    );
    const type = await call(
      'POST',
      '/api/establishments',
      owner.token,
      establishmentBody({ type: 'castle', status: 'closed', authority: 'police' }),
    );
    expect(type.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['type', 'status', 'authority']),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 NIF_TAKEN for a registered NIF, in both languages', async () => {
    const before = await snapshot();
    const en = await call(
      'POST',
      '/api/establishments?lng=en',
      owner.token,
      establishmentBody({ nif: owner.body.establishment.nif }),
    );
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({
      code: 'NIF_TAKEN',
      message: 'This NIF is already registered.',
    });
    const es = await call(
      'POST',
      '/api/establishments',
      admin.token,
      establishmentBody({ nif: owner.body.establishment.nif }),
    );
    expect(es.json().message).toBe('Ya existe un establecimiento con este NIF');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps "pending" and account creation for admins', async () => {
    const before = await snapshot();
    const pending = await call(
      'POST',
      '/api/establishments?lng=en',
      owner.token,
      establishmentBody({ status: 'pending' }),
    );
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe('You do not have permission to perform this action');
    const withUser = await call(
      'POST',
      '/api/establishments',
      owner.token,
      establishmentBody({ createUserWithEstablishment: true }),
    );
    expect(withUser.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('lets an admin create the owner account of the contact e-mail and e-mails a set-password link', async () => {
    const contactEmail = uniqueEmail('newowner');
    const res = await call(
      'POST',
      '/api/establishments?lng=en',
      admin.token,
      establishmentBody({
        contactEmail,
        contactName: 'Ana Owner',
        status: 'pending',
        createUserWithEstablishment: true,
      }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(res.json().data.status).toBe('pending');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, contactEmail));
    expect(user).toMatchObject({ name: 'Ana Owner', role: 'user', language: 'en' });
    const [member] = await ctx.database.db
      .select()
      .from(establishmentMembers)
      .where(eq(establishmentMembers.establishmentId, id));
    expect(member).toMatchObject({ userId: user!.id, role: 'owner' });

    const mail = await ctx.smtp.waitFor(contactEmail);
    expect(mail.subject).toBe('Your Hospes account for “Albergue Municipal de Sarria”');
    const link = new URL(linkIn(mail, `${APP_URL}/recover-pass?token=`));
    expect(link.searchParams.get('welcome')).toBe('1');
    const reset = await call('POST', '/api/auth/reset-password', undefined, {
      token: link.searchParams.get('token'),
      password: 'my-own-password',
    });
    expect(reset.statusCode).toBe(200);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: contactEmail,
      password: 'my-own-password',
    });
    expect(login.statusCode).toBe(200);
    const mine = await call('GET', '/api/establishments/user', login.json().token);
    expect(mine.json().data).toEqual([
      expect.objectContaining({ id, role: 'owner', status: 'pending' }),
    ]);
  });

  it('makes an existing user the owner instead, without e-mailing a link', async () => {
    const existing = await createUserSession(ctx);
    const sent = ctx.smtp.messages.length;
    const res = await call(
      'POST',
      '/api/establishments',
      admin.token,
      establishmentBody({
        contactEmail: existing.email.toUpperCase(),
        createUserWithEstablishment: true,
      }),
    );
    expect(res.statusCode).toBe(201);
    const mine = await call('GET', '/api/establishments/user', existing.token);
    expect(mine.json().data.map((e: { id: string }) => e.id)).toContain(res.json().data.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.smtp.messages.slice(sent).filter((m) => m.to.includes(existing.email))).toEqual([]);
  });
});

describe('GET /api/establishments (admin)', () => {
  it('is refused to non-admins with 403 and the spec text, and to anonymous callers with 401', async () => {
    const res = await call('GET', '/api/establishments', owner.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'ESTABLISHMENTS_FORBIDDEN',
      message: 'No tiene permisos para acceder a estos recursos',
    });
    expect((await call('GET', '/api/establishments')).statusCode).toBe(401);
  });

  it('filters by search, type, status, city and province, ignoring empty values', async () => {
    const tag = `Zqx${Date.now().toString(36)}`;
    await createFor(admin.token, {
      name: `Hostal ${tag} Lérida`,
      type: 'guesthouse',
      city: 'Lleida',
      province: 'Lleida',
      postalCode: '25001',
      status: 'inactive',
    });
    await createFor(admin.token, {
      name: `Albergue ${tag} Àvila`,
      type: 'hostel',
      city: 'Ávila',
      province: 'Ávila',
      postalCode: '05001',
    });
    await createFor(admin.token, {
      name: `Hotel ${tag} Bilbao`,
      type: 'hotel',
      city: 'Bilbao',
      province: 'Vizcaya',
      postalCode: '48001',
    });

    const all = await call(
      'GET',
      `/api/establishments?search=${tag.toLowerCase()}&type=&status=&city=&province=&page=&limit=`,
      admin.token,
    );
    expect(all.statusCode).toBe(200);
    const json = EstablishmentListResponseSchema.parse(all.json());
    expect(json.pagination).toEqual({ total: 3, page: 1, limit: 10, totalPages: 1 });
    expect(json.data.map((e) => e.name)).toEqual([
      `Albergue ${tag} Àvila`,
      `Hostal ${tag} Lérida`,
      `Hotel ${tag} Bilbao`,
    ]);
    expect(json.data.find((e) => e.city === 'Bilbao')!.authority).toBe('ertzaintza');
    expect(json.data.find((e) => e.city === 'Lleida')!.authority).toBe('mossos');

    const q = (query: string) =>
      call('GET', `/api/establishments?search=${tag}&${query}`, admin.token).then((r) =>
        r.json().data.map((e: { city: string }) => e.city),
      );
    const unfiltered = await call(
      'GET',
      '/api/establishments?search=&type=&status=&city=&province=',
      admin.token,
    );
    expect(unfiltered.json().pagination.total).toBeGreaterThanOrEqual(5);
    expect(await q('type=hotel')).toEqual(['Bilbao']);
    expect(await q('status=inactive')).toEqual(['Lleida']);
    expect(await q('city=avila')).toEqual(['Ávila']);
    expect(await q('province=L%C3%A9rida')).toEqual(['Lleida']);
    expect(await q('province=Bizkaia')).toEqual(['Bilbao']);
    expect(
      await call(
        'GET',
        `/api/establishments?search=${encodeURIComponent(`albergue ${tag.toUpperCase()} avila`)}`,
        admin.token,
      ).then((r) => r.json().pagination.total),
    ).toBe(1);

    const page = await call('GET', `/api/establishments?search=${tag}&limit=2&page=2`, admin.token);
    expect(page.json().pagination).toEqual({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(page.json().data).toHaveLength(1);

    const bad = await call(
      'GET',
      '/api/establishments?lng=en&type=castle&limit=1000&page=0',
      admin.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['querystring.type', 'querystring.limit', 'querystring.page']),
    );
  });
});

describe('GET /api/establishments/user and /{id}', () => {
  it('lists the caller’s establishments with role, counts and last activity', async () => {
    const p = await call('POST', '/api/pilgrims', owner.token, travelerBody(owner.establishmentId));
    expect(p.statusCode).toBe(201);
    const res = await call('GET', '/api/establishments/user', owner.token);
    expect(res.statusCode).toBe(200);
    const [mine] = res.json().data;
    expect(mine).toMatchObject({ id: owner.establishmentId, role: 'owner', pilgrimsCount: 1 });
    expect(mine.lastActivity).toBe(p.json().data.updatedAt);
    expect((await call('GET', '/api/establishments/user')).statusCode).toBe(401);
  });

  it('answers 404 for another tenant’s establishment, an unknown or a malformed id; admins reach any', async () => {
    for (const [method, payload] of [['GET'], ['PUT', establishmentBody()], ['DELETE']] as const) {
      const res = await call(
        method,
        `/api/establishments/${other.establishmentId}`,
        owner.token,
        payload,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'ESTABLISHMENT_NOT_FOUND',
        message: 'Establecimiento no encontrado',
      });
    }
    expect(
      (await call('GET', `/api/establishments/${other.establishmentId}/pilgrims`, owner.token))
        .statusCode,
    ).toBe(404);
    const en = await call('GET', '/api/establishments/not-an-id?lng=en', owner.token);
    expect(en.json()).toMatchObject({
      code: 'ESTABLISHMENT_NOT_FOUND',
      message: 'Establishment not found',
    });
    expect(
      (await call('GET', '/api/establishments/00000000-0000-4000-8000-000000000000', admin.token))
        .statusCode,
    ).toBe(404);
    const asAdmin = await call('GET', `/api/establishments/${other.establishmentId}`, admin.token);
    expect(asAdmin.json().data.id).toBe(other.establishmentId);
    expect((await call('GET', `/api/establishments/${other.establishmentId}`)).statusCode).toBe(
      401,
    );
  });
});

describe('PUT /api/establishments/{id}', () => {
  it('refuses an authority against the province without a reason; with one, records and audits it', async () => {
    const created = await createFor(owner.token);
    const barcelona = establishmentBody({
      nif: created.nif,
      city: 'Barcelona',
      province: 'Barcelona',
      postalCode: '08001',
    });
    const before = await ctx.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, created.id));
    const refused = await call('PUT', `/api/establishments/${created.id}?lng=en`, owner.token, {
      ...barcelona,
      authority: 'ses',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'AUTHORITY_REASON_REQUIRED',
      details: [{ field: 'authorityReason' }],
    });
    expect(refused.json().message).toContain("Mossos d'Esquadra");
    expect(refused.json().message).toContain('SES.HOSPEDAJES');
    // Nothing changed, the province neither.
    const after = await ctx.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, created.id));
    expect(after).toEqual(before);

    const accepted = await call('PUT', `/api/establishments/${created.id}`, owner.token, {
      ...barcelona,
      authority: 'ses',
      authorityReason: '  Told by the Mossos to report to SES until the portal account is ready  ',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({
      authority: 'ses',
      authorityIsDefault: false,
      authorityReason: 'Told by the Mossos to report to SES until the portal account is ready',
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, created.id),
          eq(auditLog.action, 'establishment.authority_changed'),
        ),
      );
    expect(entry!.details).toEqual({
      authority: 'ses',
      provinceAuthority: 'mossos',
      reason: 'Told by the Mossos to report to SES until the portal account is ready',
    });

    // Back to the province's authority: no reason needed, the old one cleared.
    const back = await call('PUT', `/api/establishments/${created.id}`, owner.token, {
      ...barcelona,
      authority: 'mossos',
    });
    expect(back.json().data).toMatchObject({ authority: 'mossos', authorityReason: null });
    // A new establishment is checked the same way.
    const fresh = await call('POST', '/api/establishments?lng=en', owner.token, {
      ...establishmentBody({ city: 'Girona', province: 'Girona', postalCode: '17001' }),
      authority: 'ses',
    });
    expect(fresh.statusCode).toBe(422);
    expect(fresh.json().code).toBe('AUTHORITY_REASON_REQUIRED');
  });

  it('updates the form values and the SES settings; the authority follows the province unless chosen', async () => {
    const created = await createFor(owner.token);
    const res = await call('PUT', `/api/establishments/${created.id}?lng=en`, owner.token, {
      ...establishmentBody({
        nif: created.nif,
        name: 'Alberg de Lleida',
        city: 'Lleida',
        province: 'Lérida',
        postalCode: '25002',
        status: 'inactive',
      }),
      establishmentCode: 'h-12345',
      landlordCode: '0000123456',
      includeDocumentImagesInPdf: true,
      id: created.id,
      pilgrimsCount: 99,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Establishment updated.');
    expect(res.json().data).toMatchObject({
      name: 'Alberg de Lleida',
      status: 'inactive',
      authority: 'mossos',
      authorityIsDefault: true,
      establishmentCode: 'H-12345',
      landlordCode: '0000123456',
      includeDocumentImagesInPdf: true,
      pilgrimsCount: 0,
    });

    const chosen = await call('PUT', `/api/establishments/${created.id}`, owner.token, {
      ...establishmentBody({ nif: created.nif }),
      authority: 'ertzaintza',
      authorityReason: 'Registered with the Ertzaintza by the chain',
    });
    expect(chosen.json().data).toMatchObject({
      authority: 'ertzaintza',
      authorityIsDefault: false,
      authorityReason: 'Registered with the Ertzaintza by the chain',
      establishmentCode: 'H-12345',
      status: 'active',
    });
    const kept = await call(
      'PUT',
      `/api/establishments/${created.id}`,
      owner.token,
      establishmentBody({ nif: created.nif, status: undefined }),
    );
    expect(kept.json().data).toMatchObject({
      authority: 'ertzaintza',
      status: 'active',
      includeDocumentImagesInPdf: true,
    });
    const cleared = await call('PUT', `/api/establishments/${created.id}`, owner.token, {
      ...establishmentBody({ nif: created.nif }),
      authority: null,
      establishmentCode: '',
      includeDocumentImagesInPdf: false,
    });
    expect(cleared.json().data).toMatchObject({
      authority: 'ses',
      authorityIsDefault: true,
      establishmentCode: null,
      includeDocumentImagesInPdf: false,
    });

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'establishment.updated')))
      .limit(1);
    expect(entry!.details).toEqual({
      fields: expect.arrayContaining(['name', 'city', 'province', 'status', 'establishmentCode']),
    });
  });

  it('refuses a taken NIF (409), "pending" from an owner (403) and bad input (400), changing nothing', async () => {
    const created = await createFor(owner.token);
    const before = await ctx.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, created.id));
    const nif = await call(
      'PUT',
      `/api/establishments/${created.id}?lng=en`,
      owner.token,
      establishmentBody({ nif: other.body.establishment.nif }),
    );
    expect(nif.statusCode).toBe(409);
    expect(nif.json()).toMatchObject({
      code: 'NIF_TAKEN',
      message: 'This NIF is already registered.',
    });
    const pending = await call(
      'PUT',
      `/api/establishments/${created.id}`,
      owner.token,
      establishmentBody({ nif: created.nif, status: 'pending' }),
    );
    expect(pending.statusCode).toBe(403);
    const missing = await call('PUT', `/api/establishments/${created.id}`, owner.token, {
      name: 'Only a name',
    });
    expect(missing.statusCode).toBe(400);
    const after = await ctx.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, created.id));
    expect(after).toEqual(before);
    const byAdmin = await call(
      'PUT',
      `/api/establishments/${created.id}`,
      admin.token,
      establishmentBody({ nif: created.nif, status: 'pending' }),
    );
    expect(byAdmin.json().data.status).toBe('pending');
  });
});

describe('DELETE /api/establishments/{id} and the 3-year retention', () => {
  const today = todayIso();

  it('deletes an establishment without travelers', async () => {
    const created = await createFor(owner.token);
    const res = await call('DELETE', `/api/establishments/${created.id}?lng=en`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Establishment deleted.',
      data: { id: created.id },
    });
    expect((await call('GET', `/api/establishments/${created.id}`, owner.token)).statusCode).toBe(
      404,
    );
    const actions = (
      await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.id))
    ).map((e) => e.action);
    expect(actions).toEqual(['establishment.created', 'establishment.deleted']);
  });

  it('refuses while a traveler’s retention runs (409), for owners and admins alike', async () => {
    const created = await createFor(owner.token);
    // Ended 3 years ago today: its period runs to the end of the day.
    const ended = addYears(today, -3);
    const p = await call(
      'POST',
      '/api/pilgrims',
      owner.token,
      travelerBody(created.id, {
        entryDate: addDays(ended, -1),
        checkOutDate: ended,
        documentExpeditionDate: '2015-01-01',
      }),
    );
    expect(p.statusCode).toBe(201);
    const before = await snapshot();
    const res = await call('DELETE', `/api/establishments/${created.id}?lng=en`, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ESTABLISHMENT_RECORDS_RETAINED');
    expect(res.json().message).toContain('3 years');
    const es = await call('DELETE', `/api/establishments/${created.id}`, admin.token);
    expect(es.statusCode).toBe(409);
    expect(es.json().message).toContain('RD 933/2021');
    expect(await snapshot()).toEqual(before);
  });

  it('deletes travelers whose retention has ended together with the establishment, and audits them', async () => {
    const created = await createFor(owner.token);
    const old = await call(
      'POST',
      '/api/pilgrims',
      owner.token,
      travelerBody(created.id, {
        entryDate: '2021-06-01',
        checkOutDate: addDays(addYears(today, -3), -1),
        documentExpeditionDate: '2015-01-01',
      }),
    );
    expect(old.statusCode).toBe(201);
    const res = await call('DELETE', `/api/establishments/${created.id}`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(
      await ctx.database.db.select().from(pilgrims).where(eq(pilgrims.id, old.json().data.id)),
    ).toEqual([]);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, old.json().data.id), eq(auditLog.action, 'pilgrim.deleted')),
      );
    expect(entry).toMatchObject({
      actorUserId: owner.userId,
      establishmentId: created.id,
      details: { reason: 'retentionExpired' },
    });
  });
});

describe('GET /api/establishments/{id}/pilgrims', () => {
  it('pages the establishment’s travelers, 10 by default', async () => {
    const created = await createFor(owner.token);
    for (let i = 0; i < 12; i++) {
      const res = await call(
        'POST',
        '/api/pilgrims',
        owner.token,
        travelerBody(created.id, {
          entryDate: addDays('2026-01-01', i),
          checkOutDate: null,
          frontDocImage: null,
        }),
      );
      expect(res.statusCode).toBe(201);
    }
    const first = await call('GET', `/api/establishments/${created.id}/pilgrims`, owner.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().pagination).toEqual({ total: 12, page: 1, limit: 10, totalPages: 2 });
    expect(first.json().data[0].entryDate).toBe('2026-01-12');
    const second = await call(
      'GET',
      `/api/establishments/${created.id}/pilgrims?page=2&limit=`,
      admin.token,
    );
    expect(second.json().data).toHaveLength(2);
    expect(
      (await call('GET', `/api/establishments/${created.id}/pilgrims?limit=0`, owner.token))
        .statusCode,
    ).toBe(400);
  });
});
