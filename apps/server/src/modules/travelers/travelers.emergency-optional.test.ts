/**
 * The emergency contact at the desk (decision 055): required, as spec §3 says, unless the
 * establishment makes it optional (`emergencyContactOptional`); the self check-in always asks for
 * it, whatever the setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Establishment } from '@hospes/shared/establishments';
import type { Traveler } from '@hospes/shared/travelers';
import { travelerBody } from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, auth = true) =>
  ctx.app.inject({
    method,
    url,
    headers: auth ? bearer(owner.token) : {},
    ...(payload ? { payload } : {}),
  });

async function setOptional(emergencyContactOptional: boolean) {
  const current = (await call('GET', `/api/establishments/${owner.establishmentId}`)).json<{
    data: Establishment;
  }>().data;
  const { name, type, nif, address, city, province, postalCode, phone } = current;
  const res = await call('PUT', `/api/establishments/${owner.establishmentId}`, {
    ...{ name, type, nif, address, city, province, postalCode, phone },
    contactName: current.contactName,
    contactEmail: current.contactEmail,
    emergencyContactOptional,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Establishment }>().data;
}

const travelersCount = async () =>
  (await call('GET', `/api/pilgrims?establishmentId=${owner.establishmentId}&limit=1`)).json<{
    pagination: { total: number };
  }>().pagination.total;

const fieldsOf = (body: string) =>
  (JSON.parse(body) as { details?: { field: string }[] }).details?.map((d) => d.field).sort();

const EMERGENCY_FIELDS = [
  'emergencyContact.name',
  'emergencyContact.phone',
  'emergencyContact.relationship',
];

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await registerVerifiedOwner(ctx);
});

afterAll(async () => {
  await ctx.close();
});

describe('the emergency contact at the desk', () => {
  it('is required by default: a registration without one is refused on its fields, nothing saved', async () => {
    const before = await travelersCount();
    const res = await call(
      'POST',
      '/api/pilgrims?lng=en',
      travelerBody(owner.establishmentId, { emergencyContact: undefined }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(fieldsOf(res.body)).toEqual(EMERGENCY_FIELDS);
    expect(await travelersCount()).toBe(before);
  });

  it('may be left out where the establishment says so: none stored; half a contact is refused', async () => {
    expect((await setOptional(true)).emergencyContactOptional).toBe(true);
    const res = await call(
      'POST',
      '/api/pilgrims',
      travelerBody(owner.establishmentId, {
        emergencyContact: { name: '', phone: '', relationship: '' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<{ data: Traveler }>().data;
    expect(saved.emergencyContact).toEqual({ name: '', phone: '', relationship: '' });
    const read = await call('GET', `/api/pilgrims/${saved.id}`);
    expect(read.json<{ data: Traveler }>().data.emergencyContact.name).toBe('');

    const half = await call(
      'POST',
      '/api/pilgrims',
      travelerBody(owner.establishmentId, { emergencyContact: { name: 'Greta Müller' } }),
    );
    expect(half.statusCode, half.body).toBe(400);
    expect(fieldsOf(half.body)).toEqual([
      'emergencyContact.phone',
      'emergencyContact.relationship',
    ]);

    // An edit of that record follows the establishment's rule as it is now.
    await setOptional(false);
    const edit = await call('PUT', `/api/pilgrims/${saved.id}`, {
      emergencyContact: { name: 'Greta Müller' },
    });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(fieldsOf(edit.body)).toEqual([
      'emergencyContact.phone',
      'emergencyContact.relationship',
    ]);
    const complete = await call('PUT', `/api/pilgrims/${saved.id}`, {
      emergencyContact: { name: 'Greta Müller', phone: '+49 30 7654321', relationship: 'spouse' },
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json<{ data: Traveler }>().data.emergencyContact.relationship).toBe('spouse');
    // Required again: it cannot be cleared.
    const cleared = await call('PUT', `/api/pilgrims/${saved.id}`, {
      emergencyContact: { name: '', phone: '', relationship: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(400);
    expect(fieldsOf(cleared.body)).toEqual(EMERGENCY_FIELDS);
  });

  it('is always asked on the self check-in, even where the desk may leave it out', async () => {
    await setOptional(true);
    const link = await call('GET', `/api/establishments/${owner.establishmentId}/checkin-link`);
    const token = link.json<{ data: { token: string } }>().data.token;
    const res = await call(
      'POST',
      `/api/public/checkin/${token}?lng=en`,
      travelerBody(null, {
        emergencyContact: undefined,
        entryDate: undefined,
        checkOutDate: undefined,
      }),
      false,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res.body)).toEqual(EMERGENCY_FIELDS);
  });
});
