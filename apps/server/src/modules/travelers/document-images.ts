/**
 * The images of a registration (the identity document's front and back, the signature): checked
 * by content and size, decoded and written anew without metadata (lib/storage/reencode, decision
 * 051), sealed with the document cipher, and refused where the establishment keeps
 * no photos of documents (decision 023).
 */
import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_BYTES, type DocumentKind } from '@hospes/shared/codes';
import type { ErrorDetail } from '@hospes/shared/errors';
import type { CreateTravelerInput } from '@hospes/shared/travelers';
import { AppError } from '../../lib/app-error';
import type { DocumentCipher } from '../../lib/storage/document-cipher';
import {
  decodeImageDataUrl,
  IMAGE_MAX_PIXELS,
  SIGNATURE_MAX_PIXELS,
} from '../../lib/storage/images';
import { reencodeImage } from '../../lib/storage/reencode';

export type Images = Pick<CreateTravelerInput, 'frontDocImage' | 'backDocImage' | 'signatureImage'>;

const IMAGE_FIELDS: { field: keyof Images; kind: DocumentKind; name: string }[] = [
  { field: 'frontDocImage', kind: 'front', name: 'front-document' },
  { field: 'backDocImage', kind: 'back', name: 'back-document' },
  { field: 'signatureImage', kind: 'signature', name: 'signature' },
];

interface SealedDocument {
  id: string;
  kind: DocumentKind;
  mimeType: string;
  originalName: string;
  size: number;
  content: Buffer;
}

/** The additional data a document image is sealed with (see lib/storage/document-cipher). */
export const documentContext = (pilgrimId: string, documentId: string) =>
  `pilgrim-document:${pilgrimId}:${documentId}`;

/** The error code of each reason an image is refused. */
const IMAGE_PROBLEMS = {
  type: 'validation.imageType',
  size: 'validation.imageTooLarge',
  damaged: 'validation.imageDamaged',
  pixels: 'validation.imageTooManyPixels',
} as const;

/**
 * Decodes, checks (by content, size and pixels), writes anew (reencodeImage: no metadata, nothing
 * after the picture) and encrypts the images that were sent. An image sharp cannot decode is
 * refused as damaged.
 */
export async function sealImages(
  cipher: DocumentCipher,
  pilgrimId: string,
  images: Images,
): Promise<SealedDocument[]> {
  const details: ErrorDetail[] = [];
  const sealed: SealedDocument[] = [];
  for (const { field, kind, name } of IMAGE_FIELDS) {
    const dataUrl = images[field];
    if (!dataUrl) continue;
    const maxPixels = kind === 'signature' ? SIGNATURE_MAX_PIXELS : IMAGE_MAX_PIXELS;
    const decoded = decodeImageDataUrl(dataUrl, IMAGE_MAX_BYTES, maxPixels);
    if (!decoded.ok) {
      details.push({ field, message: '', code: IMAGE_PROBLEMS[decoded.reason] });
      continue;
    }
    const stored = await reencodeImage(decoded.bytes, decoded.mimeType, maxPixels);
    if (!stored) {
      details.push({ field, message: '', code: IMAGE_PROBLEMS.damaged });
      continue;
    }
    const id = randomUUID();
    sealed.push({
      id,
      kind,
      mimeType: decoded.mimeType,
      originalName: `${name}.${decoded.extension}`,
      size: stored.length,
      content: cipher.seal(stored, documentContext(pilgrimId, id)),
    });
  }
  if (details.length) throw new AppError('VALIDATION_FAILED', { details });
  return sealed;
}

/**
 * Refuses photos of the identity document (front, back) for an establishment that keeps none
 * (decision 023): a scan reads their data, and only the data and the signature are stored.
 */
export function refuseUnkeptImages(establishment: { keepDocumentImages: boolean }, images: Images) {
  if (establishment.keepDocumentImages) return;
  const refused = IMAGE_FIELDS.filter(({ kind, field }) => kind !== 'signature' && images[field]);
  if (refused.length)
    throw new AppError('VALIDATION_FAILED', {
      details: refused.map(({ field }) => ({
        field,
        message: '',
        code: 'validation.documentImagesNotKept',
      })),
    });
}
