import { useEffect, useMemo, useRef } from 'react';
import { linkifyParts, toParagraphs, type TextPart } from '@/lib/content';
import { hasHtml } from '@/lib/hasHtml';
import type { ArticleImageFacts } from '../api/types';
import { useDataSaver } from '../dataSaver/DataSaverContext';
import { wireTapButtons } from '../dataSaver/tapDom';
import { usePage } from '../page/PageContext';
import { afterFirstParagraph, galleryHtml } from './bodyGallery';
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
export function BodyContent({ content, sanitized, images, title }: BodyProps & { content: string; sanitized: boolean }) {
  const html = hasHtml(content);
  return html && sanitized ? (
    <BodyHtml html={content} images={images} title={title} />
  ) : html ? (
    <HtmlBody content={content} images={images} title={title} />
  ) : (
    <PlainBody content={content} images={images} title={title} />
  );
}

/** The article's images (the body's pictures take their descriptions; data-saver mode shows them in it), and its title (their fallback alt). */
interface BodyProps {
  images: ArticleImageFacts[];
  title: string;
}

function HtmlBody({ content, ...props }: BodyProps & { content: string }) {
  // The server sanitizes with its own DOM; the browser with the sanitizer chunk (loaded before it
  // hydrates a server-rendered HTML article, see preloadForHydration).
  const sanitize = usePage().sanitizeHtml ?? sanitizer.read().sanitizeArticleHtml;
  const clean = useMemo(() => sanitize(content), [sanitize, content]);
  return <BodyHtml html={clean} {...props} />;
}

/**
 * Sanitized body HTML as readers get it: embeds as their placeholders, pictures described and
 * captioned, with their renditions, or in data-saver mode as buttons that show them when tapped,
 * the article's own pictures as one after the first paragraph (their behaviour is plain DOM,
 * shared with the lite page).
 */
function BodyHtml({ html, images, title }: BodyProps & { html: string }) {
  const saver = useDataSaver().on;
  const shown = useMemo(() => {
    const described = describeBodyImages(embedParagraphs(html), images);
    return saver ? afterFirstParagraph(tapBodyImages(described), galleryHtml(images, title)) : responsiveBodyImages(described);
  }, [saver, html, images, title]);
  const ref = useTapButtons<HTMLDivElement>(saver, shown);
  return <div ref={ref} dangerouslySetInnerHTML={{ __html: shown }} />;
}

/** The tap buttons are in HTML React does not manage, so they get their listeners here, as on the lite page. */
function useTapButtons<E extends HTMLElement>(on: boolean, markup: string) {
  const ref = useRef<E>(null);
  useEffect(() => (on && ref.current ? wireTapButtons(ref.current) : undefined), [on, markup]);
  return ref;
}

/** Data-saver mode's gallery in a plain-text body (BodyHtml has it in its markup). */
function PlainGallery({ html }: { html: string }) {
  const ref = useTapButtons<HTMLDivElement>(true, html);
  return <div ref={ref} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Five sentences per paragraph; bare http(s) URLs become links as React elements, never HTML. An
 * embed's line is its placeholder, markup of our own from a checked id and an escaped address.
 */
function PlainBody({ content, images, title }: BodyProps & { content: string }) {
  const saver = useDataSaver().on;
  const gallery = saver ? galleryHtml(images, title) : '';
  const blocks = useMemo(
    () =>
      plainBlocks(content).flatMap((block, i): ({ key: string; embed: string } | { key: string; parts: TextPart[] })[] =>
        block.type === 'embed'
          ? [{ key: `${i}`, embed: embedPlaceholderHtml(block.embed) }]
          : toParagraphs(block.text).map((text, j) => ({ key: `${i}:${j}`, parts: linkifyParts(text) })),
      ),
    [content],
  );
  // The gallery after the first paragraph, as in an HTML body (afterFirstParagraph); at the end when there is none.
  const first = blocks.findIndex((block) => 'parts' in block);
  const galleryAt = first < 0 ? blocks.length : first + 1;
  const withGallery = gallery ? [...blocks.slice(0, galleryAt), { key: 'gallery', gallery }, ...blocks.slice(galleryAt)] : blocks;
  return withGallery.map((block) =>
    'gallery' in block ? (
      <PlainGallery key={block.key} html={block.gallery} />
    ) : 'embed' in block ? (
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
