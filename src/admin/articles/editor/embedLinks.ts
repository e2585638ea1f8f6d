/**
 * The links that stand for a YouTube video or an X post in an article: a paragraph holding only
 * such a link (as text, or as a link whose text is the address) is what the reader turns into an
 * embed, loaded only when tapped. Here, only the way back from the embed code that YouTube and X
 * hand out (which the sanitizer removes) to the link to paste instead.
 */

const YOUTUBE_EMBED = /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,})/i;
const X_POST = /^https?:\/\/(?:www\.|mobile\.)?(twitter\.com|x\.com)\/(\w{1,15}|i)\/status(?:es)?\/(\d{5,25})/i;
const X_WIDGET_POST = /^https?:\/\/platform\.twitter\.com\/embed\/Tweet\.html\?(?:[^#]*&)?id=(\d{5,25})/i;
const X_WIDGET_SCRIPT = /^https?:\/\/platform\.(twitter|x)\.com\/widgets\.js/i;

/** The watch link of a YouTube player iframe's address, else null. */
export function youtubeLinkOfEmbed(src: string): string | null {
  const id = YOUTUBE_EMBED.exec(src.trim())?.[1];
  return id ? `https://www.youtube.com/watch?v=${id}` : null;
}

/** A post's own link (no tracking query), from a post link or an X widget's address; else null. */
export function xPostLink(href: string): string | null {
  const value = href.trim();
  const post = X_POST.exec(value);
  if (post) return `https://${post[1].toLowerCase()}/${post[2]}/status/${post[3]}`;
  const widget = X_WIDGET_POST.exec(value);
  return widget ? `https://x.com/i/status/${widget[1]}` : null;
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
    const link = youtubeLinkOfEmbed(src) ?? (X_WIDGET_POST.test(src) ? xPostLink(src) : null);
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
