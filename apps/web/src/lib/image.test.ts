import { describe, expect, it } from 'vitest';
import { blobText, phonePhoto, sizeOfDataUrl, stubImageDecoding } from '@/test/image';
import {
  downscaleToJpeg,
  ImageReadError,
  MAX_IMAGE_SIDE,
  SCAN_IMAGE_SIDE,
  scanImages,
} from './image';

describe('document photos are reduced before they are sent', () => {
  it('a photo chosen in the form becomes a JPEG of at most 1600 px', async () => {
    stubImageDecoding(4032, 3024);
    const url = await downscaleToJpeg(phonePhoto(3_700_000));
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(sizeOfDataUrl(url)).toBe('1600x1200');
    expect(MAX_IMAGE_SIDE).toBe(1600);
  });

  it('a small picture is not enlarged', async () => {
    stubImageDecoding(800, 600);
    expect(sizeOfDataUrl(await downscaleToJpeg(phonePhoto(90_000)))).toBe('800x600');
  });

  it('a scan sends the reader 2400 px and keeps the same 1600 px front image as the form', async () => {
    const decode = stubImageDecoding(3024, 4032);
    const photo = phonePhoto(3_700_000);
    const { scan, front } = await scanImages(photo);
    expect(decode).toHaveBeenCalledTimes(1);
    expect(SCAN_IMAGE_SIDE).toBe(2400);
    expect(scan.type).toBe('image/jpeg');
    expect(await blobText(scan)).toBe('1800x2400');
    expect(front).toBe(await downscaleToJpeg(photo));
    expect(sizeOfDataUrl(front)).toBe('1200x1600');
  });

  it('a camera frame of 1920×1080 goes to the reader at its size and is kept at 1600 px', async () => {
    stubImageDecoding(1920, 1080);
    const { scan, front } = await scanImages(new Blob(['frame'], { type: 'image/jpeg' }));
    expect(await blobText(scan)).toBe('1920x1080');
    expect(sizeOfDataUrl(front)).toBe('1600x900');
  });

  it('says when the browser cannot read a HEIC photo', async () => {
    stubImageDecoding(1, 1).mockRejectedValue(new DOMException('no', 'InvalidStateError'));
    const failure = await scanImages(phonePhoto(2_000_000, 'IMG_0001.HEIC', '')).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ImageReadError);
    expect(failure).toMatchObject({ reason: 'heic' });
  });
});
