// Makes the installed site's icons (public/icons/*.png) from the favicon's design: `npx tsx scripts/icons.ts`.
// The PNGs are committed; run this again only when the favicon changes.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const favicon = fs.readFileSync(path.join(root, 'public/favicon.svg'), 'utf8');
const out = path.join(root, 'public/icons');
fs.mkdirSync(out, { recursive: true });

// The letter mark on a full square of the accent colour: a maskable icon is cropped to a circle or
// a squircle by the launcher, so the mark keeps to the middle 80 % (its safe zone).
const maskable = favicon
  .replace('rx="14"', 'rx="0"')
  .replace('<path ', '<g transform="translate(6.4 6.4) scale(0.8)"><path ')
  .replace('</svg>', '</g></svg>');

const icons = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'icon-maskable-512.png', svg: maskable, size: 512 },
  { file: 'apple-touch-icon.png', svg: maskable, size: 180 },
];
for (const icon of icons) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, icon.file));
  console.log(`public/icons/${icon.file}`, fs.statSync(path.join(out, icon.file)).size, 'bytes');
}
