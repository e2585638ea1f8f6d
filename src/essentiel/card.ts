import sharp from 'sharp';
import { escapeHtml } from '@/lib/html';
import { SITE_NAME } from '@/public/meta';
import { editionPagePath, frenchDay } from './day';
import { CARD_MAX_BYTES } from './limits';
import type { EssentialItem } from './text';

/** The card's size: a portrait picture that fills a phone's chat, 4:5 as WhatsApp and Telegram show it whole. */
export const CARD_WIDTH = 1080;
export const CARD_HEIGHT = 1350;
export { CARD_MAX_BYTES };

/** The site's identity (the newsletter's and the reader's red). */
const RED = '#b3261e';
const INK = '#111111';
// Fonts the server has (fonts-dejavu on Debian and Ubuntu, docs/deployment.md); fontconfig picks the first present.
const SERIF = "'DejaVu Serif', 'Liberation Serif', serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', sans-serif";

const HEADLINE_SIZE = 40;
/** DejaVu Serif Bold averages about 0.6 em a letter: what fits in a line of the card's text width. */
const LINE_LETTERS = Math.floor((CARD_WIDTH - 200) / (HEADLINE_SIZE * 0.6));
const LINES_MAX = 3;

/** A headline cut in lines of at most `letters`, `max` lines at most (the last ending « … » when cut). */
export function wrap(text: string, letters: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    if (line && line.length + 1 + word.length > letters) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word.slice(0, letters);
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.slice(0, letters - 1).trimEnd()}…`;
  return kept;
}

/** The card as SVG: the site's name, the dated title, the five headlines numbered, where to verify. */
export function cardSvg(items: EssentialItem[], options: { origin: string; day: string }): string {
  const host = new URL(options.origin).host;
  let y = 330;
  const stories = items.slice(0, 5).map((item, i) => {
    const lines = wrap(item.title, LINE_LETTERS, LINES_MAX);
    const top = y;
    y += lines.length * 50 + 44;
    const text = lines.map((l, j) => `<tspan x="150" y="${top + j * 50}">${escapeHtml(l)}</tspan>`).join('');
    return `<text x="80" y="${top}" font-family="${SANS}" font-weight="bold" font-size="44" fill="${RED}">${i + 1}</text><text font-family="${SERIF}" font-weight="bold" font-size="${HEADLINE_SIZE}" fill="${INK}">${text}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
<rect width="100%" height="100%" fill="#ffffff"/>
<rect width="100%" height="120" fill="${RED}"/>
<text x="80" y="80" font-family="${SANS}" font-weight="bold" font-size="46" fill="#ffffff" letter-spacing="2">${escapeHtml(SITE_NAME.toUpperCase())}</text>
<text x="80" y="215" font-family="${SERIF}" font-weight="bold" font-size="60" fill="${INK}">L’essentiel du jour</text>
<text x="80" y="270" font-family="${SANS}" font-size="36" fill="#444444">${escapeHtml(frenchDay(options.day, true))}</text>
${stories.join('\n')}
<rect y="${CARD_HEIGHT - 130}" width="100%" height="130" fill="#f4f1ea"/>
<text x="80" y="${CARD_HEIGHT - 75}" font-family="${SANS}" font-size="31" fill="${INK}">Vérifiez sur <tspan font-weight="bold">${escapeHtml(host + editionPagePath(options.day))}</tspan></text>
</svg>`;
}

/**
 * The card as a JPEG of CARD_WIDTH × CARD_HEIGHT under CARD_MAX_BYTES (the quality lowered until it
 * fits; flat colours and text weigh little). Drawn by sharp (librsvg) with the server's fonts.
 */
export async function renderCard(items: EssentialItem[], options: { origin: string; day: string }): Promise<Buffer> {
  const svg = Buffer.from(cardSvg(items, options));
  for (const quality of [82, 70, 60, 50]) {
    const jpeg = await sharp(svg).flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= CARD_MAX_BYTES) return jpeg;
  }
  throw new Error(`la carte de L'essentiel du ${options.day} dépasse ${CARD_MAX_BYTES} octets`);
}
