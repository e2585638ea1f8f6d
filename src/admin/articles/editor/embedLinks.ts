import { POST_ID, VIDEO_ID } from '@/lib/embedFrames';
import { parseEmbedUrl } from '@/lib/embeds';

/**
 * The links that stand for a YouTube video or an X post in an article: a paragraph holding only
 * such a link (as text, or as a link whose text is the address) is what the reader turns into an
 * embed, loaded only when tapped (src/lib/embeds.ts). Here, the way back from the embed code that
 * YouTube and X hand out (which the sanitizer removes) to the link to paste instead.
 */

const YOUTUBE_EMBED_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const X_WIDGET = /^https:\/\/platform\.twitter\.com\/embed\/Tweet\.html$/;
const X_WIDGET_SCRIPT = /^https?:\/\/platform\.(twitter|x)\.com\/widgets\.js/i;

const urlOf = (raw: string): URL | null => {
  try {
    return new URL(raw.trim());
  } catch {
    return null;
  }
};

/** The watch link of a YouTube player iframe's address, else null. */
export function youtubeLinkOfEmbed(src: string): string | null {
  const url = urlOf(src);
  const id = url && YOUTUBE_EMBED_HOSTS.has(url.hostname) ? /^\/embed\/([^/]+)\/?$/.exec(url.pathname)?.[1] : undefined;
  return id && VIDEO_ID.test(id) ? `https://www.youtube.com/watch?v=${id}` : null;
}

/** A post's own link (no tracking query), from a post link or an X widget's address; else null. */
export function xPostLink(href: string): string | null {
  const url = urlOf(href);
  if (!url) return null;
  if (X_WIDGET.test(`${url.origin}${url.pathname}`)) {
    const id = url.searchParams.get('id') ?? '';
    return POST_ID.test(id) ? `https://x.com/i/status/${id}` : null;
  }
  const embed = parseEmbedUrl(href);
  return embed?.kind === 'x' ? `https://${url.hostname.replace(/^(www|mobile)\./, '')}${url.pathname.replace(/\/$/, '')}` : null;
}

export interface EmbedCode {
  /** The links to paste alone on their own line instead, in the order found. */
  links: string[];
  /** YouTube or X embed code was found, even when its link could not be made out (X's script alone). */
  found: boolean;
}

/** YouTube and X embed code in pasted or typed HTML (already parsed, never attached to the page). */
export function findEmbedCode(root: ParentNode): EmbedCode {
  const links: string[] = [];
  let found = false;
  for (const frame of root.querySelectorAll('iframe[src]')) {
    const src = frame.getAttribute('src') ?? '';
    const link = youtubeLinkOfEmbed(src) ?? xPostLink(src);
    if (link) links.push(link);
  }
  // X's code: a blockquote.twitter-tweet ending with the post's link, then the widgets script.
  for (const quote of root.querySelectorAll('blockquote.twitter-tweet')) {
    found = true;
    const link = [...quote.querySelectorAll('a[href]')].map((a) => xPostLink(a.getAttribute('href') ?? '')).find(Boolean);
    if (link) links.push(link);
  }
  for (const script of root.querySelectorAll('script[src]')) if (X_WIDGET_SCRIPT.test(script.getAttribute('src') ?? '')) found = true;
  const unique = [...new Set(links)];
  return { links: unique, found: found || unique.length > 0 };
}
