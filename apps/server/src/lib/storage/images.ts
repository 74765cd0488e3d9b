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

export type DecodedImage =
  | { ok: true; bytes: Buffer; mimeType: ImageMimeType; extension: string }
  | { ok: false; reason: 'type' | 'size' };

/** Decodes a `data:image/...;base64,...` URL and checks what it really holds. */
export function decodeImageDataUrl(dataUrl: string, maxBytes = IMAGE_MAX_BYTES): DecodedImage {
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
  return { ok: true, bytes, mimeType, extension: IMAGE_EXTENSIONS[mimeType] };
}
