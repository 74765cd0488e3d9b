/**
 * Decoding images in turns: at most IMAGES_AT_ONCE per process (previews and the re-encoding of
 * uploads together); the others wait their turn. Each decodes a whole image (up to 50 million
 * pixels: a few hundred MB for the largest), so memory stays bounded however many are asked for
 * together.
 */
export const IMAGES_AT_ONCE = 2;

let active = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than IMAGES_AT_ONCE others run. */
export async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (active >= IMAGES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else active++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}
