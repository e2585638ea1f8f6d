import { createContext, useContext, type ReactNode } from 'react';
import { Link } from '@/public/router/Router';
import { articlePath } from '@/lib/readerPaths';
import { formatReadingTime, readingMinutes } from '@/lib/readingTime';
import { copyAtWidth, DATA_SAVER_WIDTH, FRAME_SIZE, responsiveImage } from '@/lib/renditions';
import type { ArticleCard as Card } from '../api/types';
import heroImage from '../assets/hero.webp';
import { useDataSaver } from '../dataSaver/DataSaverContext';
import { useNearViewport } from '../hooks/useNearViewport';
import { PublishedTime } from './PublishedTime';
import { VerdictMark } from './factCheck/VerdictMark';
import { TapImage } from '../dataSaver/TapImage';
import './ArticleCard.css';

/** The product's read time for an article whose length is unknown or that has no text. */
export const DEFAULT_READ_TIME = '5 min';

/** "3 min" from the card's word count (docs/product.md#constants: « 5 min » without one). */
export const cardReadTime = (article: Card): string =>
  article.word_count ? formatReadingTime(readingMinutes(article.word_count)) : DEFAULT_READ_TIME;

interface Props {
  article: Card;
  /** The read time on featured, category and related cards; none on home carousels (docs/product.md#constants). */
  showReadTime?: boolean;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  /**
   * The page's main picture (its LCP): fetched first. One per page: two high-priority pictures
   * split a slow link and both arrive late.
   */
  priority?: boolean;
  /** `row`: a headline with a small picture beside it, for lists (home headlines, category pages). */
  variant?: 'default' | 'featured' | 'row';
  /** No badge: on its own category's page, a card's category says nothing. */
  hideCategory?: boolean;
  /**
   * Below the first screen of a long list: the picture is fetched only once the page has loaded and
   * the reader nears it (useNearViewport). The browser's own lazy loading fetches every picture
   * within about 1,250 px of the screen, which is a whole category page of rows.
   */
  deferPicture?: boolean;
}

/**
 * How wide a card's picture is drawn, so the browser picks the rendition to fetch: a carousel or
 * grid card is the screen's width on a phone, half from 640 px, a third of the page from 1024 px;
 * the featured card takes 58 % of the row from 768 px (ArticleCard.css, CategoryCarousel.css).
 */
const SIZES = {
  default: '(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw',
  featured: '(min-width: 1152px) 650px, (min-width: 768px) 58vw, 100vw',
  row: '(min-width: 768px) 160px, 104px',
};
/**
 * The widest copy a card may fetch: a card's picture is a preview, and on a phone at 2.6× density
 * the full-width card would otherwise take the 1,200 px master. 640 px is about 1.5× on a 412 px
 * phone and 1.7× on a desktop card. The featured card, the page's main picture, gets 960 px where
 * it shares its row with its text (from 768 px), and a phone's 640 px below that.
 */
const WIDEST = { default: 640, featured: 960, row: 320 };
const PHONE_WIDEST = 640;
const PHONE = '(max-width: 767px)';

/**
 * What a page adds to its cards' text, by article (`compact`: a headline row's, beside its time):
 * the front page's « En direct » marks (live/LiveMarks.tsx). Nothing elsewhere; a context here, the
 * marks' own code in the front page's chunk, so other pages' first load carries none of it.
 */
export const CardMarks = createContext<((articleId: string, compact: boolean) => ReactNode) | null>(null);

export function ArticleCard({
  article,
  showReadTime = false,
  eager = false,
  priority = false,
  variant = 'default',
  hideCategory = false,
  deferPicture = false,
}: Props) {
  const mark = useContext(CardMarks);
  return (
    <article className={`card card--${variant}`}>
      <CardMedia article={article} variant={variant} eager={eager} priority={priority} deferPicture={deferPicture} />
      <div className="card__body">
        {article.category && !hideCategory && (
          <Link to={`/category/${article.category.slug}`} className="badge">
            {article.category.name}
          </Link>
        )}
        {variant !== 'row' && mark?.(article.id, false)}
        {variant !== 'row' && <VerdictMark format={article.format} verdict={article.verdict} />}
        <h3 className="card__title">
          <Link to={articlePath(article.slug)}>{article.title}</Link>
        </h3>
        {article.excerpt && variant !== 'row' && <p className="card__excerpt">{article.excerpt}</p>}
        <p className="card__meta">
          {variant === 'row' && mark?.(article.id, true)}
          {variant === 'row' && <VerdictMark format={article.format} verdict={article.verdict} />}
          <PublishedTime value={article.published_at} />
          {showReadTime && <span className="card__read-time">{cardReadTime(article)}</span>}
        </p>
      </div>
    </article>
  );
}

function CardMedia({
  article,
  variant,
  eager,
  priority,
  deferPicture,
}: Required<Pick<Props, 'article' | 'variant' | 'eager' | 'priority' | 'deferPicture'>>) {
  const saver = useDataSaver().on;
  const [nearRef, near] = useNearViewport<HTMLSpanElement>(deferPicture && !saver);
  // What the picture shows, as the newsroom described it (the headline when nobody did); the
  // site's stand-in picture shows nothing of the story.
  const alt = article.image_url ? article.image_alt || article.title : '';
  // Data-saver mode: a picture only on request, and none at all where the article has none.
  if (saver)
    return article.image_url ? (
      <div className="card__media card__media--saver">
        <TapImage alt={alt} {...copyAtWidth(article.image_url, DATA_SAVER_WIDTH, FRAME_SIZE)} />
      </div>
    ) : null;
  const image = article.image_url ? responsiveImage(article.image_url, FRAME_SIZE, WIDEST[variant]) : { src: heroImage, ...FRAME_SIZE };
  const phone =
    variant === 'featured' && article.image_url ? responsiveImage(article.image_url, FRAME_SIZE, PHONE_WIDEST).srcSet : undefined;
  const picture = (
    <picture>
      {phone && <source media={PHONE} srcSet={phone} sizes="100vw" />}
      <img
        src={image.src}
        {...(image.srcSet ? { srcSet: image.srcSet, sizes: SIZES[variant] } : {})}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={eager || priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
  return (
    <Link to={articlePath(article.slug)} className="card__media" tabIndex={-1} aria-hidden="true">
      {deferPicture && !near ? (
        <>
          {/* The frame's room is held (.card__media's ratio); without JavaScript, the picture as it is. */}
          <span ref={nearRef} className="card__pending" />
          <noscript>{picture}</noscript>
        </>
      ) : (
        picture
      )}
    </Link>
  );
}
