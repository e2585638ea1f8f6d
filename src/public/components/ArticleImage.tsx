import type { ImgHTMLAttributes } from 'react';
import { FRAME_SIZE, responsiveImage } from '@/lib/renditions';
import type { ArticleImageFacts } from '../api/types';

/** The article's picture spans the page (edge to edge on phones), at most 56rem (ArticlePage.css). */
const SIZES = '(min-width: 928px) 896px, 100vw';

/** alt text of an article's n-th picture when nobody described it (the title says what the first shows). */
export const articleImageAlt = (title: string, index: number) => (index === 0 ? title : `${title} (image ${index + 1})`);

/** What a picture shows, for readers who cannot see it: the newsroom's words, else articleImageAlt. */
export const imageAlt = (image: ArticleImageFacts, title: string, index: number) => image.alt || articleImageAlt(title, index);

/**
 * One of the article's pictures, letting the browser fetch the rendition its screen needs. `alt` is
 * required: the picture tells the story, so readers who cannot see it get `imageAlt`.
 */
export function ArticleImage({
  url,
  alt,
  ...img
}: { url: string; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'>) {
  const image = responsiveImage(url, FRAME_SIZE);
  return (
    <img
      src={image.src}
      {...(image.srcSet ? { srcSet: image.srcSet, sizes: SIZES } : {})}
      width={image.width}
      height={image.height}
      decoding="async"
      alt={alt}
      {...img}
    />
  );
}

/** "Légende — Crédit": what a picture's caption says; nothing when the newsroom gave neither. */
export function CaptionText({ caption, credit }: Pick<ArticleImageFacts, 'caption' | 'credit'>) {
  return (
    <>
      {caption}
      {caption && credit && ' — '}
      {credit && <span className="image-credit">{credit}</span>}
    </>
  );
}

const hasCaption = (image: ArticleImageFacts) => Boolean(image.caption || image.credit);

/**
 * The captions of the article's pictures under its image or carousel: the shown picture's caption,
 * all of them stacked in one place so the longest holds the room and the text below never moves
 * as the carousel turns (the others are hidden, from screen readers too).
 */
export function MediaCaptions({ images, active }: { images: ArticleImageFacts[]; active: number }) {
  if (!images.some(hasCaption)) return null;
  return (
    <figcaption className="article-media__captions">
      {images.map((image, i) => (
        <span
          key={`${i}:${image.url}`}
          className={i === active ? 'article-media__caption article-media__caption--shown' : 'article-media__caption'}
          aria-hidden={i === active ? undefined : true}
        >
          <CaptionText caption={image.caption} credit={image.credit} />
        </span>
      ))}
    </figcaption>
  );
}
