import type { FastifyBaseLogger } from 'fastify';
import { todayIso } from '@hospes/shared/dates';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import type { ErrorDetail } from '@hospes/shared/errors';
import {
  defaultedFields,
  reportDefaultsOf,
  withReportDefaults,
  type ReportDefaults,
} from '@hospes/shared/report-defaults';
import {
  emergencyContactIssues,
  travelerRecordIssues,
  type BulkUpdateTravelersInput,
  type CreateTravelerInput,
  type DocumentSize,
  type EmergencyContactFields,
  PILGRIM_HISTORY_ACTIONS,
  type ListTravelersQuery,
  type StayInput,
  type Traveler,
  type UpdateTravelerInput,
} from '@hospes/shared/travelers';
import type { Db } from '../../db/client';
import type { TravelerDbRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertSameRequest, fingerprintOf, KeyTaken, registerOnce } from '../../lib/idempotency';
import { uuidv7 } from '../../lib/ids';
import type { DocumentCipher } from '../../lib/storage/document-cipher';
import { documentPreview } from '../../lib/storage/preview';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import { clockDays, documentsDeletedEntries } from '../establishments';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { isUuid, scopeOf, type Scope } from '../../db/scope';
import { documentContext, refuseUnkeptImages, sealImages } from './document-images';
import { historyEntry } from './history';
import { createTravelerListing } from './listing';
import {
  changedFields,
  mergeUpdate,
  recordFromCreateInput,
  recordFromRow,
  reportYearOf,
  toTravelerDto,
  valuesFromRecord,
  type TravelerRecord,
} from './travelers.mapper';
import type { TravelersRepository } from './travelers.repository';
import { createTravelerCounts, type TravelerCounts } from './traveler-counts';

export interface TravelersServiceDeps {
  db: Db;
  pilgrims: TravelersRepository;
  audit: AuditRepository;
  cipher: DocumentCipher;
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** The kept list totals, shared with the other services that write travelers (app.ts). */
  counts?: TravelerCounts;
  /**
   * Before travelers are deleted, outside any transaction (it may call the Ministry): their
   * stored SES communications are cancelled first, or it throws why not (decision 045).
   */
  beforeDelete?: (actor: Actor, ids: string[], context: AuditContext) => Promise<void>;
  /**
   * The plan's checks (decision 070), in the registration's transaction: the desk's registration
   * is counted (refused past the month's limit, or while suspended); a traveler's own check-in is
   * refused only while suspended (it counts when confirmed).
   */
  plan?: {
    countRegistration: (establishmentId: string, tx: Db) => Promise<void>;
    checkSelfRegistration: (establishmentId: string, tx: Db) => Promise<void>;
  };
}

function validationError(details: ErrorDetail[]): never {
  throw new AppError('VALIDATION_FAILED', { details });
}

/** What registering a traveler needs to know of the establishment. */
export interface RegisteringEstablishment {
  id: string;
  name: string;
  keepDocumentImages: boolean;
  /** Its province and postal code give its clock (the Canary Islands keep their own). */
  province: string;
  postalCode: string;
  /** The desk may leave the emergency contact out (decision 055); never the self check-in. */
  emergencyContactOptional?: boolean;
}

export function createTravelersService(deps: TravelersServiceDeps) {
  const { db, pilgrims, audit, cipher, log } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => todayIso(now());

  /**
   * The rules across fields on a whole record. `municipalityCodes` false: the address was not
   * sent (an update), so a stored address with an old or wrong INE code does not block the save.
   */
  /** A desk's emergency contact: required unless the establishment makes it optional. */
  function checkEmergencyContact(
    contact: EmergencyContactFields | null | undefined,
    optional: boolean,
  ) {
    const issues = emergencyContactIssues(contact, !optional);
    if (issues.length) {
      validationError(
        issues.map((issue) => ({ field: issue.path.join('.'), message: '', code: issue.message })),
      );
    }
  }

  function checkRecord(record: TravelerRecord, municipalityCodes = true, day = today()) {
    const issues = travelerRecordIssues(record, day, { complete: true, municipalityCodes });
    if (issues.length) {
      validationError(
        issues.map((issue) => ({ field: issue.path.join('.'), message: '', code: issue.message })),
      );
    }
  }

  async function load(scope: Scope, id: string): Promise<Traveler> {
    const found = isUuid(id) ? await pilgrims.findInScope(id, scope) : null;
    if (!found) throw new AppError('PILGRIM_NOT_FOUND');
    // Its stay counts to its establishment's day, as in the lists (decision 028).
    return toTravelerDto(
      found.row,
      found.establishmentName,
      found.documents,
      todayIso(now(), establishmentTimeZone(found.establishmentPlace)),
      found.selfRegistration,
      found.reportedTo,
    );
  }

  /** The establishment a new traveler goes to: the one given, or the caller's only one. */
  async function targetEstablishment(
    actor: Actor,
    establishmentId: string | null | undefined,
    tx: Db,
  ) {
    const scope = scopeOf(actor);
    let id = establishmentId ?? null;
    if (!id) {
      const mine = actor.role === 'admin' ? [] : await pilgrims.membershipsOf(actor.id, tx);
      if (mine.length !== 1)
        validationError([
          { field: 'establishmentId', message: '', code: 'validation.establishmentRequired' },
        ]);
      id = mine[0]!;
    }
    const establishment = await pilgrims.establishmentInScope(id, scope, tx);
    if (!establishment) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    return establishment;
  }

  const counts = deps.counts ?? createTravelerCounts();
  const changed = () => counts.changed();

  const { list, reachable } = createTravelerListing({ db, pilgrims, counts, now });

  function requireSignature(input: CreateTravelerInput) {
    if (!input.signatureImage) {
      throw new AppError('SIGNATURE_REQUIRED', {
        details: [{ field: 'signatureImage', message: '', code: 'validation.signatureRequired' }],
      });
    }
  }

  /** The row with the report number numberIfMissing gave it (in `tx`, or on its own). */
  async function numbered(row: TravelerDbRow, tx?: Db): Promise<TravelerDbRow> {
    // None given: numbered in between by another caller (an idempotent replay), or gone.
    const number =
      (await pilgrims.numberIfMissing(row.id, tx)) ?? (await pilgrims.numberOf(row.id, tx));
    return number ? { ...row, reportYear: number.year, reportSeq: number.seq } : row;
  }

  async function insertNew(options: {
    establishment: RegisteringEstablishment;
    createdBy: string | null;
    input: CreateTravelerInput;
    context: AuditContext;
    action: 'pilgrim.created' | 'pilgrim.self_registered';
    within?: (tx: Db, pilgrimId: string) => Promise<void>;
    /**
     * The establishment's report defaults (decision 042), for what the registration leaves
     * empty; none for a self check-in, which takes them when the desk confirms the arrival.
     */
    reportDefaults?: ReportDefaults;
  }): Promise<Traveler> {
    const { establishment, createdBy, input, context, action, within } = options;
    // Time-ordered: the travelers of one day are listed in the order they were registered.
    const id = uuidv7();
    // Its defaults (the entry date) and rules are the establishment's day, by its own clock.
    const day = todayIso(now(), establishmentTimeZone(establishment));
    const given = recordFromCreateInput(input, establishment.id, day);
    const record = options.reportDefaults
      ? withReportDefaults(given, options.reportDefaults)
      : given;
    const defaulted = defaultedFields(given, record);
    checkRecord(record, true, day);
    refuseUnkeptImages(establishment, input);
    const documents = await sealImages(cipher, id, input);
    let row = await db.transaction(async (tx) => {
      if (action === 'pilgrim.created') await deps.plan?.countRegistration(establishment.id, tx);
      else await deps.plan?.checkSelfRegistration(establishment.id, tx);
      // Checked again under a share lock, in case the setting was turned off since.
      if (documents.some((d) => d.kind !== 'signature'))
        refuseUnkeptImages(
          { keepDocumentImages: await pilgrims.keepsDocumentImages(establishment.id, tx) },
          input,
        );
      const inserted = await pilgrims.insert({ id, createdBy, ...valuesFromRecord(record) }, tx);
      await pilgrims.insertDocuments(
        documents.map((document) => ({ ...document, pilgrimId: id })),
        tx,
      );
      await within?.(tx, id);
      await audit.record(
        context,
        {
          action,
          entityType: 'pilgrim',
          entityId: id,
          establishmentId: establishment.id,
          details: {
            documents: documents.map((d) => ({ id: d.id, kind: d.kind })),
            // The fields the establishment's report defaults gave (decision 042).
            ...(defaulted.length ? { defaulted } : {}),
          },
        },
        tx,
      );
      return pilgrims.numbersInTransaction ? numbered(inserted, tx) : inserted;
    });
    changed();
    // The report number of the establishment's series for the year of entry (decision 013): on
    // PostgreSQL given once the registration is committed, in one statement of its own, so that
    // registrations of one establishment do not queue on its counter while their transactions run.
    // If this fails, the registration stays saved and is numbered when its PDF or SES file first
    // needs the number.
    if (row.reportSeq === null) {
      try {
        row = await numbered(row);
      } catch (err) {
        log?.error({ err, pilgrimId: id }, 'report number not given; it will be at the first PDF');
      }
    }
    const documentsMeta = documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      mimeType: d.mimeType,
      originalName: d.originalName,
      size: d.size,
      createdAt: row.createdAt.toISOString(),
    }));
    return toTravelerDto(row, establishment.name, documentsMeta, day);
  }

  return {
    get: (actor: Actor, id: string) => load(scopeOf(actor), id),

    /**
     * Registers a traveler. With a key (the `Idempotency-Key` header), a registration the caller
     * already made with that key is answered instead (`replayed`), so that a retry after a lost
     * answer does not register the traveler twice; concurrent requests with one key register once.
     */
    async create(
      actor: Actor,
      input: CreateTravelerInput,
      context: AuditContext,
      key?: string,
    ): Promise<{ pilgrim: Traveler; replayed: boolean }> {
      const scope = scopeOf(actor);
      const fingerprint = key ? fingerprintOf(input) : '';
      const earlier = async () => {
        const recorded = key ? await pilgrims.registeredWithKey(actor.id, key) : null;
        if (!recorded) return null;
        assertSameRequest(recorded.requestHash, fingerprint);
        const id = recorded.pilgrimId;
        let pilgrim = await load(scope, id);
        // On PostgreSQL the first request numbers its traveler just after its commit: a request
        // that waited for that commit may read the traveler before then. The same answer, numbered.
        // (Numbered by this call, or by the first request once it had the row: read it again.)
        if (pilgrim.reportNumber === null) {
          await pilgrims.numberIfMissing(id);
          pilgrim = await load(scope, id);
        }
        return { pilgrim, replayed: true };
      };
      requireSignature(input);
      return registerOnce(earlier, async () => {
        const establishment = await targetEstablishment(actor, input.establishmentId, db);
        checkEmergencyContact(input.emergencyContact, !!establishment.emergencyContactOptional);
        const pilgrim = await insertNew({
          establishment,
          createdBy: actor.id,
          input,
          context,
          action: 'pilgrim.created',
          reportDefaults: reportDefaultsOf(establishment),
          within: key
            ? async (tx, pilgrimId) => {
                const recorded = await pilgrims.recordRegistrationKey(
                  { userId: actor.id, key, pilgrimId, requestHash: fingerprint },
                  tx,
                );
                if (!recorded) throw new KeyTaken();
              }
            : undefined,
        });
        return { pilgrim, replayed: false };
      });
    },

    /**
     * A traveler who registers through an establishment's check-in link (modules/checkin): no
     * user creates it; `within` runs in the same transaction (it stores the self-registration).
     */
    async createSelfRegistered(
      establishment: RegisteringEstablishment,
      input: CreateTravelerInput,
      context: AuditContext,
      within: (tx: Db, pilgrimId: string) => Promise<void>,
      /** The stay the link knows (a reservation's, decision 066); the traveler never gives one. */
      stay: StayInput | null = null,
    ): Promise<Traveler> {
      requireSignature(input);
      return insertNew({
        establishment,
        createdBy: null,
        input: { ...input, establishmentId: establishment.id, stay },
        context,
        action: 'pilgrim.self_registered',
        within,
      });
    },

    /** GET /api/pilgrims: the caller's travelers (everyone's for an admin), filtered. */
    async list(actor: Actor, query: ListTravelersQuery) {
      const scope = scopeOf(actor);
      const result = await list(scope, query, query);
      // An establishment the caller cannot reach is not found, as on every other route. Travelers
      // of it show that it is in reach, so only a filter that matches none asks.
      if (
        result.total === 0 &&
        query.establishmentId &&
        !(await reachable(scope, query.establishmentId))
      )
        throw new AppError('ESTABLISHMENT_NOT_FOUND');
      return result;
    },

    /**
     * GET /api/pilgrims?cursor=…: a partner's sync walks every traveler it may see (of one
     * establishment, when given) in the order they were created (decision 068, lib/cursor.ts).
     */
    async listByCursor(
      actor: Actor,
      query: { establishmentId?: string | undefined; cursor: string; limit: number },
    ) {
      const scope = scopeOf(actor);
      const after = decodeCursor(query.cursor);
      if (query.establishmentId && !(await reachable(scope, query.establishmentId)))
        throw new AppError('ESTABLISHMENT_NOT_FOUND');
      const { rows, last } = await pilgrims.listAfter(
        scope,
        query.establishmentId,
        after,
        query.limit,
        clockDays(now()),
      );
      return {
        data: rows,
        // A full page may have more after it; a shorter one ends the walk.
        nextCursor: rows.length === query.limit && last ? encodeCursor(last) : null,
      };
    },

    /** GET /api/establishments/{id}/pilgrims. */
    async listForEstablishment(
      actor: Actor,
      establishmentId: string,
      page: { page: number; limit: number },
    ) {
      const scope = scopeOf(actor);
      if (!(await reachable(scope, establishmentId))) throw new AppError('ESTABLISHMENT_NOT_FOUND');
      return list(scope, { establishmentId }, { ...page, sortBy: 'entryDate', sortOrder: 'desc' });
    },

    async update(
      actor: Actor,
      id: string,
      patch: UpdateTravelerInput,
      context: AuditContext,
    ): Promise<Traveler> {
      if (!isUuid(id)) throw new AppError('PILGRIM_NOT_FOUND');
      const scope = scopeOf(actor);
      const documents = await sealImages(cipher, id, patch);
      await db.transaction(async (tx) => {
        const row = await pilgrims.lockInScope(id, scope, tx);
        if (!row) throw new AppError('PILGRIM_NOT_FOUND');
        let establishmentId = row.establishmentId;
        if (patch.establishmentId && patch.establishmentId !== row.establishmentId) {
          establishmentId = (await targetEstablishment(actor, patch.establishmentId, tx)).id;
        }
        const moved = establishmentId !== row.establishmentId;
        // Whether the establishment keeps photos of documents (decision 023), read under a share
        // lock: a change of the setting waits for this update, or this update for it.
        const keeps =
          moved || patch.frontDocImage || patch.backDocImage
            ? await pilgrims.keepsDocumentImages(establishmentId, tx)
            : true;
        refuseUnkeptImages({ keepDocumentImages: keeps }, patch);
        // Moved to an establishment that keeps none: its photos do not go with it.
        const removed = moved && !keeps ? await pilgrims.deleteDocumentPhotos(id, tx) : [];
        const before = recordFromRow(row);
        const after = mergeUpdate(before, patch, establishmentId, today());
        checkRecord(after, patch.address !== undefined);
        // A contact edited (or moved along) follows the establishment's rule (decision 055).
        if (patch.emergencyContact !== undefined || moved)
          checkEmergencyContact(
            after.emergencyContact,
            await pilgrims.emergencyContactOptional(establishmentId, tx),
          );
        const fields = changedFields(before, after);
        // Nothing to change (e.g. only unknown keys were sent): no write, no audit entry.
        if (fields.length === 0 && documents.length === 0) return;
        // A traveler moved to another establishment takes a number of that establishment's series.
        const renumber =
          establishmentId !== row.establishmentId
            ? {
                reportYear: reportYearOf(after.entryDate),
                reportSeq: await pilgrims.allocateReportNumbers(
                  establishmentId,
                  reportYearOf(after.entryDate),
                  1,
                  tx,
                ),
              }
            : {};
        await pilgrims.update(id, scope, { ...valuesFromRecord(after), ...renumber }, tx);
        for (const document of documents)
          await pilgrims.putDocument({ ...document, pilgrimId: id }, tx);
        await audit.record(
          context,
          [
            {
              action: 'pilgrim.updated',
              entityType: 'pilgrim',
              entityId: id,
              establishmentId,
              details: {
                fields,
                documents: documents.map((d) => ({ id: d.id, kind: d.kind })),
                ...(establishmentId !== row.establishmentId
                  ? { fromEstablishmentId: row.establishmentId }
                  : {}),
              },
            },
            // Its photos deleted on a move to an establishment that keeps none (decision 023).
            ...documentsDeletedEntries(removed, establishmentId),
          ],
          tx,
        );
      });
      changed();
      return load(scope, id);
    },

    async remove(actor: Actor, id: string, context: AuditContext) {
      if (!isUuid(id)) throw new AppError('PILGRIM_NOT_FOUND');
      await deps.beforeDelete?.(actor, [id], context);
      await db.transaction(async (tx) => {
        const [deleted] = await pilgrims.deleteInScope([id], scopeOf(actor), tx);
        if (!deleted) throw new AppError('PILGRIM_NOT_FOUND');
        await audit.record(
          context,
          {
            action: 'pilgrim.deleted',
            entityType: 'pilgrim',
            entityId: id,
            establishmentId: deleted.establishmentId,
          },
          tx,
        );
      });
      changed();
      return { id };
    },

    /** Deletes, in one transaction, those of the ids the caller may delete; how many. */
    async bulkRemove(actor: Actor, ids: string[] | null | undefined, context: AuditContext) {
      const unique = [...new Set(ids ?? [])];
      if (unique.length === 0) throw new AppError('PILGRIM_IDS_REQUIRED');
      await deps.beforeDelete?.(actor, unique, context);
      const deleted = await db.transaction(async (tx) => {
        const rows = await pilgrims.deleteInScope(unique, scopeOf(actor), tx);
        await audit.record(
          context,
          rows.map((row) => ({
            action: 'pilgrim.deleted' as const,
            entityType: 'pilgrim' as const,
            entityId: row.id,
            establishmentId: row.establishmentId,
            details: { bulk: true },
          })),
          tx,
        );
        return rows.length;
      });
      changed();
      return { requested: unique.length, deleted };
    },

    /**
     * PATCH /api/pilgrims/bulk: checks the travelers out on a date and/or sets their stay's
     * payment type, in one transaction (decision 043). All or nothing: an id the caller cannot
     * reach (another tenant's, a deleted one, a malformed one) answers 404 PILGRIM_NOT_FOUND, a
     * check-out before a traveler's entry 400 with that traveler's field, and nothing changes.
     * Each traveler that changed gets its own `pilgrim.updated` entry, as an edit does.
     */
    async bulkUpdate(actor: Actor, input: BulkUpdateTravelersInput, context: AuditContext) {
      const ids = [...new Set(input.pilgrimIds)];
      if (!ids.every(isUuid)) throw new AppError('PILGRIM_NOT_FOUND');
      const scope = scopeOf(actor);
      const updated = await db.transaction(async (tx) => {
        const rows = await pilgrims.lockManyInScope(ids, scope, tx);
        if (rows.length !== ids.length) throw new AppError('PILGRIM_NOT_FOUND');
        const changes = rows.map((row) => {
          const before = recordFromRow(row);
          const after: TravelerRecord = { ...before, stay: { ...before.stay } };
          if (input.checkOutDate !== undefined) {
            after.checkOutDate = input.checkOutDate;
            // A departure time given for another day would still be the parte's departure.
            if (
              before.stay.exitDateTime &&
              before.stay.exitDateTime.slice(0, 10) !== input.checkOutDate
            )
              after.stay.exitDateTime = null;
          }
          if (input.paymentType !== undefined) after.stay.paymentType = input.paymentType;
          return { row, after, fields: changedFields(before, after) };
        });
        const issues: ErrorDetail[] = changes.flatMap(({ row, after }) =>
          travelerRecordIssues(after, today(), { complete: true, municipalityCodes: false }).map(
            (issue) => ({
              field: `${row.id}.${issue.path.join('.')}`,
              message: '',
              code: issue.message,
            }),
          ),
        );
        if (issues.length) validationError(issues);
        const changed = changes.filter((change) => change.fields.length > 0);
        for (const { row, after } of changed)
          await pilgrims.update(row.id, scope, valuesFromRecord(after), tx);
        await audit.record(
          context,
          changed.map(({ row, fields }) => ({
            action: 'pilgrim.updated' as const,
            entityType: 'pilgrim' as const,
            entityId: row.id,
            establishmentId: row.establishmentId,
            details: { fields, documents: [], bulk: true },
          })),
          tx,
        );
        return changed.length;
      });
      if (updated > 0) changed();
      return { requested: ids.length, updated };
    },

    /**
     * GET /api/pilgrims/{id}/history: who registered, changed, viewed the images of, printed or
     * e-mailed this traveler's record, and when (the audit log's entries, newest first). Ids,
     * field names and document kinds only, as the log holds them; no values.
     */
    async history(actor: Actor, id: string, page: { page: number; limit: number }) {
      const scope = scopeOf(actor);
      await load(scope, id);
      const { rows, total } = await audit.pageForEntity(
        'pilgrim',
        id,
        PILGRIM_HISTORY_ACTIONS,
        scope,
        page,
      );
      return { entries: rows.map((row) => historyEntry(row, actor.role === 'admin')), total };
    },

    /**
     * The decrypted bytes of a document image, or with `size: 'preview'` a smaller copy for a
     * thumbnail (lib/storage/preview; the image itself when no copy would be smaller); the view is
     * audited either way.
     */
    async document(
      actor: Actor,
      pilgrimId: string,
      documentId: string,
      context: AuditContext,
      size: DocumentSize = 'full',
    ) {
      if (!isUuid(pilgrimId)) throw new AppError('PILGRIM_NOT_FOUND');
      const scope = scopeOf(actor);
      if (!isUuid(documentId)) {
        await load(scope, pilgrimId);
        throw new AppError('DOCUMENT_NOT_FOUND');
      }
      const found = await pilgrims.findDocumentInScope(pilgrimId, documentId, scope);
      if (!found) {
        await load(scope, pilgrimId);
        throw new AppError('DOCUMENT_NOT_FOUND');
      }
      const document = found;
      const bytes = cipher.open(document.content, documentContext(pilgrimId, document.id));
      const preview = size === 'preview' ? await documentPreview(bytes) : null;
      await audit.record(context, {
        action: 'pilgrim.document_viewed',
        entityType: 'pilgrim',
        entityId: pilgrimId,
        establishmentId: found.establishmentId,
        // What was sent: the image itself when no preview was smaller.
        details: { documentId: document.id, kind: document.kind, size: preview ? size : 'full' },
      });
      // A thumbnail may show in the page; the image itself is only ever downloaded (decision 051).
      if (preview)
        return {
          bytes: preview,
          mimeType: 'image/webp',
          originalName: document.originalName.replace(/(\.[A-Za-z0-9]+)?$/, '-preview.webp'),
          disposition: 'inline' as const,
        };
      return {
        bytes,
        mimeType: document.mimeType,
        originalName: document.originalName,
        disposition: 'attachment' as const,
      };
    },
  };
}
export type TravelersService = ReturnType<typeof createTravelersService>;
