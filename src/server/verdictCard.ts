import sharp from 'sharp';
import { wrap } from '@/essentiel/card';
import { escapeHtml } from '@/lib/html';
import { SITE_NAME } from '@/lib/siteName';
import { SHARE_IMAGE_SIZE } from '@/lib/renditions';
import { VERDICT_STYLES, type Verdict } from '@/lib/factCheck';

/** Where a fact-check's share picture is drawn: beside its page (`/article/{slug}/verdict.jpg`). */
export const verdictCardPath = (articlePath: string) => `${articlePath}/verdict.jpg`;
/** WhatsApp drops heavier previews (docs/product.md#sharing). */
export const VERDICT_CARD_MAX_BYTES = 300_000;

const { width: W, height: H } = SHARE_IMAGE_SIZE;
const INK = '#111111';
// Fonts the server has (fonts-dejavu, docs/deployment.md), as « L'essentiel du jour »'s card.
const SERIF = "'DejaVu Serif', 'Liberation Serif', serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', sans-serif";

export interface VerdictCardFacts {
  verdict: Verdict;
  claim: string;
  summary?: string | null;
  origin: string;
}

/**
 * A fact-check's share picture as SVG, 1200 × 630: the verdict's band (icon and word in its
 * colours), the claim checked in quotes, « En bref », and the site. The verdict travels with the
 * preview wherever the link is posted.
 */
export function verdictCardSvg({ verdict, claim, summary, origin }: VerdictCardFacts): string {
  const style = VERDICT_STYLES[verdict];
  const claimLines = wrap(`« ${claim} »`, 38, 3);
  const summaryLines = summary ? wrap(summary, 62, 2) : [];
  const claimTop = 250;
  const summaryTop = claimTop + claimLines.length * 54 + 30;
  const lines = (items: string[], x: number, top: number, step: number) =>
    items.map((l, i) => `<tspan x="${x}" y="${top + i * step}">${escapeHtml(l)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="100%" height="100%" fill="#ffffff"/>
<rect width="100%" height="170" fill="${style.background}"/>
<text x="70" y="115" font-family="${SANS}" font-weight="bold" font-size="84" fill="${style.color}">${escapeHtml(`${style.icon} ${style.label.toLocaleUpperCase('fr-FR')}`)}</text>
<text x="${W - 70}" y="105" text-anchor="end" font-family="${SANS}" font-weight="bold" font-size="30" fill="${style.color}" letter-spacing="2">VRAI OU FAUX</text>
<text font-family="${SERIF}" font-weight="bold" font-size="44" fill="${INK}">${lines(claimLines, 70, claimTop, 54)}</text>
<text font-family="${SANS}" font-size="30" fill="#333333">${lines(summaryLines, 70, summaryTop, 40)}</text>
<rect y="${H - 80}" width="100%" height="80" fill="#f4f1ea"/>
<text x="70" y="${H - 30}" font-family="${SANS}" font-size="28" fill="${INK}">Vérifié par <tspan font-weight="bold">${escapeHtml(SITE_NAME)}</tspan> · ${escapeHtml(new URL(origin).host)}</text>
</svg>`;
}

/** The picture as a JPEG under VERDICT_CARD_MAX_BYTES (the quality lowered until it fits), drawn by sharp (librsvg). */
export async function renderVerdictCard(facts: VerdictCardFacts): Promise<Buffer> {
  const svg = Buffer.from(verdictCardSvg(facts));
  for (const quality of [82, 70, 60]) {
    const jpeg = await sharp(svg).flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= VERDICT_CARD_MAX_BYTES) return jpeg;
  }
  throw new Error('the verdict picture is over 300 KB');
}
