/**
 * An establishment that keeps no photos of identity documents (decision 023): the setting, and
 * every way a photo could come in (registration, edit, a move, the public check-in) refused with
 * a field error, changing nothing; a traveler moved there leaves its photos behind; the signature
 * and the data are kept as always.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Establishment } from '@hospes/shared/establishments';
import { auditLog, establishments, travelerDocuments, pilgrims } from '../../db/schema';
import { createAdminSession } from '../../../test/accounts';
import { createAuditRepository } from '../audit/audit.repository';
import { createEstablishmentsRepository } from '../establishments/establishments.repository';
import { createEstablishmentsService } from '../establishments/establishments.service';
import { dataUrl, jpegBytes, PNG_BYTES, travelerBody } from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let keeper: Awaited<ReturnType<typeof registerVerifiedOwner>>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

const photo = () => dataUrl(jpegBytes(), 'image/jpeg');

/** The PUT body of an establishment as it is (without its settings). */
async function putBody(id: string, token: string) {
  const current = (await call('GET', `/api/establishments/${id}`, token)).json<{
    data: Establishment;
  }>().data;
  return {
    name: current.name,
    type: current.type,
    nif: current.nif,
    address: current.address,
    city: current.city,
    province: current.province,
    postalCode: current.postalCode,
    phone: current.phone,
    contactName: current.contactName,
    contactEmail: current.contactEmail,
  };
}

/** PUT /api/establishments/{id} with the establishment as it is, but for `keepDocumentImages`. */
async function setKeep(id: string, keepDocumentImages: boolean, token = owner.token) {
  const res = await call('PUT', `/api/establishments/${id}`, token, {
    ...(await putBody(id, token)),
    keepDocumentImages,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Establishment }>().data;
}

const documentsOf = (pilgrimId: string) =>
  ctx.database.db
    .select({ id: travelerDocuments.id, kind: travelerDocuments.kind })
    .from(travelerDocuments)
    .where(eq(travelerDocuments.pilgrimId, pilgrimId));

const travelerCount = async () => (await ctx.database.db.select().from(pilgrims)).length;

function expectRefused(res: { statusCode: number; json: () => unknown }, fields: string[]) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as {
    success: boolean;
    code: string;
    details: { field: string; code: string }[];
  };
  expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  expect(body.details).toEqual(
    fields.map((field) =>
      expect.objectContaining({ field, code: 'validation.documentImagesNotKept' }),
    ),
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdminSession(ctx);
  owner = await registerVerifiedOwner(ctx);
  keeper = await registerVerifiedOwner(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

describe('keepDocumentImages', () => {
  it('is on by default, and the owner turns it off and on', async () => {
    const before = (
      await call('GET', `/api/establishments/${owner.establishmentId}`, owner.token)
    ).json<{ data: Establishment }>().data;
    expect(before.keepDocumentImages).toBe(true);
    expect((await setKeep(owner.establishmentId, false)).keepDocumentImages).toBe(false);
    const mine = (await call('GET', '/api/establishments/user', owner.token)).json<{
      data: Establishment[];
    }>().data;
    expect(mine.find((e) => e.id === owner.establishmentId)?.keepDocumentImages).toBe(false);
    // A PUT without the key keeps it.
    const body = await putBody(owner.establishmentId, owner.token);
    const kept = await call(
      'PUT',
      `/api/establishments/${owner.establishmentId}`,
      owner.token,
      body,
    );
    expect(kept.json<{ data: Establishment }>().data.keepDocumentImages).toBe(false);
    expect((await setKeep(owner.establishmentId, true)).keepDocumentImages).toBe(true);
    const res = await call('PUT', `/api/establishments/${owner.establishmentId}`, owner.token, {
      ...body,
      keepDocumentImages: 'no',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'keepDocumentImages' })]);
    // Another tenant's owner cannot reach it.
    const foreign = await call(
      'PUT',
      `/api/establishments/${owner.establishmentId}`,
      keeper.token,
      {
        ...body,
        keepDocumentImages: false,
      },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('off: a registration with photos is refused and nothing is stored', async () => {
    await setKeep(owner.establishmentId, false);
    const count = await travelerCount();
    const res = await call(
      'POST',
      '/api/pilgrims',
      owner.token,
      travelerBody(owner.establishmentId, {
        documentType: 'I',
        frontDocImage: photo(),
        backDocImage: photo(),
      }),
    );
    expectRefused(res, ['frontDocImage', 'backDocImage']);
    expect(await travelerCount()).toBe(count);
    // Said in the caller's language.
    for (const [lng, message] of [
      ['es', 'Este establecimiento no guarda fotos de documentos de identidad'],
      ['en', 'This establishment does not keep photos of identity documents'],
    ]) {
      const answer = await call(
        'POST',
        `/api/pilgrims?lng=${lng}`,
        owner.token,
        travelerBody(owner.establishmentId, { frontDocImage: photo() }),
      );
      expect(answer.json<{ details: { message: string }[] }>().details[0]!.message).toBe(message);
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'a registration under way when the setting is turned off follows it',
    async () => {
      await setKeep(owner.establishmentId, true);
      const count = await travelerCount();
      let release!: () => void;
      let locked!: () => void;
      const held = new Promise<void>((resolve) => (locked = resolve));
      // Another connection turns the setting off and holds its transaction open.
      const change = ctx.database.db.transaction(async (tx) => {
        await tx
          .update(establishments)
          .set({ keepDocumentImages: false })
          .where(eq(establishments.id, owner.establishmentId));
        locked();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await held;
      const registration = call(
        'POST',
        '/api/pilgrims',
        owner.token,
        travelerBody(owner.establishmentId, { frontDocImage: photo() }),
      );
      // The registration read the setting as on before its transaction, and now waits for the
      // change's lock; once the change commits it reads it again, off.
      try {
        await vi.waitFor(
          async () => {
            const waiting = (await ctx.database.db.execute(
              sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            )) as unknown as { rows: { n: number }[] };
            expect(waiting.rows[0]!.n).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 20 },
        );
      } finally {
        // Released whatever happens: a failure must not leave the transaction open.
        release();
      }
      await change;
      expectRefused(await registration, ['frontDocImage']);
      expect(await travelerCount()).toBe(count);
    },
  );

  it('off: the data and the signature are registered as always', async () => {
    await setKeep(owner.establishmentId, false);
    const res = await call(
      'POST',
      '/api/pilgrims',
      owner.token,
      travelerBody(owner.establishmentId, { frontDocImage: '' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{
      data: { id: string; documentUploads: { id: string; kind: string }[] };
    }>();
    expect(data.documentUploads.map((d) => d.kind)).toEqual(['signature']);

    // An edit may not add a photo either; the record is left as it was.
    const edit = await call('PUT', `/api/pilgrims/${data.id}`, owner.token, {
      firstName: 'Changed',
      backDocImage: photo(),
    });
    expectRefused(edit, ['backDocImage']);
    const [row] = await ctx.database.db.select().from(pilgrims).where(eq(pilgrims.id, data.id));
    expect(row!.firstName).toBe('Hans');
    const stored = await ctx.database.db
      .select({ kind: travelerDocuments.kind })
      .from(travelerDocuments)
      .where(eq(travelerDocuments.pilgrimId, data.id));
    expect(stored).toEqual([{ kind: 'signature' }]);
    // A new signature is still taken, and replaces the old one.
    const signed = await call('PUT', `/api/pilgrims/${data.id}`, owner.token, {
      firstName: 'Changed',
      signatureImage: dataUrl(PNG_BYTES),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const after = await documentsOf(data.id);
    expect(after.map((d) => d.kind)).toEqual(['signature']);
    expect(after[0]!.id).not.toBe(data.documentUploads[0]!.id);
  });

  it('off: a photo sent with a move there is refused; a move there leaves the photos behind', async () => {
    await setKeep(owner.establishmentId, false);
    const created = await call(
      'POST',
      '/api/pilgrims',
      keeper.token,
      travelerBody(keeper.establishmentId),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    const move = await call('PUT', `/api/pilgrims/${id}`, admin.token, {
      establishmentId: owner.establishmentId,
      frontDocImage: photo(),
    });
    expectRefused(move, ['frontDocImage']);
    const [row] = await ctx.database.db.select().from(pilgrims).where(eq(pilgrims.id, id));
    expect(row!.establishmentId).toBe(keeper.establishmentId);
    // The other establishment keeps photos: a new one replaces the old.
    const before = (await documentsOf(id)).find((d) => d.kind === 'front')!;
    const replaced = await call('PUT', `/api/pilgrims/${id}`, keeper.token, {
      frontDocImage: photo(),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const front = (await documentsOf(id)).find((d) => d.kind === 'front');
    expect(front?.id).toBeDefined();
    expect(front!.id).not.toBe(before.id);

    // Moved without photos: it goes, and its photos are deleted on the way; the signature stays.
    const moved = await call('PUT', `/api/pilgrims/${id}`, admin.token, {
      establishmentId: owner.establishmentId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.establishmentId).toBe(owner.establishmentId);
    expect((await documentsOf(id)).map((d) => d.kind)).toEqual(['signature']);
    const [entry] = await ctx.database.db
      .select({ details: auditLog.details, establishmentId: auditLog.establishmentId })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'pilgrim.documents_deleted')));
    expect(entry).toEqual({
      establishmentId: owner.establishmentId,
      details: { documents: [{ id: front!.id, kind: 'front' }], reason: 'notKept' },
    });
    // The new establishment's history tells it.
    const history = await call('GET', `/api/pilgrims/${id}/history`, owner.token);
    expect(history.json().data).toContainEqual(
      expect.objectContaining({ action: 'pilgrim.documents_deleted', documents: ['front'] }),
    );
  });

  it('off: the public check-in says so and refuses photos; without them it registers', async () => {
    await setKeep(owner.establishmentId, false);
    const link = await call(
      'GET',
      `/api/establishments/${owner.establishmentId}/checkin-link`,
      owner.token,
    );
    const token = link.json<{ data: { token: string } }>().data.token;
    const info = await call('GET', `/api/public/checkin/${token}`);
    expect(info.json().data.establishment.keepDocumentImages).toBe(false);

    const count = await travelerCount();
    const refused = await call(
      'POST',
      `/api/public/checkin/${token}`,
      undefined,
      travelerBody(null, { frontDocImage: photo() }),
    );
    expectRefused(refused, ['frontDocImage']);
    expect(await travelerCount()).toBe(count);

    const res = await call(
      'POST',
      `/api/public/checkin/${token}`,
      undefined,
      travelerBody(null, { frontDocImage: '' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await travelerCount()).toBe(count + 1);

    await setKeep(owner.establishmentId, true);
    const on = await call('GET', `/api/public/checkin/${token}`);
    expect(on.json().data.establishment.keepDocumentImages).toBe(true);
  });
});

describe('DELETE /api/establishments/{id}/document-photos', () => {
  it('deletes the photos still held once photos are not kept, each traveler told; 409 before', async () => {
    const other = await registerVerifiedOwner(ctx);
    await setKeep(owner.establishmentId, true);
    const register = async (
      token: string,
      establishmentId: string,
      extra: Record<string, unknown> = {},
    ) => {
      const res = await call('POST', '/api/pilgrims', token, travelerBody(establishmentId, extra));
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ data: { id: string } }>().data.id;
    };
    const withBoth = await register(owner.token, owner.establishmentId, {
      documentType: 'I',
      backDocImage: photo(),
    });
    const withFront = await register(owner.token, owner.establishmentId);
    const signatureOnly = await register(owner.token, owner.establishmentId, {
      frontDocImage: '',
    });
    const elsewhere = await register(other.token, other.establishmentId);
    const url = `/api/establishments/${owner.establishmentId}/document-photos`;

    // While photos are kept: refused, nothing deleted.
    const kept = await ctx.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) });
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ success: false, code: 'DOCUMENT_PHOTOS_KEPT' });
    expect((await documentsOf(withBoth)).map((d) => d.kind).sort()).toEqual(
      ['back', 'front', 'signature'].sort(),
    );

    await setKeep(owner.establishmentId, false);
    // Another tenant, or nobody: 404 and 401, nothing deleted.
    const foreign = await ctx.app.inject({ method: 'DELETE', url, headers: bearer(other.token) });
    expect(foreign.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: '/api/establishments/not-a-uuid/document-photos',
          headers: bearer(owner.token),
        })
      ).statusCode,
    ).toBe(404);

    const res = await ctx.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: 3, travelers: 2 });
    // The establishment's log counts them, with who asked.
    const [logged] = await ctx.database.db
      .select({ actor: auditLog.actorUserId, details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, owner.establishmentId),
          eq(auditLog.action, 'establishment.document_photos_deleted'),
        ),
      );
    expect(logged).toEqual({ actor: owner.userId, details: { deleted: 3, travelers: 2 } });
    for (const id of [withBoth, withFront, signatureOnly])
      expect((await documentsOf(id)).map((d) => d.kind)).toEqual(['signature']);
    // Another establishment's travelers keep theirs.
    expect((await documentsOf(elsewhere)).map((d) => d.kind).sort()).toEqual([
      'front',
      'signature',
    ]);
    // Each traveler's history names the photos deleted; one without photos has no entry.
    const history = async (id: string) =>
      (await call('GET', `/api/pilgrims/${id}/history`, owner.token)).json<{
        data: { action: string; documents: string[] }[];
      }>().data;
    expect((await history(withBoth))[0]).toMatchObject({
      action: 'pilgrim.documents_deleted',
      documents: ['front', 'back'],
    });
    expect(
      (await history(signatureOnly)).some((e) => e.action === 'pilgrim.documents_deleted'),
    ).toBe(false);

    // Again: nothing left to delete.
    const again = await ctx.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) });
    expect(again.json().data).toEqual({ deleted: 0, travelers: 0 });
  });
});

describe('deleting the photos of a large register', () => {
  it('goes batch by batch, and stops if the setting is turned back on meanwhile', async () => {
    const big = await registerVerifiedOwner(ctx);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', '/api/pilgrims', big.token, travelerBody(big.establishmentId));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ data: { id: string } }>().data.id);
    }
    await setKeep(big.establishmentId, false, big.token);
    const audit = createAuditRepository(ctx.database.db);
    const service = createEstablishmentsService({
      db: ctx.database.db,
      establishments: createEstablishmentsRepository(ctx.database.db),
      audit,
      photoBatch: 1,
    } as unknown as Parameters<typeof createEstablishmentsService>[0]);
    const context = { actorId: big.userId, requestId: null, ip: null };
    const actor = {
      id: big.userId,
      sessionId: 'test',
      role: 'user' as const,
      name: 'Owner',
      email: big.email,
    };
    expect(await service.deleteDocumentPhotos(actor, big.establishmentId, context)).toEqual({
      deleted: 3,
      travelers: 3,
    });
    for (const id of ids) expect((await documentsOf(id)).map((d) => d.kind)).toEqual(['signature']);

    // On again: refused before anything goes.
    await setKeep(big.establishmentId, true, big.token);
    const more: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', '/api/pilgrims', big.token, travelerBody(big.establishmentId));
      more.push(res.json<{ data: { id: string } }>().data.id);
    }
    await expect(
      service.deleteDocumentPhotos(actor, big.establishmentId, context),
    ).rejects.toMatchObject({ code: 'DOCUMENT_PHOTOS_KEPT' });
    const photosLeft = async () =>
      (await Promise.all(more.map(documentsOf))).filter((docs) =>
        docs.some((d) => d.kind === 'front'),
      ).length;
    expect(await photosLeft()).toBe(3);

    // Turned back on between two batches: the next batch finds it on and stops there.
    await setKeep(big.establishmentId, false, big.token);
    const repository = createEstablishmentsRepository(ctx.database.db);
    const interrupted = createEstablishmentsService({
      db: ctx.database.db,
      establishments: {
        ...repository,
        // The owner turns it on as this batch commits (in its transaction: it holds the lock).
        async deleteDocumentPhotos(pilgrimIds: string[], tx: typeof ctx.database.db) {
          const removed = await repository.deleteDocumentPhotos(pilgrimIds, tx);
          await tx
            .update(establishments)
            .set({ keepDocumentImages: true })
            .where(eq(establishments.id, big.establishmentId));
          return removed;
        },
      },
      audit,
      photoBatch: 1,
    } as unknown as Parameters<typeof createEstablishmentsService>[0]);
    expect(await interrupted.deleteDocumentPhotos(actor, big.establishmentId, context)).toEqual({
      deleted: 1,
      travelers: 1,
    });
    expect(await photosLeft()).toBe(2);
  });
});
