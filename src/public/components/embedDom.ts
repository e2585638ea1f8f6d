// The tap on an embed's placeholder (bodyEmbeds.ts), as plain DOM: the placeholder is markup React
// does not manage (ArticleBody). The lite page (data-saver mode) carries none of this: there the
// placeholder is what it is without JavaScript, a link that opens the original.
import { EMBED_FRAME_ORIGIN, EMBED_TEXT, embedFrameSrc, type EmbedKind } from '@/lib/embedFrames';

/** A post's frame never grows past this, whatever a message claims. */
const MAX_POST_HEIGHT = 3000;
let followingPosts = false;

/**
 * An X post tells the page around it its height (as X's own widgets script hears it): its frame
 * follows, so the post is neither cut nor left in a tall empty box.
 */
function followPostHeights(): void {
  if (followingPosts) return;
  followingPosts = true;
  window.addEventListener('message', (event) => {
    if (event.origin !== EMBED_FRAME_ORIGIN.x) return;
    let data: unknown = event.data;
    try {
      if (typeof data === 'string') data = JSON.parse(data);
    } catch {
      return;
    }
    const call = (data as { 'twttr.embed'?: { method?: string; params?: { height?: unknown }[] } } | null)?.['twttr.embed'];
    const height = Number(call?.params?.[0]?.height);
    if (call?.method !== 'twttr.private.resize' || !(height > 0)) return;
    for (const frame of document.querySelectorAll<HTMLIFrameElement>('iframe.embed__frame--x'))
      if (frame.contentWindow === event.source) frame.style.height = `${Math.min(Math.ceil(height), MAX_POST_HEIGHT)}px`;
  });
}

/**
 * The site's player or post takes the place of a placeholder's box (the link to the original
 * stays under it). False when the placeholder names no valid embed: its link is then all there is.
 */
export function playEmbed(play: Element): boolean {
  const box = play.closest<HTMLElement>('[data-embed]');
  const kind = box?.dataset.embed as EmbedKind | undefined;
  const src = kind && embedFrameSrc(kind, box?.dataset.embedId ?? '');
  if (!kind || !src) return false;
  const frame = document.createElement('iframe');
  frame.className = `embed__frame embed__frame--${kind}`;
  frame.title = EMBED_TEXT[kind].label;
  frame.setAttribute('allow', 'autoplay; encrypted-media; picture-in-picture; fullscreen');
  frame.setAttribute('allowfullscreen', '');
  // YouTube's player wants to know the site it plays on; the page's path stays ours.
  frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation');
  frame.src = src;
  if (kind === 'x') followPostHeights();
  play.replaceWith(frame);
  frame.focus();
  return true;
}

/** A click on a placeholder's box plays it; a click meant to open a new tab, or on anything else, is left alone. */
export function playEmbedOnClick(event: MouseEvent): void {
  const play = event.target instanceof Element ? event.target.closest('a.embed__play') : null;
  const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  if (play && plain && playEmbed(play)) event.preventDefault();
}
