import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { hasHtml } from '@/lib/hasHtml';
import type { ArticleImageFacts } from '../api/types';
import { useDataSaver } from '../dataSaver/DataSaverContext';
import { SERVER_MARKUP, useHydratingServerMarkup } from '../hooks/useServerMarkup';
import { usePage } from '../page/PageContext';
import { preloadable } from '../page/preloadable';
import { sanitizer } from './sanitizer';

const NO_IMAGES: ArticleImageFacts[] = [];

type EmbedPlayer = typeof import('./embedDom');
let embedPlayer: EmbedPlayer | undefined;
/** The embeds' player (embedDom.ts), fetched when a reader reaches for a placeholder: most articles have none. */
const loadEmbedPlayer = () => import('./embedDom').then((m) => (embedPlayer = m));

/** The placeholder a click or pointer is on, if any. */
const placeholderOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a.embed__play') : null);

/**
 * The player's click handler (embedDom.ts) once its code is in. A tap that comes before (the code
 * loads as the pointer or focus reaches a placeholder) plays once it is in, or opens the original
 * when the placeholder names no valid embed; a click meant for a new tab is left to the browser.
 */
function playEmbedOnClick(event: MouseEvent): void {
  if (embedPlayer) return embedPlayer.playEmbedOnClick(event);
  const play = placeholderOf(event);
  if (!play || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  void loadEmbedPlayer().then((m) => m.playEmbed(play) || window.open(play.href, '_blank', 'noopener'));
}

const warmEmbedPlayer = (event: Event) => void (placeholderOf(event) && !embedPlayer && loadEmbedPlayer());

/** The code that makes a body's markup (BodyContent.tsx), loaded when the browser must make it. */
export const bodyContent = preloadable(() => import('./BodyContent'));

/**
 * HTML content is rendered through the sanitizer's allowlist; plain text as paragraphs
 * (docs/product.md#article-body). Either way, a YouTube or X link alone on its line becomes a
 * placeholder that loads the embed when tapped.
 * `sanitized`: the server already passed this HTML through it (ArticleDetail.sanitized).
 * `images`: the article's images, whose alternative text, caption and credit the body's pictures take;
 * in data-saver mode the body also shows them, as one button after its first paragraph (bodyGallery.ts).
 * `title`: the article's, which describes its images where the newsroom did not.
 * Hydrating a server-rendered page, the body the server made stays as it is, without the code that
 * made it (about 3 KB gzip off the article's first load); that code loads when the body must change
 * (another article, data-saver switched on or off).
 * `revision`: what names this version of the article (its id and updated_at). The server's data
 * refreshed by the browser (a page kept by a cache) carries the body unsanitized, a different text
 * for the same body: under the same revision, the server's markup stays.
 */
export function ArticleBody({
  content,
  sanitized = false,
  images = NO_IMAGES,
  title = '',
  revision,
}: {
  content: string;
  sanitized?: boolean;
  images?: ArticleImageFacts[];
  title?: string;
  revision?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const saver = useDataSaver().on;
  const fromServer = useHydratingServerMarkup();
  // What the server's markup shows: this content in this mode, kept while they stay the same.
  const [served] = useState(() => (fromServer ? { content, saver, revision } : null));
  const sameBody = served !== null && (served.content === content || (revision !== undefined && served.revision === revision));
  const keep = sameBody && served.saver === saver;
  // The placeholders are markup React does not manage (see embedDom.ts): one listener serves them all.
  useEffect(() => {
    const body = ref.current;
    body?.addEventListener('click', playEmbedOnClick);
    body?.addEventListener('pointerover', warmEmbedPlayer);
    body?.addEventListener('focusin', warmEmbedPlayer);
    return () => {
      body?.removeEventListener('click', playEmbedOnClick);
      body?.removeEventListener('pointerover', warmEmbedPlayer);
      body?.removeEventListener('focusin', warmEmbedPlayer);
    };
  }, []);
  if (keep) return <div ref={ref} className="article-body" dangerouslySetInnerHTML={SERVER_MARKUP} suppressHydrationWarning />;
  return (
    <div ref={ref} className="article-body">
      <Suspense fallback={<BodySkeleton />}>
        <MadeBody content={content} sanitized={sanitized} images={images} title={title} />
      </Suspense>
    </div>
  );
}

function MadeBody(props: { content: string; sanitized: boolean; images: ArticleImageFacts[]; title: string }) {
  const { BodyContent } = bodyContent.read();
  return <BodyContent {...props} />;
}

/**
 * What follows the body (bottom share bar, related articles) waits for an HTML body's sanitizer,
 * so it appears with the body instead of being pushed down when the body replaces its skeleton.
 */
export function AfterBody({ content, sanitized = false, children }: { content: string; sanitized?: boolean; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate html={hasHtml(content) && !sanitized}>{children}</Gate>
    </Suspense>
  );
}

function Gate({ html, children }: { html: boolean; children: ReactNode }) {
  const server = usePage().sanitizeHtml;
  if (html && !server) sanitizer.read();
  return children;
}

export function BodySkeleton() {
  return (
    <div className="article-body__skeleton" aria-hidden="true">
      {[100, 96, 98, 70, 0, 100, 94, 88].map((w, i) => (
        <div key={i} className={w ? 'skeleton' : undefined} style={{ width: `${w}%` }} />
      ))}
    </div>
  );
}
