/**
 * Reservations per establishment (decision 060): by hand (idempotent with a key), from a CSV file
 * (all rows or none), and the desk's arrivals of the day. Every call is in the tenant scope of
 * the establishment's members (db/scope.ts); another tenant's reservation is not found.
 */
import { randomBytes } from 'node:crypto';
import { addDays, todayIso } from '@hospes/shared/dates';
import type { ErrorDetail } from '@hospes/shared/errors';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import {
  CreateReservationInputSchema,
  RESERVATION_CSV_COLUMNS,
  RESERVATION_CSV_MAX_ROWS,
  RESERVATION_CSV_REQUIRED,
  UpdateReservationInputSchema,
  type CreateReservationInput,
  type ListReservationsQuery,
  type Reservation,
  type UpdateReservationInput,
} from '@hospes/shared/reservations';
import type { Db } from '../../db/client';
import type { ReservationRow } from '../../db/schema';
import { isUuid, scopeOf, type Scope } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { writeCalendar } from '../../lib/ical/calendar';
import { assertSameRequest, fingerprintOf, KeyTaken, registerOnce } from '../../lib/idempotency';
import { uuidv7 } from '../../lib/ids';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditEntry, AuditRepository } from '../audit';
import { parseCsv, unguardCell } from '../documents';
import type { ReservationsRepository } from './reservations.repository';

export interface ReservationsServiceDeps {
  db: Db;
  reservations: ReservationsRepository;
  /** Every reservation created, changed or cancelled is audited, by whom (decision 066). */
  audit: Pick<AuditRepository, 'record'>;
  now?: () => Date;
}

/** The fields an update may change: those of its input. */
const RESERVATION_FIELDS = Object.keys(UpdateReservationInputSchema.shape) as (keyof Required<
  typeof UpdateReservationInputSchema.shape
>)[];

/** What an update changed, for its audit entry: the fields, and the dates and status from/to. */
function changeDetails(before: ReservationRow, after: ReservationRow) {
  const fields = RESERVATION_FIELDS.filter((k) => before[k] !== after[k]);
  const details: Record<string, unknown> = { fields };
  for (const k of ['arrival', 'departure', 'guests', 'status'] as const)
    if (before[k] !== after[k]) {
      details[k] = after[k];
      details[`from${k[0]!.toUpperCase()}${k.slice(1)}`] = before[k];
    }
  return { fields, details };
}

/** The action of a change: a cancellation is told apart from other changes. */
const changeAction = (before: ReservationRow, after: ReservationRow) =>
  after.status === 'cancelled' && before.status !== 'cancelled'
    ? ('reservation.cancelled' as const)
    : ('reservation.updated' as const);

export function toReservationDto(
  row: ReservationRow,
  overlapsWith: string[] = [],
  registeredGuests = 0,
): Reservation {
  return {
    id: row.id,
    establishmentId: row.establishmentId,
    holderName: row.holderName,
    holderEmail: row.holderEmail,
    holderPhone: row.holderPhone,
    arrival: row.arrival,
    departure: row.departure,
    guests: row.guests,
    unit: row.unit,
    channel: row.channel,
    paymentType: row.paymentType as Reservation['paymentType'],
    status: row.status,
    notes: row.notes,
    source: row.source,
    feedId: row.feedId,
    externalUid: row.externalUid,
    overlapsWith,
    registeredGuests,
    reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a create or an update writes. */
function columnsOf(input: Partial<CreateReservationInput>) {
  const out: Partial<ReservationRow> = {};
  if (input.holderName !== undefined) out.holderName = input.holderName;
  if (input.holderEmail !== undefined) out.holderEmail = input.holderEmail ?? null;
  if (input.holderPhone !== undefined) out.holderPhone = input.holderPhone ?? null;
  if (input.arrival !== undefined) out.arrival = input.arrival;
  if (input.departure !== undefined) out.departure = input.departure;
  if (input.guests !== undefined) out.guests = input.guests;
  if (input.unit !== undefined) out.unit = input.unit ?? null;
  if (input.channel !== undefined) out.channel = input.channel ?? null;
  if (input.paymentType !== undefined) out.paymentType = input.paymentType ?? null;
  if (input.notes !== undefined) out.notes = input.notes || null;
  if (input.status !== undefined) out.status = input.status;
  return out;
}

/** DD/MM/YYYY (what a Spanish spreadsheet writes) as YYYY-MM-DD; anything else as it is. */
function csvDate(value: string): string {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : value;
}

const HEADER_KEYS = new Map(RESERVATION_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));

export function createReservationsService({
  db,
  reservations,
  audit,
  now = () => new Date(),
}: ReservationsServiceDeps) {
  async function establishmentOf(scope: Scope, id: string) {
    const found = isUuid(id) ? await reservations.establishmentInScope(id, scope) : null;
    if (!found) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    return found;
  }

  async function withOverlaps(rows: ReservationRow[]): Promise<Reservation[]> {
    const overlaps = await reservations.overlapsOf(rows);
    const registered = await reservations.registeredCounts(rows.map((r) => r.id));
    return rows.map((row) =>
      toReservationDto(row, overlaps.get(row.id) ?? [], registered.get(row.id) ?? 0),
    );
  }

  async function one(row: ReservationRow): Promise<Reservation> {
    return (await withOverlaps([row]))[0]!;
  }

  async function reservationOf(scope: Scope, id: string) {
    const row = isUuid(id) ? await reservations.find(id, scope) : null;
    if (!row) throw new AppError('RESERVATION_NOT_FOUND');
    return row;
  }

  /** The rows of a CSV file as create inputs; every problem of every row, or nothing stored. */
  function readCsvFile(text: string) {
    const records = [...parseCsv(text.replace(/^\uFEFF/, ''))].filter((r) =>
      r.some((cell) => cell.trim() !== ''),
    );
    const header = records.shift();
    const problem = (field: string, code: string): ErrorDetail => ({ field, code, message: '' });
    if (!header)
      throw new AppError('RESERVATION_IMPORT_INVALID', {
        details: [problem('file', 'validation.required')],
      });
    const columns = header.map((h) => HEADER_KEYS.get(h.trim().toLowerCase()) ?? null);
    const missing = RESERVATION_CSV_REQUIRED.filter((c) => !columns.includes(c));
    if (missing.length > 0)
      throw new AppError('RESERVATION_IMPORT_INVALID', {
        details: missing.map((c) => problem(`columns.${c}`, 'validation.required')),
      });
    if (records.length === 0)
      throw new AppError('RESERVATION_IMPORT_INVALID', {
        details: [problem('rows', 'validation.required')],
      });
    if (records.length > RESERVATION_CSV_MAX_ROWS)
      throw new AppError('RESERVATION_IMPORT_INVALID', {
        details: [problem('rows', 'validation.tooManyRows')],
      });
    const details: ErrorDetail[] = [];
    const rows: { reference: string | null; input: CreateReservationInput }[] = [];
    const references = new Set<string>();
    records.forEach((record, index) => {
      const line = index + 2;
      const values: Record<string, string> = {};
      columns.forEach((column, i) => {
        if (column) values[column] = unguardCell((record[i] ?? '').trim());
      });
      const reference = values.reference ? values.reference.slice(0, 500) : null;
      if (reference !== null) {
        if (references.has(reference))
          details.push(problem(`rows.${line}.reference`, 'validation.duplicate'));
        references.add(reference);
      }
      const parsed = CreateReservationInputSchema.safeParse({
        holderName: values.holderName ?? '',
        holderEmail: values.holderEmail,
        holderPhone: values.holderPhone,
        arrival: csvDate(values.arrival ?? ''),
        departure: csvDate(values.departure ?? ''),
        guests: values.guests ?? '',
        unit: values.unit,
        channel: values.channel,
        paymentType: values.paymentType ? values.paymentType.toUpperCase() : undefined,
        status: values.status ? values.status.toLowerCase() : undefined,
        notes: values.notes,
      });
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          details.push(problem(`rows.${line}.${issue.path.map(String).join('.')}`, issue.message));
      else rows.push({ reference, input: parsed.data });
    });
    if (details.length > 0)
      throw new AppError('RESERVATION_IMPORT_INVALID', { details: details.slice(0, 100) });
    return rows;
  }

  return {
    async list(actor: Actor, establishmentId: string, query: ListReservationsQuery) {
      const scope = scopeOf(actor);
      await establishmentOf(scope, establishmentId);
      const { rows, total } = await reservations.list(establishmentId, scope, query, query);
      return { data: await withOverlaps(rows), total };
    },

    /** The reservations by cursor, in the order they were entered (decision 068). */
    async listByCursor(
      actor: Actor,
      establishmentId: string,
      query: ListReservationsQuery & { cursor: string },
    ) {
      const scope = scopeOf(actor);
      const after = decodeCursor(query.cursor);
      await establishmentOf(scope, establishmentId);
      const { rows, last } = await reservations.listAfter(
        establishmentId,
        scope,
        query,
        after,
        query.limit,
      );
      return {
        data: await withOverlaps(rows),
        nextCursor: rows.length === query.limit && last ? encodeCursor(last) : null,
      };
    },

    async get(actor: Actor, id: string) {
      return one(await reservationOf(scopeOf(actor), id));
    },

    /**
     * Enters a reservation by hand. With a key (the `Idempotency-Key` header), a reservation the
     * caller already entered with it is answered instead (`replayed`); the same key with other
     * data is refused (IDEMPOTENCY_KEY_REUSED).
     */
    async create(
      actor: Actor,
      establishmentId: string,
      input: CreateReservationInput,
      context: AuditContext,
      key?: string,
    ): Promise<{ reservation: Reservation; replayed: boolean }> {
      const scope = scopeOf(actor);
      const fingerprint = key ? fingerprintOf({ establishmentId, ...input }) : null;
      return registerOnce<{ reservation: Reservation; replayed: boolean }>(
        async () => {
          if (!key) return null;
          const earlier = await reservations.findByKey(actor.id, key);
          if (!earlier) return null;
          assertSameRequest(earlier.requestHash, fingerprint!);
          return { reservation: await one(earlier), replayed: true };
        },
        async () => {
          await establishmentOf(scope, establishmentId);
          const row = await db.transaction(async (tx) => {
            const inserted = await reservations.insert(
              {
                id: uuidv7(),
                establishmentId,
                ...columnsOf(input),
                holderName: input.holderName,
                arrival: input.arrival,
                departure: input.departure,
                guests: input.guests,
                source: 'manual',
                createdBy: actor.id,
                requestKey: key ?? null,
                requestHash: fingerprint,
              },
              tx,
            );
            if (!inserted) throw new KeyTaken();
            await audit.record(
              context,
              {
                action: 'reservation.created',
                entityType: 'reservation',
                entityId: inserted.id,
                establishmentId,
                details: {
                  source: 'manual',
                  arrival: inserted.arrival,
                  departure: inserted.departure,
                },
              },
              tx,
            );
            return inserted;
          });
          return { reservation: await one(row), replayed: false };
        },
      );
    },

    async update(actor: Actor, id: string, input: UpdateReservationInput, context: AuditContext) {
      const scope = scopeOf(actor);
      const current = await reservationOf(scope, id);
      const arrival = input.arrival ?? current.arrival;
      const departure = input.departure ?? current.departure;
      if (departure <= arrival)
        throw new AppError('VALIDATION_FAILED', {
          details: [{ field: 'departure', code: 'validation.departureAfterArrival', message: '' }],
        });
      const row = await db.transaction(async (tx) => {
        const updated = (await reservations.update(current.id, columnsOf(input), tx))!;
        const { fields, details } = changeDetails(current, updated);
        if (fields.length > 0)
          await audit.record(
            context,
            {
              action: changeAction(current, updated),
              entityType: 'reservation',
              entityId: current.id,
              establishmentId: current.establishmentId,
              details,
            },
            tx,
          );
        return updated;
      });
      return one(row);
    },

    /** The reservations arriving today by the establishment's clock (the desk's arrivals). */
    async today(actor: Actor, establishmentId: string) {
      const scope = scopeOf(actor);
      const establishment = await establishmentOf(scope, establishmentId);
      const day = todayIso(now(), establishmentTimeZone(establishment));
      const { rows } = await reservations.list(
        establishmentId,
        scope,
        { arrivalOn: day },
        { page: 1, limit: 200 },
      );
      return { day, reservations: await withOverlaps(rows) };
    },

    /**
     * Imports a CSV file: every row is checked first, and one bad row stores nothing. A row with
     * a `reference` already imported updates that reservation instead of adding another.
     */
    async importCsv(actor: Actor, establishmentId: string, text: string, context: AuditContext) {
      const scope = scopeOf(actor);
      await establishmentOf(scope, establishmentId);
      const rows = readCsvFile(text);
      return db.transaction(async (tx) => {
        const existing = new Map(
          (
            await reservations.findCsvReferences(
              establishmentId,
              rows.flatMap((r) => (r.reference ? [r.reference] : [])),
              tx,
            )
          ).map((r) => [r.externalUid!, r]),
        );
        let created = 0;
        let updated = 0;
        const entries: AuditEntry[] = [];
        for (const { reference, input } of rows) {
          const earlier = reference ? existing.get(reference) : undefined;
          if (earlier) {
            const after = (await reservations.update(earlier.id, columnsOf(input), tx))!;
            const { fields, details } = changeDetails(earlier, after);
            if (fields.length > 0)
              entries.push({
                action: changeAction(earlier, after),
                entityType: 'reservation',
                entityId: earlier.id,
                establishmentId,
                details: { source: 'csv', ...details },
              });
            updated++;
          } else {
            const inserted = await reservations.insert(
              {
                id: uuidv7(),
                establishmentId,
                ...columnsOf(input),
                holderName: input.holderName,
                arrival: input.arrival,
                departure: input.departure,
                guests: input.guests,
                source: 'csv',
                externalUid: reference,
                createdBy: actor.id,
              },
              tx,
            );
            if (inserted)
              entries.push({
                action: 'reservation.created',
                entityType: 'reservation',
                entityId: inserted.id,
                establishmentId,
                details: {
                  source: 'csv',
                  arrival: inserted.arrival,
                  departure: inserted.departure,
                },
              });
            created++;
          }
        }
        await audit.record(context, entries, tx);
        return { created, updated };
      });
    },

    // ---- the calendar export ----

    /** The establishment's export secret (made on first use). */
    async exportToken(actor: Actor, establishmentId: string, renew = false) {
      await establishmentOf(scopeOf(actor), establishmentId);
      const token = randomBytes(24).toString('base64url');
      const row = renew
        ? await reservations.putExportToken(establishmentId, token)
        : await reservations.ensureExportToken(establishmentId, token);
      return row.token;
    },

    /**
     * The establishment's live reservations (of one unit, when given) from 30 days ago on, as a
     * calendar; null for an unknown secret. The events say only "reserved" and the unit: the
     * holder's name is not for the channels.
     */
    async calendar(token: string, unit: string | null) {
      const establishment = await reservations.establishmentOfExportToken(token);
      if (!establishment) return null;
      const from = addDays(todayIso(now()), -30);
      const rows = await reservations.forExport(establishment.id, from, unit);
      return writeCalendar(
        unit ? `${establishment.name} · ${unit}` : establishment.name,
        rows.map((r) => ({
          id: r.id,
          arrival: r.arrival,
          departure: r.departure,
          summary: r.unit ? `Hospes: ${r.unit}` : 'Hospes',
          updatedAt: r.updatedAt,
        })),
        now(),
      );
    },
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
