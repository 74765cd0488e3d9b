import type { FastifyBaseLogger } from 'fastify';
import type {
  CreateEstablishmentInput,
  Establishment,
  ListEstablishmentsQuery,
  UpdateEstablishmentInput,
} from '@hospes/shared/establishments';
import { AUTHORITY_NAMES, type Authority, type PaymentType } from '@hospes/shared/codes';
import type { Language } from '@hospes/shared/languages';
import { authorityForProvince, reportingAuthority } from '@hospes/shared/provinces';
import type { Db } from '../../db/client';
import { constraintName, isUniqueViolation } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword, randomPassword } from '../../lib/crypto';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import type { AuthService } from '../auth';
import type { UsersRepository } from '../users';
import type { TravelerCounts } from '../travelers';
import { retentionCutoff } from '../retention';
import type {
  EstablishmentsRepository,
  EstablishmentWithStats,
  NewEstablishment,
} from './establishments.repository';
import { documentsDeletedEntries } from './document-photos';
import { isUuid, scopeOf } from '../../db/scope';

export function toEstablishmentDto(found: EstablishmentWithStats): Establishment {
  const { row } = found;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    nif: row.nif,
    status: row.status,
    address: row.address,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    phone: row.phone,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    establishmentCode: row.establishmentCode,
    landlordCode: row.landlordCode,
    authority: reportingAuthority(row),
    authorityIsDefault: row.authority === null,
    authorityReason: row.authorityReason,
    includeDocumentImagesInPdf: row.includeDocumentImagesInPdf,
    keepDocumentImages: row.keepDocumentImages,
    defaultPaymentType: row.defaultPaymentType as PaymentType | null,
    walkInNights: row.walkInNights,
    emergencyContactOptional: row.emergencyContactOptional,
    reservationReminderDays: row.reservationReminderDays,
    autoConfirmReservationCheckins: row.autoConfirmReservationCheckins,
    pilgrimsCount: found.pilgrimsCount,
    lastLogin: found.lastLogin,
    lastActivity: found.lastActivity,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface EstablishmentsServiceDeps {
  db: Db;
  establishments: EstablishmentsRepository;
  users: UsersRepository;
  audit: AuditRepository;
  auth: Pick<AuthService, 'issueLink'>;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** The kept list totals (modules/travelers/traveler-counts): a deletion changes them. */
  counts?: Pick<TravelerCounts, 'changed'>;
  /** Travelers whose document photos are deleted per transaction (default 500). */
  photoBatch?: number;
  /**
   * The plan's limit of establishments (decision 070), before a user owns one more; a platform
   * admin creating one for someone is not limited.
   */
  plan?: { checkNewEstablishment: (accountId: string, tx: Db) => Promise<void> };
}

type Settings = Pick<
  CreateEstablishmentInput,
  | 'establishmentCode'
  | 'landlordCode'
  | 'authority'
  | 'includeDocumentImagesInPdf'
  | 'keepDocumentImages'
  | 'defaultPaymentType'
  | 'walkInNights'
  | 'emergencyContactOptional'
  | 'reservationReminderDays'
  | 'autoConfirmReservationCheckins'
>;

/** The settings that were sent: a missing key is left out (kept), null clears. */
function settingsValues(input: Settings): Partial<NewEstablishment> {
  const values: Partial<NewEstablishment> = {};
  if (input.establishmentCode !== undefined) values.establishmentCode = input.establishmentCode;
  if (input.landlordCode !== undefined) values.landlordCode = input.landlordCode;
  if (input.authority !== undefined) values.authority = input.authority;
  if (input.includeDocumentImagesInPdf !== undefined)
    values.includeDocumentImagesInPdf = input.includeDocumentImagesInPdf;
  if (input.keepDocumentImages !== undefined) values.keepDocumentImages = input.keepDocumentImages;
  if (input.defaultPaymentType !== undefined) values.defaultPaymentType = input.defaultPaymentType;
  if (input.walkInNights !== undefined) values.walkInNights = input.walkInNights;
  if (input.emergencyContactOptional !== undefined)
    values.emergencyContactOptional = input.emergencyContactOptional;
  if (input.reservationReminderDays !== undefined)
    values.reservationReminderDays = input.reservationReminderDays;
  if (input.autoConfirmReservationCheckins !== undefined)
    values.autoConfirmReservationCheckins = input.autoConfirmReservationCheckins;
  return values;
}

const authorityName = (authority: Authority) =>
  authority === 'ses' ? 'SES.HOSPEDAJES' : AUTHORITY_NAMES[authority];

/**
 * The authority follows the province (decision 057): one chosen against it needs a reason, given
 * now or kept from when it was chosen (422 AUTHORITY_REASON_REQUIRED, with the province's and the
 * chosen one's names, otherwise). Answers the authority and reason to store, and whether they
 * changed from `current` (audited).
 */
function authorityChoice(
  input: Pick<
    CreateEstablishmentInput,
    'authority' | 'authorityReason' | 'province' | 'postalCode'
  >,
  current: { authority: Authority | null; authorityReason: string | null } | null,
) {
  const authority = input.authority !== undefined ? input.authority : (current?.authority ?? null);
  const expected = authorityForProvince(input.province, input.postalCode);
  if (!authority || authority === expected) return { authority, authorityReason: null, expected };
  const given = input.authorityReason?.trim() || null;
  const kept = current?.authority === authority ? current.authorityReason : null;
  const authorityReason = input.authorityReason === undefined ? kept : given;
  if (!authorityReason)
    throw new AppError('AUTHORITY_REASON_REQUIRED', {
      params: { expected: authorityName(expected), authority: authorityName(authority) },
      details: [{ field: 'authorityReason', message: '', code: 'validation.required' }],
    });
  return { authority, authorityReason, expected };
}

/** The audit entry of an authority set against the province, or of its reason changed. */
function authorityAudit(
  id: string,
  choice: ReturnType<typeof authorityChoice>,
  current: { authority: Authority | null; authorityReason: string | null } | null,
) {
  if (
    current &&
    current.authority === choice.authority &&
    current.authorityReason === choice.authorityReason
  )
    return [];
  if (!choice.authorityReason && !current?.authorityReason) return [];
  return [
    {
      action: 'establishment.authority_changed' as const,
      entityType: 'establishment' as const,
      entityId: id,
      establishmentId: id,
      details: {
        authority: choice.authority,
        provinceAuthority: choice.expected,
        reason: choice.authorityReason,
      },
    },
  ];
}

function conflict(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw new AppError(constraintName(err) === 'users_email_unique' ? 'EMAIL_TAKEN' : 'NIF_TAKEN', {
      cause: err,
    });
  }
  throw err;
}

export function createEstablishmentsService(deps: EstablishmentsServiceDeps) {
  const { db, establishments, users, audit, auth, log } = deps;
  const now = deps.now ?? (() => new Date());
  const photoBatch = deps.photoBatch ?? 500;

  async function load(actor: Actor, id: string, tx: Db = db): Promise<Establishment> {
    const found = isUuid(id) ? await establishments.findInScope(id, scopeOf(actor), tx) : null;
    if (!found) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    return toEstablishmentDto(found);
  }

  return {
    get: load,

    /**
     * Creates an establishment. The caller becomes its owner, or, for an admin with
     * `createUserWithEstablishment`, the user of `contactEmail` (created when new and sent a
     * link to choose a password).
     */
    async create(
      actor: Actor,
      input: CreateEstablishmentInput,
      context: AuditContext & { lng: Language },
    ) {
      const isAdmin = actor.role === 'admin';
      if (input.createUserWithEstablishment && !isAdmin) throw new AppError('FORBIDDEN');
      const status = input.status ?? 'active';
      if (status === 'pending' && !isAdmin) throw new AppError('FORBIDDEN');
      const unusableHash = input.createUserWithEstablishment
        ? await hashPassword(randomPassword())
        : null;

      const choice = authorityChoice(input, null);
      let created;
      try {
        created = await db.transaction(async (tx) => {
          if (await establishments.findByNif(input.nif, tx)) throw new AppError('NIF_TAKEN');
          if (!isAdmin) await deps.plan?.checkNewEstablishment(actor.id, tx);
          let ownerId = actor.id;
          let newOwner: { id: string; email: string; name: string } | null = null;
          if (input.createUserWithEstablishment) {
            const existing = await users.findByEmail(input.contactEmail, tx);
            if (existing) ownerId = existing.id;
            else {
              const user = await users.insert(
                {
                  email: input.contactEmail,
                  name: input.contactName,
                  passwordHash: unusableHash!,
                  role: 'user',
                  language: context.lng,
                },
                tx,
              );
              ownerId = user.id;
              newOwner = user;
            }
          }
          const row = await establishments.insertWithOwner(
            {
              name: input.name,
              type: input.type,
              nif: input.nif,
              status,
              address: input.address,
              city: input.city,
              province: input.province,
              postalCode: input.postalCode,
              phone: input.phone,
              contactName: input.contactName,
              contactEmail: input.contactEmail,
              ...settingsValues(input),
              authority: choice.authority,
              authorityReason: choice.authorityReason,
            },
            ownerId,
            tx,
          );
          await audit.record(
            context,
            [
              {
                action: 'establishment.created',
                entityType: 'establishment',
                entityId: row.id,
                establishmentId: row.id,
                details: { ownerUserId: ownerId, ownerAccountCreated: newOwner !== null },
              },
              ...authorityAudit(row.id, choice, null),
            ],
            tx,
          );
          return { row, newOwner };
        });
      } catch (err) {
        conflict(err);
      }
      if (created.newOwner) {
        try {
          await auth.issueLink(created.newOwner, 'set_password', context.lng, {
            establishment: created.row.name,
          });
        } catch (err) {
          log.error({ err }, 'could not send the set-password e-mail to a new owner');
        }
      }
      return load(actor, created.row.id);
    },

    /** Every establishment (admins only), filtered and paginated. */
    async list(actor: Actor, query: ListEstablishmentsQuery) {
      if (actor.role !== 'admin') throw new AppError('ESTABLISHMENTS_FORBIDDEN');
      const { rows, total } = await establishments.list(query);
      return { data: rows.map(toEstablishmentDto), total };
    },

    /** The establishments the caller belongs to, with the caller's role in each. */
    async listMine(actor: Actor) {
      const rows = await establishments.listForUser(actor.id);
      return rows.map((found) => ({ ...toEstablishmentDto(found), role: found.role }));
    },

    async update(actor: Actor, id: string, input: UpdateEstablishmentInput, context: AuditContext) {
      if (!isUuid(id)) throw new AppError('ESTABLISHMENT_NOT_FOUND');
      const scope = scopeOf(actor);
      try {
        await db.transaction(async (tx) => {
          const current = await establishments.lockInScope(id, scope, tx);
          if (!current) throw new AppError('ESTABLISHMENT_NOT_FOUND');
          if (input.nif !== current.nif) {
            const other = await establishments.findByNif(input.nif, tx);
            if (other && other.id !== id) throw new AppError('NIF_TAKEN');
          }
          const status = input.status ?? current.status;
          // "pending" is an administrator's decision: only an admin sets it or lifts it.
          if (
            status !== current.status &&
            actor.role !== 'admin' &&
            (status === 'pending' || current.status === 'pending')
          ) {
            throw new AppError('FORBIDDEN');
          }
          const choice = authorityChoice(input, current);
          const values: Partial<NewEstablishment> = {
            name: input.name,
            type: input.type,
            nif: input.nif,
            status,
            address: input.address,
            city: input.city,
            province: input.province,
            postalCode: input.postalCode,
            phone: input.phone,
            contactName: input.contactName,
            contactEmail: input.contactEmail,
            ...settingsValues(input),
            authority: choice.authority,
            authorityReason: choice.authorityReason,
          };
          const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
            (key) => values[key] !== current[key],
          );
          await establishments.update(id, scope, values, tx);
          await audit.record(
            context,
            [
              {
                action: 'establishment.updated',
                entityType: 'establishment',
                entityId: id,
                establishmentId: id,
                details: { fields: changed },
              },
              ...authorityAudit(id, choice, current),
            ],
            tx,
          );
        });
      } catch (err) {
        conflict(err);
      }
      return load(actor, id);
    },

    /**
     * Deletes the photos of identity documents still held for the travelers of an establishment
     * that keeps none any more (decision 023): 409 while it keeps them. Batch by batch, each in
     * a transaction of its own that locks its travelers and then shares the establishment's lock
     * (registrations go on meanwhile); each traveler's history gets an entry naming the photos
     * deleted, and the establishment's log one with the counts. Signatures and data stay. Should
     * the setting be turned back on meanwhile, it stops there.
     */
    async deleteDocumentPhotos(actor: Actor, id: string, context: AuditContext) {
      if (!isUuid(id)) throw new AppError('ESTABLISHMENT_NOT_FOUND');
      const found = await establishments.findInScope(id, scopeOf(actor));
      if (!found) throw new AppError('ESTABLISHMENT_NOT_FOUND');
      let deleted = 0;
      let travelers = 0;
      for (let first = true; ; first = false) {
        const batch = await db.transaction(async (tx) => {
          const ids = await establishments.lockTravelersWithPhotos(id, photoBatch, tx);
          if (await establishments.keepsDocumentImages(id, tx)) {
            if (first) throw new AppError('DOCUMENT_PHOTOS_KEPT');
            return null;
          }
          const removed = await establishments.deleteDocumentPhotos(ids, tx);
          const entries = documentsDeletedEntries(removed, id);
          await audit.record(context, entries, tx);
          return {
            photos: removed.length,
            travelers: entries.length,
            full: ids.length === photoBatch,
          };
        });
        if (!batch) break;
        deleted += batch.photos;
        travelers += batch.travelers;
        if (!batch.full) break;
      }
      await audit.record(context, {
        action: 'establishment.document_photos_deleted',
        entityType: 'establishment',
        entityId: id,
        establishmentId: id,
        details: { deleted, travelers },
      });
      return { deleted, travelers };
    },

    /**
     * Deletes an establishment, refused while any of its travelers is within the retention
     * period (decision 008); travelers whose period has ended go with it.
     */
    async remove(actor: Actor, id: string, context: AuditContext) {
      if (!isUuid(id)) throw new AppError('ESTABLISHMENT_NOT_FOUND');
      const scope = scopeOf(actor);
      const cutoff = retentionCutoff(now());
      await db.transaction(async (tx) => {
        // Its travelers before the establishment, the order an edit locks them in (a traveler,
        // then its establishment's setting): the two never wait for each other in a circle.
        // (Only once the caller is known to reach it.)
        if (!(await establishments.findInScope(id, scope, tx)))
          throw new AppError('ESTABLISHMENT_NOT_FOUND');
        await establishments.lockTravelers(id, tx);
        const current = await establishments.lockInScope(id, scope, tx);
        if (!current) throw new AppError('ESTABLISHMENT_NOT_FOUND');
        const retained = await establishments.countRetainedTravelers(id, cutoff, tx);
        if (retained > 0)
          throw new AppError('ESTABLISHMENT_RECORDS_RETAINED', { params: { count: retained } });
        const deleted = await establishments.deleteInScope(id, scope, tx);
        if (!deleted) throw new AppError('ESTABLISHMENT_NOT_FOUND');
        await audit.record(
          context,
          [
            ...deleted.pilgrimIds.map((pilgrimId) => ({
              action: 'pilgrim.deleted' as const,
              entityType: 'pilgrim' as const,
              entityId: pilgrimId,
              establishmentId: id,
              details: { reason: 'retentionExpired' },
            })),
            {
              action: 'establishment.deleted',
              entityType: 'establishment',
              entityId: id,
              establishmentId: id,
              details: { expiredTravelersDeleted: deleted.pilgrimIds.length },
            },
          ],
          tx,
        );
      });
      deps.counts?.changed();
      return { id };
    },
  };
}
export type EstablishmentsService = ReturnType<typeof createEstablishmentsService>;
