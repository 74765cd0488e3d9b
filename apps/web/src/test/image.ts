import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * jsdom decodes no image and has no 2D canvas: a photo of `width`×`height` is "decoded", and
 * every JPEG the canvas makes holds its own size as text ("1600x1200"), so a test can tell what
 * size was sent or kept. Another format (a signature's PNG) is left to what was there before
 * (stubSignaturePad), and the 2D context answers every drawing call. Returns the
 * createImageBitmap mock.
 */
export function stubImageDecoding(width: number, height: number) {
  const decode = vi.fn((_file: Blob) =>
    Promise.resolve({ width, height, close: () => {} } as unknown as ImageBitmap),
  );
  vi.stubGlobal('createImageBitmap', decode);
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : () => {}),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  // The implementation in place (a spy's own, since spying again reuses that spy).
  const current = HTMLCanvasElement.prototype.toDataURL;
  const toDataUrl = vi.isMockFunction(current)
    ? (current.getMockImplementation() ?? current)
    : current;
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (
    this: HTMLCanvasElement,
    type?: string,
    quality?: unknown,
  ) {
    if (type !== 'image/jpeg') return toDataUrl.call(this, type, quality);
    return `data:${type};base64,${btoa(`${this.width}x${this.height}`)}`;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
  ) {
    callback(new Blob([`${this.width}x${this.height}`], { type }));
  });
  return decode;
}

/** The size a stubbed JPEG data URL holds ("1600x1200"). */
export function sizeOfDataUrl(url: string): string {
  return atob(url.slice(url.indexOf(',') + 1));
}

/** A phone photo of `bytes` bytes (its content does not matter: decoding is stubbed). */
export function phonePhoto(bytes: number, name = 'passport.jpg', type = 'image/jpeg'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** The text of a blob (jsdom's Blob has no `text()`). */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

/**
 * The scanner with the camera refused (navigator.mediaDevices as the test set it), then a photo
 * of a document chosen instead: waits until the page says the document was processed.
 */
export async function scanChosenPhoto(user: UserEvent): Promise<void> {
  await user.click(screen.getByRole('radio', { name: 'Scan document' }));
  await screen.findByText(/permission was denied/);
  stubImageDecoding(4032, 3024);
  fireEvent.change(screen.getByTestId('scan-photo-input'), {
    target: { files: [new File(['jpeg'], 'passport.jpg', { type: 'image/jpeg' })] },
  });
  await screen.findByText(/^Document processed/);
}
