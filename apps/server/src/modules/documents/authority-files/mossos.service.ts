/**
 * The Mossos d'Esquadra's file (decision 057): Catalan lodgings upload it on the portal (there is
 * no web service), then confirm the upload here, with the portal's receipt PDF when they have it.
 * A file made is recorded with its travelers; the deadline guard counts them reported once the
 * upload is confirmed.
 */
import { AUTHORITY_NAMES, type Authority } from '@hospes/shared/codes';
import { localDateTimeOf, todayIso } from '@hospes/shared/dates';
import type { AuthorityUpload, MossosFileInput } from '@hospes/shared/mossos';
import { mossosIdentifier, preflightMossos } from '@hospes/shared/mossos';
import type { ErrorDetail } from '@hospes/shared/errors';
import { establishmentTimeZone, reportingAuthority } from '@hospes/shared/provinces';
import { sesProblemText } from '@hospes/shared/ses-preflight';
import { fullName } from '@hospes/shared/travelers';
import { AppError } from '../../../lib/app-error';
import {
  buildMossosText,
  encodeMossosFile,
  MOSSOS_CONTENT_TYPE,
  mossosFileName,
} from '../../../lib/mossos/mossos-v24';
import type { DocumentCipher } from '../../../lib/storage/document-cipher';
import type { Actor } from '../../../plugins/auth';
import { isUuid, scopeOf } from '../../../db/scope';
import type { AuditRepository } from '../../audit';
import type { TravelerNumbering } from '../../travelers';
import type { DocumentContext, FileAnswer } from '../file-answer';
import { toEstablishmentView, toSesTraveler, toTravelerView } from '../traveler-view';
import type { AuthorityFilesRepository } from './authority-files.repository';

/** At most this many travelers in one file (the portal's own limit is not published). */
export const MOSSOS_MAX_TRAVELERS = 500;

/** A receipt is a PDF: it starts with `%PDF-` and ends with `%%EOF` (a few bytes of slack). */
export function isPdf(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  return bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF', 0, 'latin1');
}

const receiptContext = (uploadId: string) => `authority-receipt:${uploadId}`;
const authorityName = (authority: Authority) =>
  authority === 'ses' ? 'SES.HOSPEDAJES' : AUTHORITY_NAMES[authority];

export interface MossosServiceDeps {
  authorityFiles: AuthorityFilesRepository;
  numbering: Pick<TravelerNumbering, 'numberIfMissing'>;
  audit: AuditRepository;
  cipher: DocumentCipher;
  now?: () => Date;
}

export function createMossosService(deps: MossosServiceDeps) {
  const { authorityFiles, numbering, audit, cipher } = deps;
  const now = deps.now ?? (() => new Date());

  /** The establishment in the caller's reach (404 otherwise), reporting to the Mossos (409). */
  async function catalanEstablishment(actor: Actor, id: string) {
    const establishment = isUuid(id)
      ? await authorityFiles.establishmentInScope(id, scopeOf(actor))
      : null;
    if (!establishment) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    const authority = reportingAuthority(establishment);
    if (authority !== 'mossos')
      throw new AppError('MOSSOS_OTHER_AUTHORITY', {
        params: { authority: authorityName(authority) },
      });
    return establishment;
  }

  function toUpload(
    row: NonNullable<Awaited<ReturnType<AuthorityFilesRepository['upload']>>>,
  ): AuthorityUpload {
    return {
      id: row.id,
      establishmentId: row.establishmentId,
      authority: row.authority,
      reference: row.reference,
      travelers: row.travelers,
      uploaded: row.uploadedAt !== null,
      uploadedAt: row.uploadedAt?.toISOString() ?? null,
      hasReceipt: row.receiptSize !== null,
      uploadedByName: row.uploadedByName,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    /**
     * POST /api/establishments/{id}/mossos-file: the file of the chosen travelers, or of the
     * arrivals of a date range (none: the establishment's today), checked first; recorded as made.
     */
    async mossosFile(
      actor: Actor,
      establishmentId: string,
      input: MossosFileInput,
      context: DocumentContext,
    ): Promise<FileAnswer & { count: number; uploadId: string }> {
      const establishment = await catalanEstablishment(actor, establishmentId);
      const timeZone = establishmentTimeZone(establishment);
      const day = todayIso(now(), timeZone);
      const ids = input.pilgrimIds ? [...new Set(input.pilgrimIds)] : null;
      const where = ids
        ? { ids }
        : input.from || input.to
          ? { from: input.from, to: input.to }
          : { from: day, to: day };
      const limit = MOSSOS_MAX_TRAVELERS + 1;
      let rows = await authorityFiles.travelersOfEstablishment(establishment.id, where, limit);
      if (ids && rows.length !== ids.length) throw new AppError('PILGRIM_NOT_FOUND');
      if (rows.length === 0) throw new AppError('SES_NO_TRAVELERS');
      if (rows.length > MOSSOS_MAX_TRAVELERS)
        throw new AppError('MOSSOS_TOO_MANY_TRAVELERS', { params: { max: MOSSOS_MAX_TRAVELERS } });
      // A walk-in's contract reference is its report number (decision 013): number them first.
      if (rows.some((r) => r.row.reportSeq === null)) {
        for (const r of rows)
          if (r.row.reportSeq === null) await numbering.numberIfMissing(r.row.id);
        rows = await authorityFiles.travelersOfEstablishment(establishment.id, where, limit);
      }
      // A self check-in not yet confirmed at the desk is no arrival yet (decision 033).
      const pending = await authorityFiles.awaitingConfirmation(rows.map((r) => r.row.id));
      const travelers = rows.map((r) => ({
        ...toSesTraveler(toTravelerView(r.row, r.establishmentName, day)),
        awaitingConfirmation: pending.has(r.row.id),
      }));
      const view = toEstablishmentView(establishment);
      const problems = preflightMossos(travelers, view);
      if (problems.length) {
        const names = new Map(travelers.map((t) => [t.id, fullName(t)]));
        const details: ErrorDetail[] = problems.map((p) => ({
          field: p.travelerId ? `${p.travelerId}.${p.field}` : p.field,
          message: sesProblemText(context.lng, p),
          code: p.code,
          travelerId: p.travelerId,
          ...(p.travelerId ? { travelerName: names.get(p.travelerId) ?? '' } : {}),
        }));
        throw new AppError('SES_PREFLIGHT_FAILED', { details });
      }
      const identifier = mossosIdentifier(establishment.establishmentCode);
      const fileName = mossosFileName(
        identifier,
        await authorityFiles.nextMossosSequence(establishment.id),
      );
      const body = encodeMossosFile(
        buildMossosText(
          { identifier, name: establishment.name },
          travelers,
          localDateTimeOf(now(), timeZone),
        ),
      );
      const pilgrimIds = travelers.map((t) => t.id);
      const uploadId = await authorityFiles.createUpload(
        { establishmentId: establishment.id, reference: fileName, createdBy: actor.id },
        pilgrimIds,
      );
      await audit.record(context, {
        action: 'establishment.mossos_file_generated',
        entityType: 'establishment',
        entityId: establishment.id,
        establishmentId: establishment.id,
        details: { uploadId, reference: fileName, pilgrimIds },
      });
      return {
        fileName,
        contentType: MOSSOS_CONTENT_TYPE,
        body,
        count: travelers.length,
        uploadId,
      };
    },

    /**
     * POST /api/establishments/{id}/authority-uploads/{uploadId}/uploaded: the owner says the file
     * went up on the portal; `receipt`, when given, must be a PDF (checked by its content).
     */
    async markUploaded(
      actor: Actor,
      establishmentId: string,
      uploadId: string,
      receipt: Buffer | null,
      context: DocumentContext,
    ): Promise<AuthorityUpload> {
      const establishment = await catalanEstablishment(actor, establishmentId);
      const before = isUuid(uploadId)
        ? await authorityFiles.upload(establishment.id, uploadId)
        : null;
      if (!before) throw new AppError('AUTHORITY_UPLOAD_NOT_FOUND');
      if (receipt && !isPdf(receipt)) throw new AppError('RECEIPT_NOT_PDF');
      const at = now();
      await authorityFiles.markUploaded(establishment.id, uploadId, {
        uploadedBy: actor.id,
        at,
        receipt: receipt ? cipher.seal(receipt, receiptContext(uploadId)) : null,
        receiptSize: receipt?.length ?? null,
      });
      const pilgrimIds = (await authorityFiles.uploadItems(uploadId)).map((i) => i.pilgrimId);
      // The establishment's entry, and each traveler's (their history says where they went).
      await audit.record(context, [
        {
          action: 'establishment.mossos_file_uploaded',
          entityType: 'establishment',
          entityId: establishment.id,
          establishmentId: establishment.id,
          details: { uploadId, reference: before.reference, receipt: !!receipt, pilgrimIds },
        },
        ...pilgrimIds.map((pilgrimId) => ({
          action: 'pilgrim.authority_uploaded' as const,
          entityType: 'pilgrim' as const,
          entityId: pilgrimId,
          establishmentId: establishment.id,
          details: { authority: 'mossos', reference: before.reference, uploadId },
        })),
      ]);
      return toUpload((await authorityFiles.upload(establishment.id, uploadId))!);
    },

    /**
     * DELETE /api/establishments/{id}/authority-uploads/{uploadId}/uploaded: an upload confirmed by
     * mistake is taken back (decision 061); its travelers are to report again, its receipt is
     * dropped, and the establishment's and each traveler's history say so.
     */
    async undoUploaded(
      actor: Actor,
      establishmentId: string,
      uploadId: string,
      context: DocumentContext,
    ): Promise<AuthorityUpload> {
      const establishment = await catalanEstablishment(actor, establishmentId);
      const before = isUuid(uploadId)
        ? await authorityFiles.upload(establishment.id, uploadId)
        : null;
      if (!before) throw new AppError('AUTHORITY_UPLOAD_NOT_FOUND');
      if (!(await authorityFiles.unmarkUploaded(establishment.id, uploadId)))
        throw new AppError('AUTHORITY_UPLOAD_NOT_UPLOADED');
      const pilgrimIds = (await authorityFiles.uploadItems(uploadId)).map((i) => i.pilgrimId);
      await audit.record(context, [
        {
          action: 'establishment.mossos_file_upload_undone',
          entityType: 'establishment',
          entityId: establishment.id,
          establishmentId: establishment.id,
          details: { uploadId, reference: before.reference, pilgrimIds },
        },
        ...pilgrimIds.map((pilgrimId) => ({
          action: 'pilgrim.authority_upload_undone' as const,
          entityType: 'pilgrim' as const,
          entityId: pilgrimId,
          establishmentId: establishment.id,
          details: { authority: 'mossos', reference: before.reference, uploadId },
        })),
      ]);
      return toUpload((await authorityFiles.upload(establishment.id, uploadId))!);
    },

    /** GET /api/establishments/{id}/authority-uploads/{uploadId}/receipt: the portal's PDF. */
    async receipt(actor: Actor, establishmentId: string, uploadId: string): Promise<FileAnswer> {
      const establishment = isUuid(establishmentId)
        ? await authorityFiles.establishmentInScope(establishmentId, scopeOf(actor))
        : null;
      if (!establishment) throw new AppError('ESTABLISHMENT_NOT_FOUND');
      const found = isUuid(uploadId)
        ? await authorityFiles.receipt(establishment.id, uploadId)
        : null;
      if (!found) throw new AppError('AUTHORITY_UPLOAD_NOT_FOUND');
      return {
        fileName: `${found.reference}.receipt.pdf`,
        contentType: 'application/pdf',
        body: cipher.open(found.receipt, receiptContext(uploadId)),
      };
    },
  };
}
export type MossosService = ReturnType<typeof createMossosService>;
