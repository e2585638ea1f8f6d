import { useEffect, useMemo, useRef } from 'react';
import { linkifyParts, toParagraphs, type TextPart } from '@/lib/content';
import { hasHtml } from '@/lib/hasHtml';
import type { ArticleImageFacts } from '../api/types';
import { useDataSaver } from '../dataSaver/DataSaverContext';
import { sayImageSizes, showTappedImage } from '../dataSaver/tapDom';
import { usePage } from '../page/PageContext';
import { embedParagraphs, embedPlaceholderHtml, plainBlocks } from './bodyEmbeds';
import { describeBodyImages } from './bodyFigures';
import { responsiveBodyImages, tapBodyImages } from './bodyImages';
import { sanitizer } from './sanitizer';

/**
 * An article's body as markup: the code that turns its stored text into what readers see. A chunk
 * of its own (ArticleBody): the server renders with it, and the browser needs it only for a body it
 * did not receive as HTML (an in-app navigation, a preview) or must show another way (data-saver
 * switched on), not to hydrate a server-rendered article.
 */
export function BodyContent({ content, sanitized, images }: { content: string; sanitized: boolean; images: ArticleImageFacts[] }) {
  const html = hasHtml(content);
  return html && sanitized ? (
    <BodyHtml html={content} images={images} />
  ) : html ? (
    <HtmlBody content={content} images={images} />
  ) : (
    <PlainBody content={content} />
  );
}

function HtmlBody({ content, images }: { content: string; images: ArticleImageFacts[] }) {
  // The server sanitizes with its own DOM; the browser with the sanitizer chunk (loaded before it
  // hydrates a server-rendered HTML article, see preloadForHydration).
  const sanitize = usePage().sanitizeHtml ?? sanitizer.read().sanitizeArticleHtml;
  const clean = useMemo(() => sanitize(content), [sanitize, content]);
  return <BodyHtml html={clean} images={images} />;
}

/**
 * Sanitized body HTML as readers get it: embeds as their placeholders, pictures described and
 * captioned, with their renditions, or in data-saver mode as buttons that show them when tapped
 * (their behaviour is plain DOM, shared with the lite page).
 */
function BodyHtml({ html, images }: { html: string; images: ArticleImageFacts[] }) {
  const saver = useDataSaver().on;
  const shown = useMemo(() => {
    const described = describeBodyImages(embedParagraphs(html), images);
    return saver ? tapBodyImages(described) : responsiveBodyImages(described);
  }, [saver, html, images]);
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

/**
 * Five sentences per paragraph; bare http(s) URLs become links as React elements, never HTML. An
 * embed's line is its placeholder, markup of our own from a checked id and an escaped address.
 */
function PlainBody({ content }: { content: string }) {
  const blocks = useMemo(
    () =>
      plainBlocks(content).flatMap((block, i): ({ key: string; embed: string } | { key: string; parts: TextPart[] })[] =>
        block.type === 'embed'
          ? [{ key: `${i}`, embed: embedPlaceholderHtml(block.embed) }]
          : toParagraphs(block.text).map((text, j) => ({ key: `${i}:${j}`, parts: linkifyParts(text) })),
      ),
    [content],
  );
  return blocks.map((block) =>
    'embed' in block ? (
      <div key={block.key} dangerouslySetInnerHTML={{ __html: block.embed }} />
    ) : (
      <p key={block.key}>
        {block.parts.map((part, j) =>
          part.type === 'link' ? (
            <a key={j} href={part.href} target="_blank" rel="noopener noreferrer">
              {part.text}
            </a>
          ) : (
            part.text
          ),
        )}
      </p>
    ),
  );
}
