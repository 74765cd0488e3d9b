/**
 * Document photos are reduced in the browser before they are sent: a phone photo of 12 MP
 * (3–5 MB) would take minutes on a slow link. One decode, then a JPEG at the size needed.
 */

/** Document photos are kept (sent with a registration) at most this many pixels on their longer side. */
export const MAX_IMAGE_SIDE = 1600;
/**
 * What the document reader (OCR) gets, on the longer side. Measured with the server's reader on
 * its MRZ fixtures placed in a 4032×3024 photo: a passport page filling 35 % or 45 % of the
 * width, or an ID card filling 35 %, reads at 2400 px as from the original, while at 2000 px a
 * passport at 45 % was already missed. The server itself decodes at most 3200 px wide.
 */
export const SCAN_IMAGE_SIDE = 2400;
const JPEG_QUALITY = 0.85;

export class ImageReadError extends Error {
  override readonly name = 'ImageReadError';
  constructor(readonly reason: 'heic' | 'unreadable') {
    super(reason);
  }
}

/** A decoded picture; `close()` frees it. */
interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

async function decode(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return {
      source: bitmap,
      width: bitmap.width,
      height: bitmap.height,
      close: () => bitmap.close(),
    };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      close: () => {},
    };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Decodes a photo; an ImageReadError ('heic' for a HEIC/HEIF file) when the browser cannot. */
async function decodeImage(file: Blob): Promise<DecodedImage> {
  try {
    return await decode(file);
  } catch {
    const heic = /hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test((file as File).name ?? '');
    throw new ImageReadError(heic ? 'heic' : 'unreadable');
  }
}

/** The picture drawn at most `maxSide` pixels on its longer side (never enlarged), on white. */
function drawScaled(image: DecodedImage, maxSide: number): HTMLCanvasElement {
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageReadError('unreadable');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  // Text (the MRZ) survives a large reduction only with a smoothing filter better than bilinear.
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image.source, 0, 0, width, height);
  return canvas;
}

/** A decoded picture as a JPEG data URL of at most `maxSide` pixels on its longer side. */
function toJpegDataUrl(image: DecodedImage, maxSide = MAX_IMAGE_SIDE): string {
  return drawScaled(image, maxSide).toDataURL('image/jpeg', JPEG_QUALITY);
}

/** A decoded picture as a JPEG file of at most `maxSide` pixels on its longer side. */
function toJpegBlob(image: DecodedImage, maxSide: number): Promise<Blob> {
  const canvas = drawScaled(image, maxSide);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new ImageReadError('unreadable'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

/**
 * A photo of a document as a JPEG data URL, downscaled in the browser to at most 1600 px on its
 * longer side (a phone photo of 12 MP becomes a few hundred kB), on a white background.
 */
export async function downscaleToJpeg(file: Blob, maxSide = MAX_IMAGE_SIDE): Promise<string> {
  const image = await decodeImage(file);
  try {
    return toJpegDataUrl(image, maxSide);
  } finally {
    image.close();
  }
}

/**
 * A photo for a document scan, decoded once: `scan`, the JPEG the document reader gets (at most
 * SCAN_IMAGE_SIDE), and `front`, the data URL kept as the document's front image (at most
 * MAX_IMAGE_SIDE, as a photo chosen in the form's own photo field).
 */
export async function scanImages(file: Blob): Promise<{ scan: Blob; front: string }> {
  const image = await decodeImage(file);
  try {
    const scan = await toJpegBlob(image, SCAN_IMAGE_SIDE);
    return { scan, front: toJpegDataUrl(image, MAX_IMAGE_SIDE) };
  } finally {
    image.close();
  }
}
