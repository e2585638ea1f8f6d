import { escapeHtml } from '@/lib/html';
import {
  articleHtml,
  articleText,
  editionLink,
  MARKED_ARTICLE,
  MARKERS,
  MAX_HTML_BYTES,
  SANS,
  TOP_MARKER,
  type Edition,
  type EditionArticle,
} from './edition';

/** An edition as its mails carry it. */
export type EditionBody = Pick<Edition, 'subject' | 'html' | 'text'>;

/** A subscriber's « Ma Matinale » country and its newest article of the edition's window. */
export interface CountryTop {
  /** The country's French name, as its tag spells it (« Sénégal »). */
  name: string;
  article: EditionArticle;
}

/** Countries whose names are said with « à » (islands, a city-state), or « au » though they end in e. */
const WITH_A = new Set(['Madagascar', 'Maurice', 'Djibouti', 'Sao Tomé-et-Principe']);
const MASCULINE_IN_E = new Set(['Mozambique', 'Zimbabwe', 'Cambodge', 'Mexique']);

/**
 * « au Sénégal », « en Côte d'Ivoire », « aux Comores », « à Madagascar »: French says « aux » for a
 * plural name, « en » for a feminine one (most end in e) or one opening with a vowel, « au » otherwise.
 */
export function inCountry(name: string): string {
  if (WITH_A.has(name)) return `à ${name}`;
  if (/^\p{L}+(-\p{L}+)*s\b/u.test(name) && !/^\p{L}+ du\b/u.test(name)) return `aux ${name}`;
  if (/^(RD |République)/.test(name) || /^[aeiouyéèêëâàîïôöûüh]/iu.test(name)) return `en ${name}`;
  if (name.endsWith('e') && !MASCULINE_IN_E.has(name)) return `en ${name}`;
  return `au ${name}`;
}

/** « À la une au Sénégal » */
export const countryHeading = (name: string) => `À la une ${inCountry(name)}`;

/** A part without the markers the stored edition carries for the country blocks. */
const stripped = (body: string) => body.replace(MARKERS, '');

/** A part without the article framed for `slug` (the last one when `slug` is null); null when none is left to take out. */
function without(body: string, slug: string | null): string | null {
  const matches = [...body.matchAll(MARKED_ARTICLE)];
  const gone = slug === null ? matches.at(-1) : matches.find((m) => m[1] === slug);
  if (!gone) return null;
  return body.slice(0, gone.index) + body.slice(gone.index + gone[0].length);
}

/**
 * The edition one subscriber gets: as stored, or with their country's article on top under « À la
 * une au Sénégal » (its row in the selection taken out, not repeated), articles at the end of the
 * selection left out if the block would take the HTML past MAX_HTML_BYTES. Rendered once per country,
 * not per subscriber (the sender keeps it for the country's other subscribers). An edition stored
 * before the country blocks (no marker) goes as stored.
 */
export function withCountryTop(edition: EditionBody, top: CountryTop | null, origin: string): EditionBody {
  if (!top || !edition.html.includes(TOP_MARKER))
    return { subject: edition.subject, html: stripped(edition.html), text: stripped(edition.text) };
  const link = editionLink(origin, top.article.slug);
  const heading = countryHeading(top.name);
  const block = `<tr><td style="padding:16px 24px 0;border-top:3px solid #b3261e"><p style="margin:0;${SANS};font-size:13px;font-weight:bold;color:#b3261e;text-transform:uppercase;letter-spacing:1px">${escapeHtml(
    heading,
  )}</p></td></tr>${articleHtml(top.article, link, true, null)}`;
  let html = without(edition.html, top.article.slug) ?? edition.html;
  let text = without(edition.text, top.article.slug) ?? edition.text;
  html = html.replace(TOP_MARKER, () => block);
  text = text.replace(TOP_MARKER, () => `${heading}\n${articleText(top.article, link)}\n\n`);
  while (Buffer.byteLength(stripped(html)) > MAX_HTML_BYTES) {
    const shorter = without(html, null);
    if (shorter === null) break;
    html = shorter;
    text = without(text, null) ?? text;
  }
  // A row taken out of the text part leaves its blank lines behind.
  return { subject: edition.subject, html: stripped(html), text: stripped(text).replace(/\n{3,}/g, '\n\n') };
}
