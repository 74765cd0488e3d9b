import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db';
import { pgErrorCode, type Database } from './client';
import { PgliteClient } from './pglite-client';
import { createTravelersRepository } from '../modules/travelers/travelers.repository';

describe('values through drizzle, the same on PGlite and PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('sends and reads back text, numbers, booleans, nulls, dates, arrays, JSON and bytes', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const at = new Date('2026-11-22T10:11:12.345Z');
    const text = `O'Brien "quoted" \\ back-slash, ñ, 中文, 🙂`;
    const result = (await database.db.execute(sql`select
      ${text}::text as text, ${42}::int as int, ${2.5}::numeric::text as num,
      ${true}::boolean as yes, ${null}::text as nothing, ${at}::timestamptz as at,
      ${sql.param(['a"b', 'c\\d', null, '{x,y}'])}::text[] as list,
      ${JSON.stringify({ a: [1, 'é'], b: null })}::jsonb as json,
      ${bytes}::bytea as bytes, octet_length(${bytes}::bytea) as len`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const row = result.rows[0]!;
    expect(row.text).toBe(text);
    expect(row.int).toBe(42);
    expect(row.num).toBe('2.5');
    expect(row.yes).toBe(true);
    expect(row.nothing).toBeNull();
    expect(new Date(row.at as string).toISOString()).toBe(at.toISOString());
    expect(row.list).toEqual(['a"b', 'c\\d', null, '{x,y}']);
    expect(row.json).toEqual({ a: [1, 'é'], b: null });
    expect(Buffer.isBuffer(row.bytes)).toBe(true);
    expect((row.bytes as Buffer).equals(bytes)).toBe(true);
    expect(row.len).toBe(256);
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('the statements a registration runs', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('are kept by PGlite, as marked by the travelers repository', async () => {
    const repository = createTravelersRepository(database.db, 'pglite');
    await repository.establishmentInScope(randomUUID(), { admin: true });
    await repository.establishmentInScope(randomUUID(), { admin: false, userId: randomUUID() });
    await repository.numberIfMissing(randomUUID());
    const kept = (await database.db.execute(sql`
      select count(*) filter (where statement like '%from "establishments"%')::int as establishment,
        count(*) filter (where statement like '%with target as%')::int as numbering
      from pg_prepared_statements`)) as unknown as { rows: unknown[] };
    expect(kept.rows).toEqual([{ establishment: 2, numbering: 1 }]);
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('PgliteClient', () => {
  let pglite: PGlite;
  let client: PgliteClient;
  beforeAll(async () => {
    pglite = await PGlite.create();
    client = new PgliteClient(pglite);
    await client.exec('create table t (id int primary key, name text)');
  });
  afterAll(async () => client.close());

  it('answers rows as objects or arrays, with fields, command and counts', async () => {
    const insert = await client.query('insert into t values ($1, $2), ($3, $4)', [1, 'a', 2, 'b']);
    expect(insert).toMatchObject({ command: 'INSERT', affectedRows: 2, rows: [] });
    const update = await client.query('update t set name = upper(name) where id > $1', [0]);
    expect(update).toMatchObject({ command: 'UPDATE', affectedRows: 2, rowCount: 2 });
    const objects = await client.query('select id, name from t order by id');
    expect(objects.rows).toEqual([
      { id: 1, name: 'A' },
      { id: 2, name: 'B' },
    ]);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'name']);
    const arrays = await client.query('select id, name from t where id = $1', [2], {
      rowMode: 'array',
      parsers: { 25: (value: string) => `<${value}>` },
    });
    expect(arrays.rows).toEqual([[2, '<B>']]);
    await client.query('delete from t');
  });

  it('throws the database error with its code, and the next statement runs', async () => {
    await client.query('insert into t values ($1, $2)', [1, 'a']);
    const error = await client.query('insert into t values ($1, $2)', [1, 'b']).catch((e) => e);
    expect(pgErrorCode(error)).toBe('23505');
    const syntax = await client.query('selec 1').catch((e) => e);
    expect(pgErrorCode(syntax)).toBe('42601');
    expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
    await client.query('delete from t');
  });

  it('runs a statement outside a transaction only after it ends, and rolls back a failed one', async () => {
    let started!: () => void;
    let release!: () => void;
    const began = new Promise<void>((resolve) => (started = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [5, 'in transaction']);
      started();
      await held;
    });
    await began;
    const outside = client.query<{ n: number }>('select count(*)::int as n from t');
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 1 }]);

    const failed = await client
      .transaction(async (tx) => {
        await tx.query('insert into t values ($1, $2)', [6, 'rolled back']);
        await tx.query('insert into t values ($1, $2)', [5, 'duplicate']);
      })
      .catch((e) => e);
    expect(pgErrorCode(failed)).toBe('23505');
    expect((await client.query('select id from t order by id')).rows).toEqual([{ id: 5 }]);
  });

  it('parses a statement it keeps once, under a name, and binds it after', async () => {
    const text = 'select name from t where id = $1';
    client.keepPlan(text);
    await client.query('insert into t values ($1, $2), ($3, $4)', [7, 'seven', 8, 'eight']);
    for (const [id, name] of [
      [7, 'seven'],
      [8, 'eight'],
      [7, 'seven'],
    ] as const) {
      expect((await client.query(text, [id])).rows).toEqual([{ name }]);
    }
    const kept = await client.query<{ n: number; plans: number }>(
      `select count(*)::int as n, sum(generic_plans + custom_plans)::int as plans
       from pg_prepared_statements where statement = $1`,
      [text],
    );
    expect(kept.rows).toEqual([{ n: 1, plans: 3 }]);
    await client.query('delete from t where id in (7, 8)');
  });

  it('keeps a statement whose parse or run failed usable', async () => {
    client.keepPlan('selec $1');
    for (let i = 0; i < 2; i++) {
      expect(pgErrorCode(await client.query('selec $1', [1]).catch((e) => e))).toBe('42601');
    }
    const insert = 'insert into t values ($1, $2)';
    client.keepPlan(insert);
    await client.query(insert, [9, 'nine']);
    expect(pgErrorCode(await client.query(insert, [9, 'again']).catch((e) => e))).toBe('23505');
    await client.query(insert, [10, 'ten']);
    expect(
      (await client.query('select count(*)::int as n from t where id in (9, 10)')).rows,
    ).toEqual([{ n: 2 }]);
    await client.query('delete from t where id in (9, 10)');
  });

  it('closes the least recently used statement it keeps beyond 1,000', async () => {
    const text = (i: number) => `select $1::int + ${i} as n`;
    for (let i = 0; i <= 1000; i++) {
      client.keepPlan(text(i));
      expect((await client.query(text(i), [1])).rows).toEqual([{ n: 1 + i }]);
      // The first stays in use, so the second is the least recently used at the end.
      if (i > 0 && i % 100 === 0) await client.query(text(0), [1]);
    }
    await client.query('select 1');
    const named = await client.query<{ statement: string }>(
      `select statement from pg_prepared_statements where statement like 'select $1::int + %'`,
    );
    const statements = new Set(named.rows.map((r) => r.statement));
    expect(statements.size).toBe(1000);
    expect(statements.has(text(0))).toBe(true);
    expect(statements.has(text(1))).toBe(false);
    expect((await client.query(text(1), [1])).rows).toEqual([{ n: 2 }]);
  });

  it('keeps an INSERT of values without being asked, and not one that selects', async () => {
    const values = 'insert into t values ($1, $2) on conflict (id) do nothing';
    const selecting = 'insert into t select $1::int, $2::text';
    await client.query(values, [11, 'eleven']);
    await client.query(selecting, [12, 'twelve']);
    const kept = await client.query<{ statement: string }>(
      'select statement from pg_prepared_statements where statement in ($1, $2)',
      [values, selecting],
    );
    expect(kept.rows).toEqual([{ statement: values }]);
    await client.query('delete from t where id in (11, 12)');
  });

  it('lets the event loop turn before each statement', async () => {
    let turned = false;
    setImmediate(() => (turned = true));
    await client.query('select 1');
    expect(turned).toBe(true);
  });

  it('refuses statements once closed', async () => {
    const other = new PgliteClient(await PGlite.create());
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow('PGlite is closed');
  });
});
