/** Document photos are sent at most this many pixels on their longer side. */
export const MAX_IMAGE_SIDE = 1600;
const JPEG_QUALITY = 0.85;

export class ImageReadError extends Error {
  override readonly name = 'ImageReadError';
  constructor(readonly reason: 'heic' | 'unreadable') {
    super(reason);
  }
}

async function decode(
  file: Blob,
): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
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

/**
 * A photo of a document as a JPEG data URL, downscaled in the browser to at most 1600 px on its
 * longer side (a phone photo of 12 MP becomes a few hundred kB), on a white background.
 */
export async function downscaleToJpeg(file: Blob, maxSide = MAX_IMAGE_SIDE): Promise<string> {
  let decoded;
  try {
    decoded = await decode(file);
  } catch {
    const heic = /hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test((file as File).name ?? '');
    throw new ImageReadError(heic ? 'heic' : 'unreadable');
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(decoded.width, decoded.height));
    const width = Math.max(1, Math.round(decoded.width * scale));
    const height = Math.max(1, Math.round(decoded.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new ImageReadError('unreadable');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(decoded.source, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
  } finally {
    decoded.close();
  }
}
