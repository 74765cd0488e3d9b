/**
 * Uploaded images are stored as sharp writes them anew, never as they came (decision 051): the
 * pixels decoded, turned as the EXIF orientation says, and encoded again in the same format with
 * no metadata. What a file carried besides its picture (a script in a JPEG comment, a ZIP after a
 * PNG's end, EXIF with the place and camera of the photo, XMP, ICC profiles) is not kept.
 */
import sharp from 'sharp';
import type { ImageMimeType } from '@hospes/shared/codes';
import { inTurn } from './in-turn';

// Privacy and memory: libvips must not keep decoded documents in its operation cache.
sharp.cache(false);

/**
 * JPEG and WebP quality of a stored image: the small print and the MRZ of a document stay as
 * legible as in the photo sent (a copy at 90 differs from its source by less than the noise of a
 * phone camera's sensor), at a size close to what phones write.
 */
export const STORED_IMAGE_QUALITY = 90;

/**
 * The image decoded and written again (the same type: a JPEG stays a JPEG, a PNG a lossless PNG
 * with its transparency, a WebP a WebP), upright, with no metadata; null when sharp cannot decode
 * it whole, or it has more than `maxPixels`. Decoded in turns with the previews (in-turn.ts).
 */
export function reencodeImage(
  bytes: Buffer,
  mimeType: ImageMimeType,
  maxPixels: number,
): Promise<Buffer | null> {
  return inTurn(async () => {
    try {
      // failOn 'error': a truncated or corrupt file is refused, not stored half grey.
      const image = sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels }).autoOrient();
      // sharp writes no metadata unless told to (keepExif, keepIccProfile, withMetadata…).
      const encoded =
        mimeType === 'image/jpeg'
          ? image.jpeg({ quality: STORED_IMAGE_QUALITY })
          : mimeType === 'image/png'
            ? image.png({ compressionLevel: 6 })
            : image.webp({ quality: STORED_IMAGE_QUALITY, alphaQuality: 100 });
      return await encoded.toBuffer();
    } catch {
      return null;
    }
  });
}
