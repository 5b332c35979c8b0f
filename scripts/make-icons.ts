/**
 * The app icons (manifest, home screen) from our own logo: `npx node scripts/make-icons.ts`.
 * Run again when src/web/public/logo.svg changes; the PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const pub = join(import.meta.dirname, '..', 'src', 'web', 'public');
const logo = readFileSync(join(pub, 'logo.svg'));
const BACKGROUND = '#f4efe3';

/** The logo centred on the app's paper colour; `safe` is the share of the side it may use. */
async function icon(size: number, safe: number, name: string) {
  const inner = Math.round(size * safe);
  const art = await sharp(logo, { density: 600 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: art, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(join(pub, 'icons', name));
}

await icon(192, 0.86, 'icon-192.png');
await icon(512, 0.86, 'icon-512.png');
// Maskable icons are cut to a circle or squircle: the logo stays inside the inner 80 %.
await icon(512, 0.66, 'maskable-512.png');
await icon(180, 0.86, 'apple-touch-icon.png');
