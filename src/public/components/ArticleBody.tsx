import { Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { hasHtml, linkifyParts, toParagraphs } from '@/lib/content';
import { useDataSaver } from '../dataSaver/DataSaverContext';
import { sayImageSizes, showTappedImage } from '../dataSaver/tapDom';
import { usePage } from '../page/PageContext';
import { responsiveBodyImages, tapBodyImages } from './bodyImages';
import { preloadable } from '../page/preloadable';

/** DOMPurify is only needed for HTML bodies: its chunk is fetched the first time one is shown. */
export const sanitizer = preloadable(() => import('@/lib/sanitize'));

/**
 * HTML content is rendered through the sanitizer's allowlist; plain text as paragraphs
 * (docs/product.md#article-body).
 * `sanitized`: the server already passed this HTML through it (ArticleDetail.sanitized).
 */
export function ArticleBody({ content, sanitized = false }: { content: string; sanitized?: boolean }) {
  const html = hasHtml(content);
  return (
    <div className="article-body">
      {html && sanitized ? (
        <BodyHtml html={content} />
      ) : html ? (
        <Suspense fallback={<BodySkeleton />}>
          <HtmlBody content={content} />
        </Suspense>
      ) : (
        <PlainBody content={content} />
      )}
    </div>
  );
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

function HtmlBody({ content }: { content: string }) {
  // The server sanitizes with its own DOM; the browser with the sanitizer chunk (loaded before it
  // hydrates a server-rendered HTML article, see preloadForHydration).
  const sanitize = usePage().sanitizeHtml ?? sanitizer.read().sanitizeArticleHtml;
  const clean = useMemo(() => sanitize(content), [sanitize, content]);
  return <BodyHtml html={clean} />;
}

/**
 * Sanitized body HTML as readers get it: pictures with their renditions, or in data-saver mode as
 * buttons that show them when tapped (their behaviour is plain DOM, shared with the lite page).
 */
function BodyHtml({ html }: { html: string }) {
  const saver = useDataSaver().on;
  const shown = useMemo(() => (saver ? tapBodyImages(html) : responsiveBodyImages(html)), [saver, html]);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!saver || !ref.current) return;
    // The buttons are in HTML React does not manage, so they get their listeners here, as on the lite page.
    const buttons = [...ref.current.querySelectorAll<HTMLButtonElement>('button.tap-image')];
    const taps = buttons.map((button) => {
      const tap = () => showTappedImage(button);
      button.addEventListener('click', tap);
      return () => button.removeEventListener('click', tap);
    });
    const stopSizes = sayImageSizes(buttons);
    return () => {
      taps.forEach((stop) => stop());
      stopSizes();
    };
  }, [saver, shown]);
  return <div ref={ref} dangerouslySetInnerHTML={{ __html: shown }} />;
}

/** Five sentences per paragraph; bare http(s) URLs become links as React elements, never HTML. */
function PlainBody({ content }: { content: string }) {
  const paragraphs = useMemo(() => toParagraphs(content).map(linkifyParts), [content]);
  return paragraphs.map((parts, i) => (
    <p key={i}>
      {parts.map((part, j) =>
        part.type === 'link' ? (
          <a key={j} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  ));
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
