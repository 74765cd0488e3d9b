/**
 * The clock of an establishment (decision 028) where the database writes the answer: the lists
 * count each traveler's stay to the day of the traveler's establishment (decision 019). The SQL
 * twin of establishmentTimeZone (shared provinces.ts), held to it by clock.test.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SPAIN_TIME_ZONE, todayIso } from '@hospes/shared/dates';
import {
  CANARY_TIME_ZONE,
  establishmentTimeZone,
  PROVINCES,
  provinceKey,
} from '@hospes/shared/provinces';

/**
 * Today's date by each of Spain's two clocks. The Canary Islands' is the mainland's, but for the
 * hour after the mainland's midnight, when it is still the day before.
 */
export interface ClockDays {
  mainland: string;
  islands: string;
}

export const clockDays = (now: Date): ClockDays => ({
  mainland: todayIso(now, SPAIN_TIME_ZONE),
  islands: todayIso(now, CANARY_TIME_ZONE),
});

const onIslands = (code: string) => establishmentTimeZone({ province: code }) === CANARY_TIME_ZONE;

/** A table of names as a constant jsonb in the SQL text (parsed once, when it is planned). */
function jsonbLiteral(entries: Iterable<[string, boolean]>): SQL {
  const text = JSON.stringify(Object.fromEntries(entries));
  return sql.raw(`'${text.replace(/'/g, "''")}'::jsonb`);
}

/** Each province code: on the islands' clock or not. */
const BY_CODE = jsonbLiteral(PROVINCES.map((p) => [p.code, onIslands(p.code)]));

const spellings = PROVINCES.flatMap((province) =>
  [province.name, ...province.variants, ...province.name.split('/')].map(
    (name) => [name, onIslands(province.code)] as const,
  ),
);
/** Each province spelling as provinceKey writes it (as findProvince reads them): islands or not. */
const BY_KEY = jsonbLiteral(spellings.map(([name, islands]) => [provinceKey(name), islands]));
/**
 * Each spelling in lower case, as people mostly type one: found without the cost of provinceKey's
 * SQL (translate and regexp_replace take ten times as long as the rest).
 */
const BY_SPELLING = jsonbLiteral(
  spellings.map(([name, islands]) => [name.trim().toLowerCase(), islands]),
);

const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñçÿÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuncyAAAAAAEEEEIIIIOOOOOUUUUNC';

/**
 * provinceKey in SQL: without accents (either case, whatever lower() of the database's locale
 * does with them), lower case, letters and digits only.
 */
const keyOf = (text: SQL) =>
  sql`regexp_replace(lower(translate(${text}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})), '[^a-z0-9]', '', 'g')`;

/**
 * Whether an establishment keeps the Canary Islands' clock, from its province and postal code
 * columns, as establishmentTimeZone decides it: the province by its two-digit code, else by any
 * spelling of the whole text, else of its first part that is one ("Tenerife - Canarias"); else
 * the postal code's province. Never null.
 */
export function islandsClock(province: SQL, postalCode: SQL): SQL<boolean> {
  const trimmed = sql`btrim(${province})`;
  const part = sql.raw('part');
  const byName = sql`coalesce((${BY_SPELLING} ->> lower(${trimmed}))::boolean,
    (${BY_KEY} ->> ${keyOf(province)})::boolean, (
    select (${BY_KEY} ->> ${keyOf(part)})::boolean
    from unnest(regexp_split_to_array(${province}, '[/,-]')) with ordinality as parts(part, n)
    where (${BY_KEY} ->> ${keyOf(part)}) is not null
    order by n limit 1))`;
  return sql<boolean>`coalesce(
    case when ${trimmed} ~ '^[0-9]{2}$' then (${BY_CODE} ->> ${trimmed})::boolean else ${byName} end,
    case when ${postalCode} ~ '^\\s*[0-9]{5}\\s*$'
      then (${BY_CODE} ->> substr(btrim(${postalCode}), 1, 2))::boolean end,
    false)`;
}

/** The establishment (alias `e`) keeps the islands' clock: for a subquery of establishments. */
export const establishmentOnIslands = islandsClock(
  sql.raw('"e"."province"'),
  sql.raw('"e"."postal_code"'),
);
