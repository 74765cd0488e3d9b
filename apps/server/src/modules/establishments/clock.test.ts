/**
 * The database's reading of an establishment's clock (islandsClock, for the lists it writes) is
 * establishmentTimeZone's, for every spelling of every province and the odd ones people type.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_TIME_ZONE, establishmentTimeZone, PROVINCES } from '@hospes/shared/provinces';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../../test/db';
import { clockDays, islandsClock } from './clock';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const spellings = PROVINCES.flatMap((p) => [
  p.code,
  p.name,
  ...p.variants,
  ...p.name.split('/'),
  p.name.toUpperCase(),
  p.name.toLowerCase(),
  ` ${p.name}  `,
]);
const odd = [
  '',
  '   ',
  '00',
  '99',
  ' 38 ',
  '3',
  '380',
  'Tenerife - Canarias',
  'Canarias, Las Palmas',
  'Islas Canarias',
  'Gran Canaria',
  'S/C de Tenerife',
  'LAS PALMAS DE GRAN CANARIA',
  'Las Palmas / Madrid',
  'Madrid / Las Palmas',
  'ÁLAVA',
  'CÁCERES',
  'A CORUÑA',
  'Lleida-Lérida',
  "l'Hospitalet",
  'Palmas, Las',
];
const postalCodes = ['35001', '38001', '28001', '07001', ' 35001 ', '3500', ''];

describe('the clock of an establishment, read by the database', () => {
  it('is establishmentTimeZone’s for every province spelling and postal code', async () => {
    const cases = [...spellings, ...odd].flatMap((province) =>
      postalCodes.map((postalCode) => ({ province, postalCode })),
    );
    const { rows } = (await database.db.execute(sql`
      select c.n, ${islandsClock(sql`c.province`, sql`c.postal_code`)} as islands
      from (values ${sql.join(
        cases.map((c, n) => sql`(${n}::int, ${c.province}::text, ${c.postalCode}::text)`),
        sql`, `,
      )}) as c(n, province, postal_code)
      order by c.n`)) as unknown as { rows: { n: number; islands: boolean }[] };
    const answers = rows.map((row) => ({ ...cases[row.n]!, islands: row.islands }));
    const expected = cases.map((c) => ({
      ...c,
      islands: establishmentTimeZone(c) === CANARY_TIME_ZONE,
    }));
    expect(answers).toEqual(expected);
    // What the comparison covers: both answers, each decided by the province and by the postal code.
    expect(expected.filter((c) => c.islands).length).toBeGreaterThan(50);
    expect(
      expected.find((c) => c.province === 'A Coruña' && c.postalCode === '35001')?.islands,
    ).toBe(false);
    expect(expected.find((c) => c.province === '' && c.postalCode === '38001')?.islands).toBe(true);
  });

  it('tells the islands’ day apart from the mainland’s only in the hour after midnight', () => {
    expect(clockDays(new Date('2026-01-15T23:30:00Z'))).toEqual({
      mainland: '2026-01-16',
      islands: '2026-01-15',
    });
    // Summer: both an hour later.
    expect(clockDays(new Date('2026-07-15T22:30:00Z'))).toEqual({
      mainland: '2026-07-16',
      islands: '2026-07-15',
    });
    expect(clockDays(new Date('2026-01-16T00:30:00Z'))).toEqual({
      mainland: '2026-01-16',
      islands: '2026-01-16',
    });
  });
});
