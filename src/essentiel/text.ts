import { escapeHtml } from '@/lib/html';
import { clip, gist, type EditionArticle } from '@/newsletter/edition';
import { editionPagePath, frenchDay } from './day';
import { shortLink, type Channel } from './shortLinks';

import { TEXT_MAX } from './limits';

export { TEXT_MAX };
/** Five stories: what a forward can carry and a reader takes in. */
export const ITEMS_MAX = 5;
const TITLE_MAX = 110;
/** Under this, an item's key point says too little to keep: the title and link alone. */
const GIST_MIN = 25;

/** One story of the edition: its article and what is said under its title. */
export interface EssentialItem {
  id: string;
  title: string;
  gist: string;
}

/** An article as the edition tells it: its title and its first key point (or its excerpt, or its opening words). */
export const essentialItem = (a: Pick<EditionArticle, 'title' | 'key_points' | 'excerpt' | 'content'> & { id: string }): EssentialItem => ({
  id: a.id,
  title: a.title,
  gist: gist(a)[0] ?? '',
});

/** Newsroom text as a WhatsApp line: no formatting marks of its own (they would bold or strike), one line. */
const plain = (text: string) =>
  text
    .replace(/[*_~`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export interface TextOptions {
  origin: string;
  /** The edition's day, YYYY-MM-DD in the newsroom's zone. */
  day: string;
  channel: Channel;
}

/** « L'essentiel du samedi 29 novembre »: the dated first line, in bold. */
export const headline = (day: string) => `*L'essentiel du ${frenchDay(day)}*`;

/** The last line: forward it, and where to check it (the edition's page on the site). */
export const lastLine = (origin: string, day: string, channel: Channel) =>
  `Transférez-le à vos proches. Vérifiez sur ${new URL(origin).origin}${editionPagePath(day)}?s=${channel}`;

function itemText(n: number, item: EssentialItem, link: string, room: number): string {
  const title = clip(plain(item.title), Math.min(TITLE_MAX, Math.max(30, room - GIST_MIN)));
  const gistRoom = room - title.length;
  const said = gistRoom >= GIST_MIN && item.gist ? `\n${clip(plain(item.gist), gistRoom)}` : '';
  return `${n}. *${title}*${said}\n${link}`;
}

/**
 * « L'essentiel du jour » as one WhatsApp message (`*gras*`), also the Telegram caption: the dated
 * first line, up to five numbered stories (title, first key point, short link tagged with the
 * channel), the last line. Never over TEXT_MAX characters, whatever the titles' lengths: each story
 * gets an equal share of the room the fixed parts leave, its title first. Null with no story.
 */
export function essentialText(items: EssentialItem[], options: TextOptions): string | null {
  const stories = items.slice(0, ITEMS_MAX);
  if (!stories.length) return null;
  const head = headline(options.day);
  const tail = lastLine(options.origin, options.day, options.channel);
  for (let count = stories.length; count > 0; count--) {
    const shown = stories.slice(0, count);
    const links = shown.map((item) => shortLink(options.origin, item.id, options.channel));
    // Per story: « n. », the bold marks, two line breaks, its link, and the blank line before it.
    const fixed = head.length + tail.length + 2 + links.reduce((sum, link, i) => sum + `${i + 1}. **\n\n`.length + link.length + 2, 0);
    const room = Math.floor((TEXT_MAX - fixed) / count);
    if (room < 30) continue;
    const text = [head, ...shown.map((item, i) => itemText(i + 1, item, links[i]!, room)), tail].join('\n\n');
    if (text.length <= TEXT_MAX) return text;
  }
  throw new Error(`L'essentiel du jour ne tient pas en ${TEXT_MAX} caractères (adresse du site trop longue ?)`);
}

/** The text as a Telegram caption in parse_mode HTML: `*gras*` as <b>, the rest escaped (a link's letters are never read as formatting). */
export const telegramCaption = (text: string) => escapeHtml(text).replace(/\*([^*\n]+)\*/g, '<b>$1</b>');
