/**
 * Test and benchmark fixtures: a realistic signature PNG as a signature pad in a browser makes it
 * (RGBA, transparent background, dark anti-aliased strokes, 2× device pixels), built with
 * node:zlib only, so the tests need no image library.
 */
import zlib from 'node:zlib';

/** Encodes RGBA pixels as a PNG (8-bit, colour type 6, filter "up" on every row). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = 2; // filter: up
    for (let i = 0; i < stride; i++) {
      const above = y > 0 ? rgba[(y - 1) * stride + i]! : 0;
      raw[row + 1 + i] = (rgba[y * stride + i]! - above) & 0xff;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A handwritten-looking signature: a few looping strokes of a 5-px pen in dark blue on a
 * transparent 1200×400 canvas (a 600×200 pad at devicePixelRatio 2).
 */
export function signaturePng(width = 1200, height = 400): Buffer {
  const rgba = new Uint8Array(width * height * 4);
  const pen = 2.6 * (width / 1200);
  const dot = (cx: number, cy: number) => {
    const r = Math.ceil(pen + 1);
    for (
      let y = Math.max(0, Math.floor(cy - r));
      y <= Math.min(height - 1, Math.ceil(cy + r));
      y++
    ) {
      for (
        let x = Math.max(0, Math.floor(cx - r));
        x <= Math.min(width - 1, Math.ceil(cx + r));
        x++
      ) {
        const coverage = Math.max(0, Math.min(1, pen + 0.5 - Math.hypot(x - cx, y - cy)));
        if (coverage <= 0) continue;
        const i = (y * width + x) * 4;
        const alpha = Math.max(rgba[i + 3]!, Math.round(coverage * 255));
        rgba.set([20, 30, 110, alpha], i);
      }
    }
  };
  const strokes: Array<(t: number) => [number, number]> = [
    // a capital loop, a run of cursive waves, a final underline flourish
    (t) => [0.12 + 0.08 * Math.sin(t * Math.PI * 2), 0.55 - 0.3 * Math.sin(t * Math.PI)],
    (t) => [
      0.2 + 0.55 * t,
      0.55 - 0.12 * Math.sin(t * Math.PI * 11) - 0.08 * Math.sin(t * Math.PI * 3),
    ],
    (t) => [0.1 + 0.8 * t, 0.78 + 0.05 * Math.sin(t * Math.PI * 1.5)],
  ];
  for (const stroke of strokes) {
    for (let s = 0; s <= 1200; s++) {
      const [u, v] = stroke(s / 1200);
      dot(u * width, v * height);
    }
  }
  return encodePng(width, height, rgba);
}
