/**
 * The plan of an owner's default traveler list (no establishment chosen), read with EXPLAIN on the
 * statement the list really sends (issue #30): it must be the plan of the same list for the owner's
 * one establishment, an index read in the list's order that stops after the page, never a read and
 * sort of all the owner's travelers. No timing here: the benchmark measures it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PgliteClient } from '../../db/pglite-client';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';

const TRAVELERS = 2200;
/** The embedded database's plan (the statements are read from PGlite's client); PostgreSQL's own
 * runs have autovacuum's statistics and are measured by the benchmark. */
const onPostgres = process.env.TEST_DB === 'postgres';
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;

beforeAll(async () => {
  if (onPostgres) return;
  ctx = await createTestContext();
  owner = await registerVerifiedOwner(ctx);
  await ctx.database.db.execute(sql`
    insert into pilgrims (establishment_id, first_name, last_name, nationality, document_type,
      document_number, date_of_birth, gender, document_expedition_date, entry_date, check_out_date,
      language, email, phone, emergency_name, emergency_phone, emergency_relationship, search_text)
    select ${owner.establishmentId}::uuid, 'Ana', 'Peregrina ' || g, 'ESP', 'P',
      'PA' || lpad(g::text, 7, '0'), date '1980-01-01' + g, 'F', date '2020-01-01',
      date '2024-01-01' + (g % 700), date '2024-01-02' + (g % 700), 'es',
      'ana' || g || '@example.com', '+34 600 000 000', 'Contact', '+34 600 000 001', 'family',
      'ana peregrina ' || g
    from generate_series(1, ${TRAVELERS}) as g`);
  // No ANALYZE: PGlite has no autovacuum, so an embedded database plans without statistics.
});
afterAll(async () => {
  await ctx?.close();
});

/** The statements the list sends, as PGlite receives them (text and values). */
async function statementsOf(url: string) {
  const client = (ctx.database.db as unknown as { $client: PgliteClient }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
    expect(res.statusCode, res.body).toBe(200);
    return {
      body: res.json<{ data: Array<{ id: string }>; pagination: { total: number } }>(),
      statements: spy.mock.calls.map(([text, params]) => ({ text, params: params ?? [] })),
    };
  } finally {
    spy.mockRestore();
  }
}

async function explain(text: string, params: unknown[]) {
  const client = (ctx.database.db as unknown as { $client: PgliteClient }).$client;
  const { rows } = await client.pglite.query<{ 'QUERY PLAN': string }>(
    `explain (costs off) ${text}`,
    params as unknown[],
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe.skipIf(onPostgres)(`an owner's default traveler list, ${TRAVELERS} travelers`, () => {
  it('is planned as the list of their one establishment: the index in order, no sort of every row', async () => {
    const chosen = await statementsOf(
      `/api/pilgrims?establishmentId=${owner.establishmentId}&limit=20`,
    );
    const byDefault = await statementsOf('/api/pilgrims?limit=20');
    expect(byDefault.body.data.map((t) => t.id)).toEqual(chosen.body.data.map((t) => t.id));
    expect(byDefault.body.pagination.total).toBe(TRAVELERS);

    const page = (statements: typeof chosen.statements) => {
      const found = statements.filter((s) => /row_to_json/.test(s.text));
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    const chosenPlan = await explain(page(chosen.statements).text, page(chosen.statements).params);
    const defaultPlan = await explain(
      page(byDefault.statements).text,
      page(byDefault.statements).params,
    );
    expect(defaultPlan).toContain(
      'Index Scan Backward using pilgrims_establishment_entry_idx on pilgrims',
    );
    expect(defaultPlan).not.toMatch(/Sort Key: pilgrims\.|Hash Join|Seq Scan on pilgrims/);
    expect(defaultPlan).toBe(chosenPlan);
    // The very statement of the chosen establishment, so a plan kept for it serves both.
    expect(page(byDefault.statements).text).toBe(page(chosen.statements).text);
  });

  it('lists nothing, without reading travelers, for a user of no establishment', async () => {
    const loner = await registerVerifiedOwner(ctx);
    await ctx.database.db.execute(
      sql`delete from establishment_members where user_id = ${loner.userId}`,
    );
    const client = (ctx.database.db as unknown as { $client: PgliteClient }).$client;
    const spy = vi.spyOn(client, 'query');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/pilgrims',
      headers: bearer(loner.token),
    });
    const texts = spy.mock.calls.map(([text]) => text);
    spy.mockRestore();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], pagination: { total: 0 } });
    expect(texts.some((text) => /row_to_json|count\(\*\)/.test(text))).toBe(false);
  });
});
