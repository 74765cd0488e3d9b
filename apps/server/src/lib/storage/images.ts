/**
 * Images sent as data URLs: decoded, recognised by their first bytes (never by the declared
 * type) and size-checked.
 */
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, type ImageMimeType } from '@hospes/shared/codes';

/** The image type of some bytes, by their signature: JPEG, PNG or WebP; else null. */
export function sniffImageType(bytes: Buffer): ImageMimeType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/**
 * The most pixels an image may have: 50 million, the largest phone cameras' photos (about
 * 8,200 × 6,100). A few bytes of PNG can hold far more (a compressed image of 16,000 × 16,000
 * zeros is under 1 MB): it would take gigabytes and seconds of the server to decode.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** A signature is drawn on a screen: 8 million pixels is a 4,000 × 2,000 canvas. */
export const SIGNATURE_MAX_PIXELS = 8_000_000;

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The width and height an image declares, read from its structure without decoding it; null when
 * the structure is broken: a PNG without its header, image data or end, a JPEG without a frame
 * or a scan, a WebP cut short. Cheap (a walk over the chunks), so every upload is checked.
 */
export function imageSize(bytes: Buffer, mimeType: ImageMimeType): ImageSize | null {
  const size = (width: number, height: number) =>
    width > 0 && height > 0 ? { width, height } : null;
  if (mimeType === 'image/png') {
    let offset = 8;
    let header: ImageSize | null = null;
    let data = false;
    while (offset + 12 <= bytes.length) {
      const length = bytes.readUInt32BE(offset);
      const type = bytes.toString('latin1', offset + 4, offset + 8);
      if (offset + 12 + length > bytes.length) return null;
      if (offset === 8) {
        if (type !== 'IHDR' || length !== 13) return null;
        header = size(bytes.readUInt32BE(offset + 8), bytes.readUInt32BE(offset + 12));
      } else if (type === 'IDAT') data = length > 0 || data;
      else if (type === 'IEND') return data ? header : null;
      offset += 12 + length;
    }
    return null;
  }
  if (mimeType === 'image/jpeg') {
    let offset = 2;
    let frame: ImageSize | null = null;
    while (offset + 4 <= bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      if (marker === 0xff) {
        offset += 1; // fill byte
        continue;
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
        offset += 2; // markers without a length
        continue;
      }
      if (marker === 0xd9) return null; // the end before any scan
      const length = bytes.readUInt16BE(offset + 2);
      if (length < 2 || offset + 2 + length > bytes.length) return null;
      const startOfFrame =
        marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (startOfFrame) {
        if (length < 7) return null;
        frame = size(bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5));
      }
      // The start of the scan: the frame must be known and some image data must follow.
      if (marker === 0xda) return frame && offset + 2 + length < bytes.length ? frame : null;
      offset += 2 + length;
    }
    return null;
  }
  // WebP: the RIFF container must hold what it declares, and its first chunk says the size.
  if (bytes.length < 30 || 8 + bytes.readUInt32LE(4) > bytes.length) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return size(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return size(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  return null;
}

export type DecodedImage =
  | { ok: true; bytes: Buffer; mimeType: ImageMimeType; extension: string; size: ImageSize }
  | { ok: false; reason: 'type' | 'size' | 'damaged' | 'pixels' };

/**
 * Decodes a `data:image/...;base64,...` URL and checks what it really holds: its type by its
 * first bytes, its size in bytes, its structure and its pixels (at most `maxPixels`).
 */
export function decodeImageDataUrl(
  dataUrl: string,
  maxBytes = IMAGE_MAX_BYTES,
  maxPixels = IMAGE_MAX_PIXELS,
): DecodedImage {
  const comma = dataUrl.indexOf(',');
  if (comma < 0 || !/;base64$/i.test(dataUrl.slice(0, comma))) return { ok: false, reason: 'type' };
  const payload = dataUrl.slice(comma + 1);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  if (Math.floor((payload.length * 3) / 4) - padding > maxBytes)
    return { ok: false, reason: 'size' };
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > maxBytes) return { ok: false, reason: 'size' };
  // Buffer.from skips characters outside the alphabet: encoding back must give the same text.
  if (
    bytes.toString('base64') !==
    (payload.length % 4 === 0
      ? payload
      : payload.padEnd(payload.length + 4 - (payload.length % 4), '='))
  )
    return { ok: false, reason: 'type' };
  const mimeType = sniffImageType(bytes);
  if (!mimeType) return { ok: false, reason: 'type' };
  const size = imageSize(bytes, mimeType);
  if (!size) return { ok: false, reason: 'damaged' };
  if (size.width * size.height > maxPixels) return { ok: false, reason: 'pixels' };
  return { ok: true, bytes, mimeType, extension: IMAGE_EXTENSIONS[mimeType], size };
}
