import { and, asc, eq, inArray, sql, type Placeholder, type SQL, type Subquery } from 'drizzle-orm';
import { afterPosition, positionAt, type Position } from '../../lib/cursor';
import type { DocumentKind } from '@hospes/shared/codes';
import type { TravelerSortField } from '@hospes/shared/travelers';
import { keepingPlan, keepPlanOf, type Db, type DatabaseKind } from '../../db/client';
import {
  establishmentMembers,
  establishments,
  travelerDocuments,
  pilgrims,
  registrationKeys,
  reportCounters,
  type TravelerDbRow,
} from '../../db/schema';
import { deleteDocumentPhotos, keepsDocumentImages } from '../establishments';
import { inScope, scopePermission, type Scope } from '../../db/scope';
import {
  apiToday,
  apiTodayIslands,
  DEFERRED_JOIN_FROM,
  inline,
  listOrder,
  listStatement,
  NIL_UUID,
  oneDay,
  StatementCache,
  twoDays,
  UNNAMED,
  USUAL_PAGE_SIZES,
  type ListDays,
  type TravelerFilter,
} from './list-query';
import { apiTraveler, fromFullRow, fullRow, type TravelerWithEstablishment } from './traveler-json';
import type { TravelerValues } from './travelers.mapper';

export type NewDocument = {
  id: string;
  pilgrimId: string;
  kind: DocumentKind;
  mimeType: string;
  originalName: string;
  size: number;
  content: Buffer;
};

/** `kind`: where a new registration takes its report number (see numbersInTransaction). */
export function createTravelersRepository(db: Db, kind: DatabaseKind = 'pglite') {
  /**
   * Takes `count` report numbers of an establishment's series for a year and answers the first.
   * The counter row stays locked until the transaction ends, so concurrent callers (an import, a
   * traveler moved to another establishment) queue on it and a rolled-back transaction gives its
   * numbers back: the series has no gaps and no repeats. Call it inside the transaction that
   * writes the travelers.
   */
  async function allocateReportNumbers(
    establishmentId: string,
    year: number,
    count: number,
    tx: Db,
  ) {
    const [row] = await tx
      .insert(reportCounters)
      .values({ establishmentId, year, lastNumber: count })
      .onConflictDoUpdate({
        target: [reportCounters.establishmentId, reportCounters.year],
        set: { lastNumber: sql`${reportCounters.lastNumber} + ${count}` },
      })
      .returning({ last: reportCounters.lastNumber });
    return row!.last - count + 1;
  }

  const establishmentInScopeQuery = (id: string, scope: Scope, tx: Db) =>
    tx
      .select({
        id: establishments.id,
        name: establishments.name,
        keepDocumentImages: establishments.keepDocumentImages,
        province: establishments.province,
        postalCode: establishments.postalCode,
        defaultPaymentType: establishments.defaultPaymentType,
        walkInNights: establishments.walkInNights,
        emergencyContactOptional: establishments.emergencyContactOptional,
      })
      .from(establishments)
      .where(and(eq(establishments.id, id), inScope(scope, establishments.id)));

  const numberingSql = (id: string) => sql`
    with target as (
      select ${pilgrims.id}, ${pilgrims.establishmentId},
        extract(year from ${pilgrims.entryDate})::int as year
      from ${pilgrims}
      where ${pilgrims.id} = ${id} and ${pilgrims.reportSeq} is null
      for update
    ), counter as (
      insert into ${reportCounters} (establishment_id, year, last_number)
      select establishment_id, year, 1 from target
      on conflict (establishment_id, year)
      do update set last_number = ${reportCounters}.last_number + 1
      returning last_number
    )
    update ${pilgrims}
    set report_year = (select year from target), report_seq = (select last_number from counter)
    where ${pilgrims.id} in (select id from target)
    returning report_year, report_seq
  `;

  // Every registration runs these two (PGlite then keeps their plans, as it keeps its INSERTs').
  keepPlanOf(db, numberingSql(NIL_UUID));
  for (const scope of [{ admin: true }, { admin: false, userId: NIL_UUID }] as const)
    keepPlanOf(db, establishmentInScopeQuery(NIL_UUID, scope, db));

  /** `condition` within the scope, whose user id is bound when the statement runs (`userId`). */
  const inBoundScope = (scope: Scope, condition: SQL) =>
    and(
      condition,
      inScope(scope, pilgrims.establishmentId, {
        userId: sql.placeholder('userId'),
        permission: sql.placeholder('permission'),
      }),
    );

  /** Full rows (see fullRow) that meet `condition` within the scope, in a kept statement. */
  const rowsInScope = (name: string, scope: Scope, condition: SQL) =>
    keepingPlan(
      db,
      db.select(fullRow).from(pilgrims).where(inBoundScope(scope, condition)).prepare(name),
    );

  /**
   * The travelers `inner` selects (see apiTraveler), one JSON text per row, in `inner`'s order: a
   * subquery with an ORDER BY is not merged into the query around it, which reads it in order.
   */
  const apiJsonOf = (inner: { as: (alias: 't') => Subquery<'t', Record<string, unknown>> }) =>
    db.select({ json: sql<string>`row_to_json("t")::text` }).from(inner.as('t'));

  /**
   * Travelers as the API answers them (apiTraveler), with their establishment joined rather than
   * looked up row by row: in a plan kept for any values, PostgreSQL reads each establishment of a
   * page once (a memoised index lookup), where a subquery per row scanned a small table each time.
   * `twoClocks`: each stay counted to the day of its establishment's clock (bound `todayIslands`).
   */
  const apiTravelers = (twoClocks: boolean) =>
    db
      .select(apiTraveler(apiToday, twoClocks ? apiTodayIslands : undefined))
      .from(pilgrims)
      .leftJoin(establishments, eq(establishments.id, pilgrims.establishmentId));

  const pages = new StatementCache();
  const counts = new StatementCache();
  const reads = new StatementCache();

  return {
    /**
     * The establishments a member reaches (their ids; two at most, which is enough to tell whether
     * there is exactly one): see listing.ts.
     */
    async memberEstablishmentIds(userId: string): Promise<string[]> {
      const statement = reads.get('member-establishments', (name) =>
        keepingPlan(
          db,
          db
            .select({ id: establishmentMembers.establishmentId })
            .from(establishmentMembers)
            .where(eq(establishmentMembers.userId, sql.placeholder('userId')))
            .limit(2)
            .prepare(name),
        ),
      );
      const rows = await statement.execute({ userId });
      return rows.map((row) => row.id);
    },

    /** The establishment, when the scope reaches it. */
    async establishmentInScope(id: string, scope: Scope, tx: Db = db) {
      const [row] = await establishmentInScopeQuery(id, scope, tx);
      return row ?? null;
    },

    /** Up to two establishments a user belongs to (to tell "exactly one" apart). */
    async membershipsOf(userId: string, tx: Db = db) {
      const rows = await tx
        .select({ id: establishmentMembers.establishmentId })
        .from(establishmentMembers)
        .where(eq(establishmentMembers.userId, userId))
        .limit(2);
      return rows.map((r) => r.id);
    },

    allocateReportNumbers,

    /**
     * Where a new registration takes its report number. PostgreSQL: after its commit, so the
     * counter's lock is never held across round trips (see numberIfMissing). PGlite: inside its
     * transaction, as its last statement; PGlite is one connection that runs one transaction at a
     * time, so nothing waits on the lock, and a statement after the commit would queue again
     * behind every registration waiting for the connection.
     */
    numbersInTransaction: kind === 'pglite',

    /**
     * Gives a traveler that has no report number yet the next number of its establishment's series
     * for its year of entry, in one statement outside any transaction: the traveler's row, then the
     * counter row, are locked only while PostgreSQL runs it and commits, never across a round trip
     * to the server, so concurrent registrations of one establishment wait on each other for well
     * under a millisecond, and every caller takes the two locks in the same order. The number and
     * the traveler change together or not at all (no gaps, no repeats); a traveler that is gone or
     * already numbered takes none. Answers the number, or null when there was nothing to number.
     * Used after a registration commits, and for rows inserted outside the API the first time a
     * PDF or SES file needs their number. On PGlite a registration numbers itself inside its own
     * transaction instead (`numbersInTransaction`).
     */
    async numberIfMissing(id: string, tx: Db = db) {
      const result = (await tx.execute(numberingSql(id))) as unknown as {
        rows: { report_year: number; report_seq: number }[];
      };
      const row = result.rows[0];
      return row ? { year: row.report_year, seq: row.report_seq } : null;
    },

    /** A traveler's report number as it stands, if it has one. */
    async numberOf(id: string, tx: Db = db) {
      const [row] = await tx
        .select({ year: pilgrims.reportYear, seq: pilgrims.reportSeq })
        .from(pilgrims)
        .where(eq(pilgrims.id, id));
      return row?.year != null && row.seq != null ? { year: row.year, seq: row.seq } : null;
    },

    async insert(values: TravelerValues & { id: string; createdBy: string | null }, tx: Db = db) {
      const [row] = await tx.insert(pilgrims).values(values).returning();
      return row!;
    },

    async findInScope(id: string, scope: Scope): Promise<TravelerWithEstablishment | null> {
      const statement = reads.get(scope.admin ? 'admin' : 'member', (name) =>
        rowsInScope(name, scope, eq(pilgrims.id, sql.placeholder('id'))),
      );
      const [found] = await statement.execute({
        id,
        userId: scope.admin ? null : scope.userId,
        permission: scopePermission(scope),
      });
      return found ? fromFullRow(found) : null;
    },

    async lockInScope(id: string, scope: Scope, tx: Db = db): Promise<TravelerDbRow | null> {
      const [row] = await tx
        .select()
        .from(pilgrims)
        .where(and(eq(pilgrims.id, id), inScope(scope, pilgrims.establishmentId)))
        .for('update');
      return row ?? null;
    },

    /** The travelers among `ids` that the scope reaches, locked until the transaction ends. */
    async lockManyInScope(ids: string[], scope: Scope, tx: Db = db): Promise<TravelerDbRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(pilgrims)
        .where(and(inArray(pilgrims.id, ids), inScope(scope, pilgrims.establishmentId)))
        .orderBy(pilgrims.id)
        .for('update');
    },

    async update(id: string, scope: Scope, values: TravelerValues, tx: Db = db) {
      const [row] = await tx
        .update(pilgrims)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(pilgrims.id, id), inScope(scope, pilgrims.establishmentId)))
        .returning();
      return row ?? null;
    },

    /** Deletes the travelers among `ids` that the scope reaches; what was deleted. */
    async deleteInScope(ids: string[], scope: Scope, tx: Db = db) {
      if (ids.length === 0) return [];
      return tx
        .delete(pilgrims)
        .where(and(inArray(pilgrims.id, ids), inScope(scope, pilgrims.establishmentId)))
        .returning({ id: pilgrims.id, establishmentId: pilgrims.establishmentId });
    },

    /**
     * One page of a filtered, sorted list, read so that PostgreSQL rarely has to plan it again.
     *
     * - Equalities and date ranges (see onOrAfter): one named statement per shape and usual page
     *   size (written into the SQL), which PostgreSQL may plan once for any values. Near the start
     *   of a list the page is read directly; deeper, through a deferred join (the page's ids from
     *   the narrow index order alone, then the full rows for those ids), so the rows skipped by the
     *   offset are never built.
     * - Value-sensitive filters (see listStatement): the page's ids from an unnamed statement,
     *   planned with the real values every time (one table: cheap to plan), then the full rows by
     *   id from a named statement whose one plan suits every page.
     *
     * Each traveler comes as the API answers it (apiTraveler), as JSON text, its stay counted to
     * `today` (by its establishment's clock, in the hour when Spain's two clocks are on different
     * days: see ListDays; those statements are shapes of their own).
     */
    async listPage(
      scope: Scope,
      filter: TravelerFilter,
      page: { page: number; limit: number; sortBy: TravelerSortField; sortOrder: 'asc' | 'desc' },
      today: ListDays,
    ): Promise<string[]> {
      const { conditions, values, key, valueSensitive } = listStatement(scope, filter, today);
      const clockDays = twoDays(today);
      const twoClocks = clockDays !== null;
      const days = clockDays
        ? { today: clockDays.mainland, todayIslands: clockDays.islands }
        : { today: oneDay(today) };
      const clocks = twoClocks ? '|twoClocks' : '';
      const sort = `${page.sortBy}|${page.sortOrder}`;
      const order = () => listOrder(page.sortBy, page.sortOrder);
      const offset = (page.page - 1) * page.limit;
      const pageIds = (limit: Placeholder, skip: Placeholder) =>
        db
          .select({ id: pilgrims.id })
          .from(pilgrims)
          .where(and(...conditions))
          .orderBy(...order())
          .limit(limit)
          .offset(skip);

      if (valueSensitive) {
        const idsStatement = pages.get(`ids|${key}|${sort}`, () =>
          pageIds(sql.placeholder('limit'), sql.placeholder('offset')).prepare(UNNAMED),
        );
        const ids = await idsStatement.execute({ ...values, limit: page.limit, offset });
        if (ids.length === 0) return [];
        // The scope again: a membership revoked between the two statements takes effect here.
        const rowsStatement = pages.get(
          `rows|${scope.admin ? 'admin' : 'member'}|${sort}${clocks}`,
          (name) =>
            keepingPlan(
              db,
              apiJsonOf(
                apiTravelers(twoClocks)
                  .where(
                    inBoundScope(
                      scope,
                      sql`${pilgrims.id} = any(${sql.placeholder('ids')}::uuid[])`,
                    ),
                  )
                  .orderBy(...order()),
              ).prepare(name),
            ),
        );
        const rows = await rowsStatement.execute({
          ids: ids.map((r) => r.id),
          userId: scope.admin ? null : scope.userId,
          permission: scopePermission(scope),
          ...days,
        });
        return rows.map((r) => r.json);
      }

      const deferred = offset >= DEFERRED_JOIN_FROM;
      const form = deferred ? 'deferred' : offset === 0 ? 'first' : 'direct';
      // The usual page sizes are written into the SQL; any other is bound, so that clients cannot
      // multiply the statements kept per connection.
      const usualSize = USUAL_PAGE_SIZES.has(page.limit);
      const shape = `${form}|${key}|${sort}|${usualSize ? page.limit : 'bound'}${clocks}`;
      const statement = pages.get(shape, (name) => {
        const rows = apiTravelers(twoClocks);
        const size = usualSize ? inline(page.limit) : sql.placeholder('limit');
        // A first page's offset is written into the SQL too, so its plan does not depend on it.
        const skip = form === 'first' ? inline(0) : sql.placeholder('offset');
        const where = deferred ? inArray(pilgrims.id, pageIds(size, skip)) : and(...conditions);
        const query = rows.where(where).orderBy(...order());
        return keepingPlan(
          db,
          apiJsonOf(deferred ? query : query.limit(size).offset(skip)).prepare(name),
        );
      });
      const rows = await statement.execute({ ...values, limit: page.limit, offset, ...days });
      return rows.map((r) => r.json);
    },

    /**
     * Up to `limit` travelers in scope (of one establishment, when given) after `after`, in the
     * order they were created (lib/cursor.ts), each as the API answers it; with the position of
     * the last. A sync's walk, not the desk's list: no filters, no total.
     */
    async listAfter(
      scope: Scope,
      establishmentId: string | undefined,
      after: Position | null,
      limit: number,
      today: ListDays,
    ): Promise<{ rows: string[]; last: Position | null }> {
      const conditions: SQL[] = [inScope(scope, pilgrims.establishmentId)];
      if (establishmentId) conditions.push(eq(pilgrims.establishmentId, establishmentId));
      if (after) conditions.push(afterPosition(pilgrims.createdAt, pilgrims.id, after));
      const ids = await db
        .select({ id: pilgrims.id, at: positionAt(pilgrims.createdAt) })
        .from(pilgrims)
        .where(and(...conditions))
        .orderBy(asc(pilgrims.createdAt), asc(pilgrims.id))
        .limit(limit);
      if (ids.length === 0) return { rows: [], last: null };
      const clockDays = twoDays(today);
      const days = clockDays
        ? { today: clockDays.mainland, todayIslands: clockDays.islands }
        : { today: oneDay(today) };
      const rows = await apiJsonOf(
        apiTravelers(clockDays !== null)
          .where(
            and(
              inScope(scope, pilgrims.establishmentId),
              inArray(
                pilgrims.id,
                ids.map((r) => r.id),
              ),
            ),
          )
          .orderBy(asc(pilgrims.createdAt), asc(pilgrims.id)),
      )
        .prepare(UNNAMED)
        .execute(days);
      return { rows: rows.map((r) => r.json), last: ids[ids.length - 1]! };
    },

    /** How many travelers match a list's filters. */
    async count(scope: Scope, filter: TravelerFilter, today: ListDays): Promise<number> {
      const { conditions, values, key } = listStatement(scope, filter, today);
      const statement = counts.get(key, () =>
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(pilgrims)
          .where(and(...conditions))
          .prepare(UNNAMED),
      );
      const [row] = await statement.execute(values);
      return row?.total ?? 0;
    },

    /** The traveler a user registered with this key (see registrationKeys), if any. */
    async registeredWithKey(
      userId: string,
      key: string,
      tx: Db = db,
    ): Promise<{ pilgrimId: string; requestHash: string | null } | null> {
      const [row] = await tx
        .select({
          pilgrimId: registrationKeys.pilgrimId,
          requestHash: registrationKeys.requestHash,
        })
        .from(registrationKeys)
        .where(and(eq(registrationKeys.userId, userId), eq(registrationKeys.key, key)));
      return row ?? null;
    },

    /**
     * Records the key of a registration, in its transaction; false when the user's key is taken
     * already. A concurrent registration with the same key waits here until the other commits or
     * rolls back.
     */
    async recordRegistrationKey(
      values: { userId: string; key: string; pilgrimId: string; requestHash: string },
      tx: Db,
    ): Promise<boolean> {
      const rows = await tx
        .insert(registrationKeys)
        .values(values)
        .onConflictDoNothing()
        .returning({ key: registrationKeys.key });
      return rows.length === 1;
    },

    /** Stores a new traveler's documents, in one statement. */
    async insertDocuments(values: NewDocument[], tx: Db = db) {
      if (values.length === 0) return;
      await tx.insert(travelerDocuments).values(values);
    },

    /** Stores a document, replacing the traveler's previous one of the same kind. */
    async putDocument(values: NewDocument, tx: Db = db) {
      await tx
        .delete(travelerDocuments)
        .where(
          and(
            eq(travelerDocuments.pilgrimId, values.pilgrimId),
            eq(travelerDocuments.kind, values.kind),
          ),
        );
      await tx.insert(travelerDocuments).values(values);
    },

    /** Whether an establishment keeps photos of documents, under a share lock (see there). */
    keepsDocumentImages: (establishmentId: string, tx: Db) =>
      keepsDocumentImages(tx, establishmentId),

    /** Whether the establishment's desk may leave the emergency contact out (decision 055). */
    async emergencyContactOptional(establishmentId: string, tx: Db): Promise<boolean> {
      const [row] = await tx
        .select({ optional: establishments.emergencyContactOptional })
        .from(establishments)
        .where(eq(establishments.id, establishmentId));
      return row?.optional ?? false;
    },

    /** Deletes the traveler's photos of the identity document (see there). */
    deleteDocumentPhotos: (pilgrimId: string, tx: Db) => deleteDocumentPhotos(tx, [pilgrimId]),

    /** A document with its (encrypted) bytes, when its traveler is in scope. */
    async findDocumentInScope(pilgrimId: string, documentId: string, scope: Scope, tx: Db = db) {
      const [row] = await tx
        .select({
          id: travelerDocuments.id,
          kind: travelerDocuments.kind,
          mimeType: travelerDocuments.mimeType,
          originalName: travelerDocuments.originalName,
          content: travelerDocuments.content,
          establishmentId: pilgrims.establishmentId,
        })
        .from(travelerDocuments)
        .innerJoin(pilgrims, eq(pilgrims.id, travelerDocuments.pilgrimId))
        .where(
          and(
            eq(travelerDocuments.id, documentId),
            eq(travelerDocuments.pilgrimId, pilgrimId),
            inScope(scope, pilgrims.establishmentId),
          ),
        );
      return row ?? null;
    },
  };
}
export type TravelersRepository = ReturnType<typeof createTravelersRepository>;
