import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoJpeg } from '../../../test/documents-helpers';
import { PNG_BYTES } from '../../../test/traveler-factories';
import { signaturePng } from '../pdf/fixtures';
import { documentPreview, inTurn, PREVIEW_MAX_SIDE, PREVIEWS_AT_ONCE } from './preview';

describe('documentPreview', () => {
  it("leaves nothing in libvips' operation cache once a preview is made (privacy and memory, decision 065)", async () => {
    expect(await documentPreview(await photoJpeg(1200, 800))).not.toBeNull();
    expect(sharp.cache()).toMatchObject({
      memory: { current: 0, max: 0 },
      files: { current: 0, max: 0 },
      items: { current: 0, max: 0 },
    });
  });

  it('makes a WebP of at most 640 px a side, turned as the EXIF says', async () => {
    const upright = await sharp(await photoJpeg(1000, 1600))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const preview = await documentPreview(upright);
    const meta = await sharp(preview!).metadata();
    // Orientation 6: a quarter turn, so the 1000 × 1600 photo is shown 1600 wide.
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', PREVIEW_MAX_SIDE, 400]);
    expect(meta.orientation).toBeUndefined();
  });

  it('answers null for an image already smaller than any copy, and for an unreadable one', async () => {
    expect(await documentPreview(PNG_BYTES)).toBeNull();
    expect(await documentPreview(Buffer.from('not an image at all'))).toBeNull();
  });

  it('keeps a signature transparent', async () => {
    const preview = await documentPreview(signaturePng(1200, 400));
    const meta = await sharp(preview!).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 640, 213, true]);
  });
});

describe('inTurn', () => {
  it(`runs at most ${PREVIEWS_AT_ONCE} at once, and every one in the end, even after a failure`, async () => {
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      inTurn(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
        if (i === 1) throw new Error('failed');
        return i;
      }),
    );
    const settled = Promise.allSettled(tasks);
    for (let round = 0; round < 6; round++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(running).toBeLessThanOrEqual(PREVIEWS_AT_ONCE);
      release.shift()?.();
    }
    const results = await settled;
    expect(most).toBe(PREVIEWS_AT_ONCE);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
