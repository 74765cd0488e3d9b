/**
 * The declaración responsable of an establishment (decision 063): its state (never signed, valid,
 * expiring, expired), the statement to sign in the reader's language, a signature that makes the
 * PDF (kept, sealed, with every older version), and the download of any version.
 */
import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '@hospes/shared/codes';
import { daysBetween, todayIso } from '@hospes/shared/dates';
import {
  declarationState,
  declarationValidUntil,
  type Declaration,
  type SignDeclarationInput,
} from '@hospes/shared/declarations';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import type { Db } from '../../db/client';
import type { EstablishmentRow } from '../../db/schema';
import { isUuid, scopeOf } from '../../db/scope';
import { AppError } from '../../lib/app-error';
import { uuidv7 } from '../../lib/ids';
import { declarationStatement, renderDeclarationPdf } from '../../lib/pdf/declaration-pdf';
import type { DocumentCipher } from '../../lib/storage/document-cipher';
import { decodeImageDataUrl, SIGNATURE_MAX_PIXELS } from '../../lib/storage/images';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditRepository } from '../audit';
import type { DeclarationsRepository } from './declarations.repository';

/** The additional data a declaration's PDF is sealed with (see lib/storage/document-cipher). */
export const declarationContext = (id: string) => `declaration:${id}`;

/** A signature fills a box of a few centimetres: 1,600 pixels across is more than print needs. */
const SIGNATURE_MAX_SIDE = 1600;

const IMAGE_PROBLEMS = {
  type: 'validation.imageType',
  size: 'validation.imageTooLarge',
  damaged: 'validation.imageDamaged',
  pixels: 'validation.imageTooManyPixels',
} as const;

function refuseSignature(code: string): never {
  throw new AppError('VALIDATION_FAILED', {
    details: [{ field: 'signatureImage', message: '', code }],
  });
}

/** The drawn signature as a PNG for the PDF; refused when unreadable or blank. */
async function signaturePng(dataUrl: string): Promise<Buffer> {
  const decoded = decodeImageDataUrl(dataUrl, IMAGE_MAX_BYTES, SIGNATURE_MAX_PIXELS);
  if (!decoded.ok) refuseSignature(IMAGE_PROBLEMS[decoded.reason]);
  let png: Buffer;
  try {
    png = await sharp(decoded.bytes, { failOn: 'error', limitInputPixels: SIGNATURE_MAX_PIXELS })
      .rotate()
      .resize(SIGNATURE_MAX_SIDE, SIGNATURE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    refuseSignature(IMAGE_PROBLEMS.damaged);
  }
  // An empty pad (every pixel the same) is no signature.
  const { channels } = await sharp(png).stats();
  if (channels.every((c) => c.min === c.max)) refuseSignature('validation.signatureRequired');
  return png;
}

export interface DeclarationsServiceDeps {
  db: Db;
  declarations: DeclarationsRepository;
  audit: AuditRepository;
  cipher: DocumentCipher;
  now?: () => Date;
}

export function createDeclarationsService(deps: DeclarationsServiceDeps) {
  const { db, declarations, audit, cipher } = deps;
  const now = deps.now ?? (() => new Date());

  async function establishmentOf(actor: Actor, id: string): Promise<EstablishmentRow> {
    const row = isUuid(id) ? await declarations.establishmentInScope(id, scopeOf(actor)) : null;
    if (!row) throw new AppError('ESTABLISHMENT_NOT_FOUND');
    return row;
  }

  async function view(
    establishment: EstablishmentRow,
    signerName: string,
    language: string | undefined,
  ): Promise<Declaration> {
    const today = todayIso(now(), establishmentTimeZone(establishment));
    const versions = await declarations.versions(establishment.id);
    const validUntil = versions[0]?.validUntil ?? null;
    return {
      state: declarationState(validUntil, today),
      validUntil,
      daysLeft: validUntil ? daysBetween(today, validUntil) : null,
      versions: versions.map((v) => ({ ...v, signedAt: v.signedAt.toISOString() })),
      statement: declarationStatement(language, {
        establishment,
        signerName,
        signedOn: today,
        validUntil: declarationValidUntil(today),
      }),
    };
  }

  return {
    /** GET /api/establishments/{id}/declaration. */
    async get(actor: Actor, establishmentId: string, language: string | undefined) {
      return view(await establishmentOf(actor, establishmentId), actor.name, language);
    },

    /**
     * POST /api/establishments/{id}/declaration: the signed-in member signs; a new version, valid
     * one year from the establishment's today, is kept beside the older ones.
     */
    async sign(
      actor: Actor,
      establishmentId: string,
      input: SignDeclarationInput,
      context: AuditContext,
    ): Promise<Declaration> {
      const establishment = await establishmentOf(actor, establishmentId);
      const signature = await signaturePng(input.signatureImage);
      const signedAt = now();
      const timeZone = establishmentTimeZone(establishment);
      const signedOn = todayIso(signedAt, timeZone);
      const validUntil = declarationValidUntil(signedOn);
      const id = uuidv7(signedAt.getTime());
      const pdf = await renderDeclarationPdf({
        id,
        establishment,
        signerName: actor.name,
        signedOn,
        validUntil,
        signedAt,
        timeZone,
        language: input.language,
        signature,
      });
      await db.transaction(async (tx) => {
        await declarations.insert(
          {
            id,
            establishmentId: establishment.id,
            signedBy: actor.id,
            signerName: actor.name,
            language: input.language,
            signedAt,
            signedOn,
            validUntil,
            pdf: cipher.seal(pdf, declarationContext(id)),
            pdfSize: pdf.length,
          },
          tx,
        );
        await audit.record(
          context,
          {
            action: 'establishment.declaration_signed',
            entityType: 'establishment',
            entityId: establishment.id,
            establishmentId: establishment.id,
            details: { declarationId: id, validUntil, language: input.language },
          },
          tx,
        );
      });
      return view(establishment, actor.name, input.language);
    },

    /** GET /api/establishments/{id}/declarations/{declarationId}/pdf: one signed version. */
    async pdf(
      actor: Actor,
      establishmentId: string,
      declarationId: string,
      context: AuditContext,
    ): Promise<{ fileName: string; body: Buffer }> {
      const establishment = await establishmentOf(actor, establishmentId);
      const row = isUuid(declarationId)
        ? await declarations.pdf(establishment.id, declarationId)
        : null;
      if (!row) throw new AppError('DECLARATION_NOT_FOUND');
      const body = cipher.open(row.pdf, declarationContext(row.id));
      await audit.record(context, {
        action: 'establishment.declaration_downloaded',
        entityType: 'establishment',
        entityId: establishment.id,
        establishmentId: establishment.id,
        details: { declarationId: row.id },
      });
      const nif = establishment.nif.replace(/[^A-Za-z0-9]/g, '');
      return { fileName: `declaracion-responsable-${nif}-${row.signedOn}.pdf`, body };
    },
  };
}

export type DeclarationsService = ReturnType<typeof createDeclarationsService>;
