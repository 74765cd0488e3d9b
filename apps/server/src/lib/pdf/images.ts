/**
 * Images for the PDF: pdfkit copies a JPEG, or a PNG without transparency, straight into the file,
 * but decodes a PNG with an alpha channel pixel by pixel in JavaScript (~30 ms for a 1200×400
 * signature). A signature is drawn on a white box, so we flatten its transparency onto white
 * ourselves (native zlib + one pass over the pixels) and hand pdfkit an opaque PNG it can copy.
 */
import zlib from 'node:zlib';

export type ImageKind = 'png' | 'jpeg';

export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (
    bytes.length > 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47
  )
    return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  return null;
}

interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
  idat: Buffer[];
  hasTrns: boolean;
}

function readPng(bytes: Buffer): PngInfo | null {
  let offset = 8;
  let info: Omit<PngInfo, 'idat' | 'hasTrns'> | null = null;
  const idat: Buffer[] = [];
  let hasTrns = false;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      info = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bitDepth: data[8]!,
        colorType: data[9]!,
        interlace: data[12]!,
      };
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'tRNS') hasTrns = true;
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  return info ? { ...info, idat, hasTrns } : null;
}

/** The largest PNG flattened here (a 2,000 × 2,000 image: 16 MB decoded at most). */
const FLATTEN_MAX_PIXELS = 4_000_000;

/**
 * The image as pdfkit should get it: a PNG with an alpha channel becomes an opaque PNG (on white);
 * everything else is returned as it is.
 */
export function flattenForPdf(input: Uint8Array): Buffer {
  const bytes = Buffer.isBuffer(input)
    ? input
    : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (imageKind(bytes) !== 'png') return bytes;
  const png = readPng(bytes);
  // Only the common case: 8-bit RGBA or grey+alpha, not interlaced. pdfkit handles the rest itself.
  if (
    !png ||
    png.bitDepth !== 8 ||
    png.interlace !== 0 ||
    (png.colorType !== 6 && png.colorType !== 4)
  )
    return bytes;
  const channels = png.colorType === 6 ? 4 : 2;
  // Decoded on the server's thread: only an image of a bounded size (callers shrink larger ones).
  if (png.width * png.height > FLATTEN_MAX_PIXELS) return bytes;
  let raw: Buffer;
  try {
    raw = zlib.inflateSync(Buffer.concat(png.idat), {
      maxOutputLength: png.height * (1 + png.width * channels),
    });
  } catch {
    return bytes;
  }
  const flat = flatten(raw, png.width, png.height, channels);
  if (!flat) return bytes;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(png.width, 0);
  header.writeUInt32BE(png.height, 4);
  header[8] = 8;
  header[9] = channels === 4 ? 2 : 0; // RGB or grey
  return Buffer.concat([
    bytes.subarray(0, 8),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(flat, { level: 6, strategy: zlib.constants.Z_RLE })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * One pass per row: reverses the PNG row filter (8-bit samples, `bpp` bytes per pixel, alpha
 * last), then composites the row onto white into filter-0 rows without alpha. null if the data
 * is short or has an unknown filter.
 */
function flatten(data: Buffer, width: number, height: number, bpp: number): Buffer | null {
  const stride = width * bpp;
  if (data.length < (stride + 1) * height) return null;
  const colors = bpp - 1;
  const outStride = width * colors + 1;
  const out = Buffer.alloc(outStride * height, 255);
  let cur = new Uint8Array(stride);
  let prev = new Uint8Array(stride); // the row above the first is zeros
  for (let y = 0; y < height; y++) {
    const src = y * (stride + 1) + 1;
    const filter = data[src - 1];
    if (filter === 0) cur.set(data.subarray(src, src + stride));
    else if (filter === 1) {
      for (let i = 0; i < bpp; i++) cur[i] = data[src + i]!;
      for (let i = bpp; i < stride; i++) cur[i] = data[src + i]! + cur[i - bpp]!;
    } else if (filter === 2) {
      for (let i = 0; i < stride; i++) cur[i] = data[src + i]! + prev[i]!;
    } else if (filter === 3) {
      for (let i = 0; i < bpp; i++) cur[i] = data[src + i]! + (prev[i]! >> 1);
      for (let i = bpp; i < stride; i++)
        cur[i] = data[src + i]! + ((cur[i - bpp]! + prev[i]!) >> 1);
    } else if (filter === 4) {
      for (let i = 0; i < bpp; i++) cur[i] = data[src + i]! + prev[i]!;
      for (let i = bpp; i < stride; i++) {
        const a = cur[i - bpp]!;
        const b = prev[i]!;
        const c = prev[i - bpp]!;
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        cur[i] = data[src + i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
    } else return null;

    // Composite onto white; `out` starts all white, so transparent pixels need no work.
    let o = y * outStride + 1;
    out[o - 1] = 0; // filter: none
    for (let i = 0; i < stride; i += bpp, o += colors) {
      const alpha = cur[i + colors]!;
      if (alpha === 0) continue;
      const white = 255 * (255 - alpha) + 127;
      for (let c = 0; c < colors; c++) out[o + c] = (cur[i + c]! * alpha + white) / 255;
    }
    [cur, prev] = [prev, cur];
  }
  return out;
}
