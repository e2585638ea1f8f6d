// The embeds an article may carry: a YouTube video or an X (Twitter) post, written as the link to
// it alone on its line (its own paragraph). Readers get a placeholder that loads nothing from
// those sites until tapped; only then an iframe of the site's own embed page (embedFrames.ts).
// Only a strictly checked id ever reaches an iframe's address: never a URL from the article.

import { POST_ID, VIDEO_ID, type EmbedKind } from './embedFrames';

export interface Embed {
  kind: EmbedKind;
  /** YouTube: the 11-character video id; X: the post's numeric id. */
  id: string;
  /** The link as written, for readers who open it on the site itself. */
  url: string;
}

// Account names are 1 to 15 letters, digits or underscores.
const X_POST_PATH = /^\/([A-Za-z0-9_]{1,15})\/status(?:es)?\/([0-9]{1,19})\/?$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const X_HOSTS = new Set(['x.com', 'www.x.com', 'mobile.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com']);

/** Longest link taken for an embed: real ones are far shorter. */
const MAX_URL_LENGTH = 500;

function youtubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') return /^\/([^/]+)\/?$/.exec(url.pathname)?.[1] ?? null;
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  if (url.pathname === '/watch' || url.pathname === '/watch/') {
    const ids = url.searchParams.getAll('v');
    return ids.length === 1 ? ids[0] : null;
  }
  return /^\/shorts\/([^/]+)\/?$/.exec(url.pathname)?.[1] ?? null;
}

/**
 * The embed a link points to, or null: https (or http) only, no user name, password or port, one
 * of the sites' own hosts, and an id of the exact form each site uses.
 */
export function parseEmbedUrl(raw: string): Embed | null {
  const text = raw.trim();
  if (!text || text.length > MAX_URL_LENGTH || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  if (host === 'youtu.be' || YOUTUBE_HOSTS.has(host)) {
    const id = youtubeId(url);
    return id && VIDEO_ID.test(id) ? { kind: 'youtube', id, url: url.href } : null;
  }
  if (X_HOSTS.has(host)) {
    const id = X_POST_PATH.exec(url.pathname)?.[2];
    return id && POST_ID.test(id) ? { kind: 'x', id, url: url.href } : null;
  }
  return null;
}
