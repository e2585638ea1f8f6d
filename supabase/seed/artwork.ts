import sharp from 'sharp';
import { renditionWidths, SHARE_IMAGE_SIZE } from '../../src/lib/renditions.ts';
import { MOTIFS, type Palette, type Rand } from './motifs.ts';

/**
 * Illustrations for the seeded articles, drawn locally: there is no network to fetch photos, and
 * made-up pictures of real places or people would mislead. Abstract SVG compositions, one palette
 * and one motif per category, rendered to WebP by sharp. No <text>: fonts may be missing.
 */

export const ARTWORK_WIDTH = 1200;
export const ARTWORK_HEIGHT = 675;

// Background gradient, then accents from strongest to lightest. Distinct per category, so a
// reader can tell sections apart at a glance.
const PALETTES: Record<string, Palette> = {
  actualite: { sky: ['#0b2545', '#13807a'], accents: ['#f4a259', '#e76f51', '#264653', '#f6e7cb'] },
  politique: { sky: ['#3d0c11', '#2b2d6e'], accents: ['#d4a017', '#b23a48', '#f2e9dc', '#6a4c93'] },
  economie: { sky: ['#0f3d2e', '#1b7f5b'], accents: ['#f2c14e', '#a7c957', '#f7f3e3', '#0b6e4f'] },
  culture: { sky: ['#4a1259', '#d1495b'], accents: ['#ffb627', '#2ec4b6', '#ff7b00', '#fdf0d5'] },
  sport: { sky: ['#9d0208', '#f48c06'], accents: ['#ffffff', '#03045e', '#ffba08', '#370617'] },
  reussite: { sky: ['#f9a03f', '#c8553d'], accents: ['#fff1c1', '#1d7874', '#6b2737', '#ffd23f'] },
  'tribune-libre': { sky: ['#1f2933', '#3e4c59'], accents: ['#ef8354', '#f4d6cc', '#4f9d69', '#bfc0c0'] },
};
const DEFAULT_PALETTE: Palette = { sky: ['#1d3557', '#457b9d'], accents: ['#e63946', '#f1faee', '#a8dadc', '#ffb703'] };

/** Deterministic randomness from a text (FNV-1a hash seeding mulberry32): same seed, same picture. */
export function seededRandom(text: string): Rand {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A woven band along the bottom edge, in the spirit of kente strips: blocks with zigzags.
function textileBand(r: Rand, p: Palette, W: number, H: number): string {
  const h = 34;
  const y = H - h;
  const step = 48;
  let out = '';
  for (let x = 0, i = Math.floor(r() * 4); x < W; x += step, i++) {
    const c = p.accents[i % p.accents.length];
    const z = p.accents[(i + 2) % p.accents.length];
    out += `<rect x="${x}" y="${y}" width="${step}" height="${h}" fill="${c}"/>`;
    out += `<path d="M${x},${y + h / 2} l${step / 4},-10 l${step / 4},10 l${step / 4},-10 l${step / 4},10" stroke="${z}" stroke-width="4" fill="none"/>`;
  }
  return `<g opacity="0.9">${out}</g><rect x="0" y="${y - 6}" width="${W}" height="6" fill="${p.accents[1]}" opacity="0.8"/>`;
}

/** The SVG document for one image. `seed` varies the composition (slug plus image number). */
export function artworkSvg(categorySlug: string | null, seed: string): string {
  const W = ARTWORK_WIDTH;
  const H = ARTWORK_HEIGHT;
  const r = seededRandom(seed);
  const p = (categorySlug && PALETTES[categorySlug]) || DEFAULT_PALETTE;
  const motif = (categorySlug && MOTIFS[categorySlug]) || MOTIFS.actualite;
  const angle = r() * Math.PI;
  const [x1, y1] = [50 + 50 * Math.cos(angle), 50 + 50 * Math.sin(angle)];
  const [gx, gy] = [Math.round(W * (0.2 + 0.6 * r())), Math.round(H * (0.15 + 0.4 * r()))];
  // Two pictures of one section share its motif and palette but must not look alike on a list:
  // each turns the colours by its own angle, and draws the motif at its own size and side.
  const hue = Math.round(-40 + 80 * r());
  const scale = (0.7 + 0.55 * r()).toFixed(2);
  const flip = r() < 0.5 ? -1 : 1;
  const motifAt = `translate(${W / 2} ${H}) scale(${flip * Number(scale)} ${scale}) translate(${-W / 2} ${-H})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
<filter id="turn" x="0" y="0" width="100%" height="100%"><feColorMatrix type="hueRotate" values="${hue}"/></filter>
<linearGradient id="sky" x1="${x1}%" y1="${y1}%" x2="${100 - x1}%" y2="${100 - y1}%">
<stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>
<radialGradient id="glow" cx="${gx}" cy="${gy}" r="${W * 0.45}" gradientUnits="userSpaceOnUse">
<stop offset="0" stop-color="${p.accents[3]}" stop-opacity="0.35"/><stop offset="1" stop-color="${p.accents[3]}" stop-opacity="0"/></radialGradient>
</defs>
<g filter="url(#turn)">
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<rect width="${W}" height="${H}" fill="url(#glow)"/>
<g transform="${motifAt}">${motif(r, p, W, H)}</g>
</g>
${textileBand(r, p, W, H)}
</svg>`;
}

const WEBP = { quality: 80, effort: 2 } as const;

/** A drawn picture: the master, its renditions and its share picture, encoded. */
export interface Artwork {
  master: Buffer;
  renditions: { width: number; body: Buffer }[];
  share: Buffer;
}

/**
 * One article image as WebP (typically 10–50 KB) with the renditions the naming rule of
 * src/lib/renditions.ts expects, smallest first, and its share picture (1200×630 JPEG, the centre,
 * as the editor makes it). The SVG is rasterised once; every size is then
 * scaled from those pixels. Opaque, and a low encoder effort: the seed must stay fast and flat
 * shapes compress well anyway. Made by sharp from an SVG, so there is no metadata to strip.
 */
export async function renderArtwork(categorySlug: string | null, seed: string): Promise<Artwork> {
  const { data, info } = await sharp(Buffer.from(artworkSvg(categorySlug, seed)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const master = await pixels().webp(WEBP).toBuffer();
  const renditions = await Promise.all(
    renditionWidths(ARTWORK_WIDTH).map(async (width) => ({ width, body: await pixels().resize(width).webp(WEBP).toBuffer() })),
  );
  const share = await pixels()
    .resize(SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height, { fit: 'cover', position: 'centre' })
    .jpeg({ quality: 82 })
    .toBuffer();
  return { master, renditions, share };
}
