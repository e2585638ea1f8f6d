import { toWallClock } from '@/lib/newsroomTime';
import { escapeHtml } from '@/lib/html';
import { articlePath } from '@/lib/readerPaths';
import { LINK_TAGS, tagLink } from '@/lib/channels';
import { imageAtWidth } from '@/lib/renditions';
import { mirrorHost } from '@/public/api/emergency';
import { articleDescription, SITE_NAME } from '@/public/meta';
import { NEWSLETTER_NAME } from '@/lib/newsletterPromise';

/** « La Matinale »: the newsletter's name, in its subject and its header (worded in newsletterPromise.ts). */
export const EDITION_NAME = NEWSLETTER_NAME;
/** Where each recipient's own unsubscribe link goes in a stored edition (the sender fills it in). */
export const UNSUBSCRIBE_URL = '%%UNSUBSCRIBE_URL%%';
/** Gmail clips a message past ~102 KB; the issue asks ≤ 30 KB for the HTML, which phones load fast. */
export const MAX_HTML_BYTES = 30 * 1024;
/** An edition's articles at most: « les 10 informations clés ». */
export const MAX_ARTICLES = 12;
const LEAD_IMAGE_WIDTH = 640;

/** An article as an edition lists it. */
export interface EditionArticle {
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  key_points: string[];
  published_at: string;
  image_url: string | null;
}

export interface EditionOptions {
  /** The site's public origin (SITE_URL): every link is absolute. */
  origin: string;
  /** When the edition is made (its date in the subject, in the newsroom's time zone). */
  date: Date;
  timeZone: string;
  /** The sender's postal address line (newsletter_settings.postal_address); none: no line. */
  postalAddress: string;
  /** Include the lead's 640 px image (a remote image, so off by default). */
  leadImage?: boolean;
  /** The static mirror set in « Mode urgence » (docs/deployment.md#mirror), announced in the footer; none: no line. */
  mirrorUrl?: string;
}

/** « Si le site ne répond plus : miroir.example.org » */
const mirrorLine = (url: string) => `Si le site ne répond plus : ${mirrorHost(url)}`;

export interface Edition {
  subject: string;
  html: string;
  text: string;
  /** The articles it carries, in order (the lead first); fewer than given when the size limit was reached. */
  slugs: string[];
}

/** The link to an article, tagged as coming from « La Matinale » (`s=nl`; no per-recipient tracking). */
export const editionLink = (origin: string, slug: string): string => tagLink(new URL(articlePath(slug), origin).href, LINK_TAGS.matinale);

/** The edition's day in the newsroom's zone: `YYYY-MM-DD` and « jeudi 26 novembre 2026 ». */
export function editionDay(date: Date, timeZone: string): { iso: string; long: string } {
  const iso = toWallClock(date, timeZone).slice(0, 10);
  const long = new Intl.DateTimeFormat('fr-FR', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  return { iso, long };
}

/** A text cut to `max` characters at most, an ellipsis saying it was cut. */
export const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** What an article says under its title: its « Points clés », or its excerpt (or opening words). */
export const gist = (a: Pick<EditionArticle, 'key_points' | 'excerpt' | 'content'>): string[] =>
  a.key_points.length ? a.key_points.map((p) => clip(p.trim(), 200)) : [clip(articleDescription(a), 300)];

const FONT = "font-family:Georgia,'Times New Roman',serif";
export const SANS = 'font-family:Arial,Helvetica,sans-serif';

/**
 * Where a subscriber's « Ma Matinale » country block goes (above the selection), and what frames each
 * article in both parts: the stored edition is rendered once, and countryTop.ts adds a country's block
 * and takes out its article's row for that country's subscribers. Every mail strips them.
 */
export const TOP_MARKER = '<!--matinale:top-->';
export const markArticle = (slug: string, body: string) => `<!--a:${slug}-->${body}<!--/a-->`;
/** An article framed by markArticle (its slug, its part), and every marker: how the country blocks find and drop them. */
export const MARKED_ARTICLE = /<!--a:([a-z0-9-]+)-->([\s\S]*?)<!--\/a-->/g;
export const MARKERS = /<!--(?:matinale:top|a:[a-z0-9-]+|\/a)-->/g;

export function articleHtml(a: EditionArticle, link: string, lead: boolean, image: string | null): string {
  const points = gist(a);
  const body =
    a.key_points.length > 0
      ? `<ul style="margin:6px 0 0;padding-left:20px;${SANS};font-size:15px;line-height:1.5;color:#333333">${points
          .map((p) => `<li style="margin:0 0 4px">${escapeHtml(p)}</li>`)
          .join('')}</ul>`
      : `<p style="margin:6px 0 0;${SANS};font-size:15px;line-height:1.5;color:#333333">${escapeHtml(points[0] ?? '')}</p>`;
  const img = image
    ? `<a href="${escapeHtml(link)}"><img src="${escapeHtml(image)}" width="${LEAD_IMAGE_WIDTH}" alt="" style="display:block;width:100%;max-width:${LEAD_IMAGE_WIDTH}px;height:auto;border:0;margin:0 0 10px"></a>`
    : '';
  return `<tr><td style="padding:16px 24px;border-top:1px solid #e5e5e5">${img}<a href="${escapeHtml(link)}" style="${FONT};font-size:${
    lead ? 24 : 19
  }px;line-height:1.3;color:#111111;text-decoration:none;font-weight:bold">${escapeHtml(a.title)}</a>${body}<p style="margin:8px 0 0;${SANS};font-size:14px"><a href="${escapeHtml(
    link,
  )}" style="color:#b3261e">Lire l'article</a></p></td></tr>`;
}

export function articleText(a: EditionArticle, link: string): string {
  const points = gist(a);
  const body = a.key_points.length ? points.map((p) => `- ${p}`).join('\n') : points[0];
  return `${a.title}\n${body}\n${link}`;
}

function page(subject: string, dayLong: string, rows: string, options: EditionOptions): string {
  const address = options.postalAddress.trim();
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(
    subject,
  )}</title></head><body style="margin:0;padding:0;background:#f4f4f4"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f4"><tr><td align="center" style="padding:12px 8px"><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff"><tr><td style="padding:20px 24px 8px"><p style="margin:0;${SANS};font-size:13px;color:#b3261e;text-transform:uppercase;letter-spacing:1px">${escapeHtml(
    SITE_NAME,
  )}</p><h1 style="margin:4px 0 0;${FONT};font-size:28px;color:#111111">${EDITION_NAME}</h1><p style="margin:4px 0 0;${SANS};font-size:14px;color:#555555">${escapeHtml(
    dayLong,
  )}</p></td></tr>${TOP_MARKER}${rows}<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e5e5;${SANS};font-size:12px;line-height:1.5;color:#666666">Vous recevez cet e-mail parce que vous vous êtes inscrit à ${EDITION_NAME} sur ${escapeHtml(
    options.origin,
  )}. <a href="${UNSUBSCRIBE_URL}" style="color:#666666">Se désinscrire en un clic</a>.${
    address ? `<br>${escapeHtml(SITE_NAME)}, ${escapeHtml(address)}` : ''
  }${
    options.mirrorUrl
      ? `<br><a href="${escapeHtml(options.mirrorUrl)}" style="color:#666666">${escapeHtml(mirrorLine(options.mirrorUrl))}</a>`
      : ''
  }</td></tr></table></td></tr></table></body></html>`;
}

/**
 * « La Matinale » from the articles given (the lead first, then the others in the order given):
 * each title, its « Points clés » or excerpt, and a link carrying La Matinale's tag (s=nl); a text
 * part with the same; the sender's postal address; no remote image unless asked. Articles past
 * MAX_ARTICLES, or past the 30 KB the HTML may weigh, are left out. Null with no article.
 */
export function buildEdition(articles: EditionArticle[], options: EditionOptions): Edition | null {
  if (!articles.length) return null;
  const day = editionDay(options.date, options.timeZone);
  const subject = `${EDITION_NAME} du ${day.long.replace(/^\p{L}+ /u, '')} : ${clip(articles[0]!.title, 120)}`;
  const rows: string[] = [];
  const texts: string[] = [];
  const slugs: string[] = [];
  const fits = (candidate: string[]) => Buffer.byteLength(page(subject, day.long, candidate.join(''), options)) <= MAX_HTML_BYTES;
  for (const [i, a] of articles.slice(0, MAX_ARTICLES).entries()) {
    const link = editionLink(options.origin, a.slug);
    const image =
      i === 0 && options.leadImage && a.image_url ? new URL(imageAtWidth(a.image_url, LEAD_IMAGE_WIDTH), options.origin).href : null;
    const row = articleHtml(a, link, i === 0, image);
    const marked = markArticle(a.slug, row);
    if (!fits([...rows, marked])) break;
    rows.push(marked);
    texts.push(markArticle(a.slug, articleText(a, link)));
    slugs.push(a.slug);
  }
  if (!rows.length) return null;
  const address = options.postalAddress.trim();
  const text = [
    `${SITE_NAME} — ${EDITION_NAME}`,
    day.long,
    '',
    TOP_MARKER + texts.join('\n\n'),
    '',
    '--',
    `Vous recevez cet e-mail parce que vous vous êtes inscrit à ${EDITION_NAME} sur ${options.origin}.`,
    `Se désinscrire en un clic : ${UNSUBSCRIBE_URL}`,
    ...(address ? [`${SITE_NAME}, ${address}`] : []),
    ...(options.mirrorUrl ? [`${mirrorLine(options.mirrorUrl)} (${options.mirrorUrl})`] : []),
  ].join('\n');
  return { subject, html: page(subject, day.long, rows.join(''), options), text, slugs };
}

/** An edition for one recipient: their own unsubscribe link in place of the placeholder. */
export const personalize = (body: string, unsubscribeUrl: string, html: boolean) =>
  body.split(UNSUBSCRIBE_URL).join(html ? escapeHtml(unsubscribeUrl) : unsubscribeUrl);
