import { IMAGE_MAX_BYTES } from '@hospes/shared/codes';
import { mrzToTraveler, type ScanResult } from '@hospes/shared/mrz';
import { AppError } from '../../lib/app-error';
import { ACCEPTED_IMAGE_TYPES, declaredPixels, sniffImageType } from '../../lib/ocr/image';
import type { MrzReader, PassTrace } from '../../lib/ocr/reader';

/** Uploads larger than this are refused (413) while they stream in. */
export const MAX_DOCUMENT_BYTES = IMAGE_MAX_BYTES;

/**
 * A read that failed some check is still returned (its `confirmed` flags say which fields a
 * check digit backs) when at least this many check digits hold: by chance, a wrong line pair
 * passes two mod-10 checks about once in a hundred. Fewer: MRZ_NOT_FOUND.
 */
export const MIN_CHECK_DIGITS = 2;

export interface OcrService {
  /** Reads the MRZ of a photo held in memory; the photo is neither stored nor logged. */
  processDocument(
    image: Buffer,
    options?: {
      onPasses?: (passes: PassTrace[]) => void;
      /**
       * A photo with more pixels (by its header, before any decoding or any wait for a worker) is
       * refused with IMAGE_TOO_MANY_PIXELS (413): the public check-in's lower cap. Without it,
       * the reader's own limit holds (50 million pixels, IMAGE_UNREADABLE).
       */
      maxPixels?: number;
    },
  ): Promise<ScanResult>;
}

export function createOcrService(deps: { reader: MrzReader; now?: () => Date }): OcrService {
  const now = deps.now ?? (() => new Date());
  return {
    async processDocument(image, options = {}) {
      if (image.length === 0) throw new AppError('IMAGE_UNREADABLE');
      const type = sniffImageType(image);
      if (type === 'heic') throw new AppError('HEIC_NOT_SUPPORTED');
      if (!type || !ACCEPTED_IMAGE_TYPES.includes(type))
        throw new AppError('UNSUPPORTED_IMAGE_TYPE');
      if (options.maxPixels !== undefined) {
        const pixels = await declaredPixels(image);
        if (pixels === null) throw new AppError('IMAGE_UNREADABLE');
        if (pixels > options.maxPixels)
          throw new AppError('IMAGE_TOO_MANY_PIXELS', {
            params: { max: Math.floor(options.maxPixels / 1_000_000) },
          });
      }

      const { read, passes } = await deps.reader.read(image);
      options.onPasses?.(passes);
      const checkDigits = read ? Object.values(read.parsed.checks).filter(Boolean).length : 0;
      if (!read || (!read.accepted && checkDigits < MIN_CHECK_DIGITS))
        throw new AppError('MRZ_NOT_FOUND');

      // A field the reader had to change to make its check digit pass stays unconfirmed; one the
      // other engine read the same (decision 054) may be confirmed despite confusable neighbours.
      return mrzToTraveler(read.parsed, {
        today: now(),
        evidence: {
          changed: read.changed,
          documentNumberAgreed: read.agreement?.documentNumber === true,
          mrzAgreed: read.agreement?.mrz === true,
        },
      });
    },
  };
}
