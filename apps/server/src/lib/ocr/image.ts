/**
 * Image intake for the MRZ reader: the type from the first bytes (never the name or the declared
 * content type), decoding with limits, and the greyscale crops tesseract reads. All in memory.
 */
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../app-error';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif';
export const ACCEPTED_IMAGE_TYPES: readonly ImageType[] = ['jpeg', 'png', 'webp'];

/** Images with more pixels are refused from their header, before any pixel is decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * Decoded images are reduced to at most this a side before anything reads them (issue #30): the
 * MRZ of a document a quarter of the frame wide still reads (tested on a 7,000 × 7,000 photo), and
 * every later step (turns, crops, layouts) works on at most 5.8 million pixels whatever was sent.
 * A JPEG is decoded straight at a half, a quarter or an eighth of its size when that is enough.
 */
export const MAX_DECODED_SIDE = 2400;
const MIN_SIDE = 32;
const MAX_ASPECT = 20;
/** Width of the overview crops: an MRZ that fills the frame gets a 30–45 px character pitch. */
export const WORK_WIDTH = 1400;

// Privacy and memory: libvips must not keep decoded documents in its operation cache.
sharp.cache(false);

const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
  'mif2',
]);

/**
 * The pixels an image declares in its header (width × height), read without decoding it; null
 * when sharp cannot read the header.
 */
export async function declaredPixels(buf: Buffer): Promise<number | null> {
  try {
    const { width, height } = await sharp(buf, { limitInputPixels: false }).metadata();
    return width && height ? width * height : null;
  } catch {
    return null;
  }
}

/** The image type by magic bytes, or null. */
export function sniffImageType(buf: Uint8Array): ImageType | null {
  const ascii = (start: number, end: number) =>
    Buffer.from(buf.subarray(start, end)).toString('latin1');
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (buf.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (buf.length >= 12 && ascii(4, 8) === 'ftyp') {
    const size = Math.min(
      buf.length,
      Math.max(16, Buffer.from(buf.subarray(0, 4)).readUInt32BE(0)),
    );
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(at, at + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
    if (brands.some((b) => HEIF_BRANDS.has(b))) return 'heic';
  }
  return null;
}

/** An 8-bit, one-channel image in memory. */
export interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}

const rawInput = (img: GreyImage) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } });

async function toGrey(pipeline: Sharp): Promise<GreyImage> {
  // A one-channel raw input comes out as sRGB unless told otherwise: keep one channel.
  const { data, info } = await pipeline
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Decodes an accepted image: EXIF orientation applied, greyscale, at most MAX_DECODED_SIDE a
 * side. Refuses images over MAX_INPUT_PIXELS from their header, and damaged files.
 */
export async function decodeGrey(buf: Buffer): Promise<GreyImage> {
  let decoded: GreyImage;
  try {
    const image = sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    decoded = await toGrey(
      image.autoOrient().greyscale().resize(MAX_DECODED_SIDE, MAX_DECODED_SIDE, {
        fit: 'inside',
        withoutEnlargement: true,
      }),
    );
  } catch (error) {
    throw new AppError('IMAGE_UNREADABLE', { cause: error });
  }
  // No document photo is a sliver: refuse shapes that would only break the crops below.
  const { width, height } = decoded;
  if (
    Math.min(width, height) < MIN_SIDE ||
    Math.max(width, height) / Math.min(width, height) > MAX_ASPECT
  ) {
    throw new AppError('IMAGE_UNREADABLE');
  }
  return decoded;
}

/** The whole image turned by a multiple of 90° (clockwise). */
export async function rotateGrey(
  img: GreyImage,
  degrees: 90 | 180 | 270 | number,
): Promise<GreyImage> {
  return toGrey(rawInput(img).rotate(degrees));
}

/** A part of the upright image, in fractions of its width and height. */
export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export const WHOLE: Region = { x0: 0, y0: 0, x1: 1, y1: 1 };
export const bottomBand = (share: number): Region => ({ x0: 0, y0: 1 - share, x1: 1, y1: 1 });

export interface Rendering {
  region: Region;
  /** Output width in pixels, before rotation. */
  width: number;
  /** Degrees clockwise, applied to the crop (180 turns it upside down; small angles deskew). */
  rotate?: number;
  sharpen?: boolean;
  threshold?: boolean;
}

/** A PNG of one region of the image, scaled, rotated and filtered, as tesseract reads it. */
export async function renderRegion(
  img: GreyImage,
  r: Rendering,
): Promise<{ png: Buffer; width: number; height: number }> {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const left = Math.floor(clamp(r.region.x0) * img.width);
  const top = Math.floor(clamp(r.region.y0) * img.height);
  const width = Math.max(
    1,
    Math.min(img.width - left, Math.ceil(clamp(r.region.x1) * img.width) - left),
  );
  const height = Math.max(
    1,
    Math.min(img.height - top, Math.ceil(clamp(r.region.y1) * img.height) - top),
  );
  const outWidth = Math.max(16, Math.round(r.width));
  let crop = await toGrey(
    rawInput(img).extract({ left, top, width, height }).resize({ width: outWidth }),
  );
  if (r.rotate) crop = await toGrey(rawInput(crop).rotate(r.rotate, { background: '#ffffff' }));
  let pipeline = rawInput(crop);
  if (r.sharpen) pipeline = pipeline.sharpen({ sigma: 2 });
  if (r.threshold) pipeline = pipeline.threshold(128);
  const png = await pipeline.toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
  return { png, width: crop.width, height: crop.height };
}
