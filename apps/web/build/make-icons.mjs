// Makes the installed app's PNG icons (public/icons/) from the logo, public/favicon.svg, with
// sharp (a dependency of the server). Run by hand after the logo changes, and commit the PNGs:
//   node apps/web/build/make-icons.mjs
import fs from 'node:fs/promises';
import sharp from 'sharp';

const publicDir = new URL('../public/', import.meta.url);
const logo = await fs.readFile(new URL('favicon.svg', publicDir));
await fs.mkdir(new URL('icons/', publicDir), { recursive: true });

const render = (size) =>
  sharp(logo, { density: (72 * size) / 32 })
    .resize(size, size)
    .png();
for (const size of [192, 512]) {
  await render(size).toFile(new URL(`icons/icon-${size}.png`, publicDir).pathname);
}
await render(180).toFile(new URL('icons/apple-touch-icon.png', publicDir).pathname);
// Maskable: the logo inside the safe zone (80 %), on the logo's own colour to the edges.
const inner = await render(410).toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#0f5b78' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(new URL('icons/icon-maskable-512.png', publicDir).pathname);
