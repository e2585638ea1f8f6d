// What an embed's player is, once a reader taps its placeholder (see embeds.ts): the iframe's
// address, made from the checked id alone, and the words around it. Apart from the link parser,
// so the lite page's tap handler carries only this.

export type EmbedKind = 'youtube' | 'x';

/** A YouTube video id: 11 letters, digits, '-' or '_'. */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** An X post id: a 64-bit number. */
export const POST_ID = /^[0-9]{1,19}$/;

/**
 * The origin each kind of embed is framed from. The youtube-nocookie host sets no cookie until the
 * video plays. The frames' addresses, the Content-Security-Policy and the X post's height messages
 * all read this.
 */
export const EMBED_FRAME_ORIGIN: Record<EmbedKind, string> = {
  youtube: 'https://www.youtube-nocookie.com',
  x: 'https://platform.twitter.com',
};

/** The origins embeds are framed from: the Content-Security-Policy's frame-src allows these and nothing else. */
export const EMBED_FRAME_ORIGINS = Object.values(EMBED_FRAME_ORIGIN);

/** The iframe's address for an embed, built from its checked id alone; null for anything else. */
export function embedFrameSrc(kind: string, id: string): string | null {
  // The post without tracking (dnt).
  if (kind === 'youtube' && VIDEO_ID.test(id)) return `${EMBED_FRAME_ORIGIN.youtube}/embed/${id}?autoplay=1`;
  if (kind === 'x' && POST_ID.test(id)) return `${EMBED_FRAME_ORIGIN.x}/embed/Tweet.html?id=${id}&dnt=true`;
  return null;
}

/** What the placeholder says, and what the iframe is called for screen readers. */
export const EMBED_TEXT: Record<EmbedKind, { label: string; action: string; open: string }> = {
  youtube: { label: 'Vidéo YouTube', action: 'Toucher pour lancer', open: 'Voir sur YouTube' },
  x: { label: 'Publication X', action: 'Toucher pour afficher', open: 'Voir sur X' },
};
