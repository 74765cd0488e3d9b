import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../ocr/image';
import { IMAGES_AT_ONCE, inTurn } from './in-turn';

// Privacy and memory: libvips must not keep decoded documents in its operation cache.
sharp.cache(false);

/** Longest side of a preview: sharp in a 320 px wide thumbnail on a screen of 2 pixels per px. */
export const PREVIEW_MAX_SIDE = 640;

/** Previews made at once, per process: their turns are shared with uploads (in-turn.ts). */
export const PREVIEWS_AT_ONCE = IMAGES_AT_ONCE;
export { inTurn };

/**
 * A smaller copy of a stored document image, for thumbnails on a slow connection: turned as its
 * EXIF says, at most PREVIEW_MAX_SIDE a side, WebP (transparency kept for signatures). Null when
 * the copy would not be smaller than the image itself, or the image cannot be read: the caller
 * then sends the image as stored. At most PREVIEWS_AT_ONCE are made at a time.
 */
export function documentPreview(bytes: Buffer): Promise<Buffer | null> {
  return inTurn(() => makePreview(bytes));
}

async function makePreview(bytes: Buffer): Promise<Buffer | null> {
  try {
    const preview = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return preview.length < bytes.length ? preview : null;
  } catch {
    return null;
  }
}
