import type { ImgHTMLAttributes } from 'react';
import { copyAtWidth, DATA_SAVER_ARTICLE_WIDTH, FRAME_SIZE, responsiveImage } from '@/lib/renditions';
import { TapImage } from '../dataSaver/TapImage';

/** The article's picture spans the page (edge to edge on phones), at most 56rem (ArticlePage.css). */
const SIZES = '(min-width: 928px) 896px, 100vw';

/** alt text of an article's n-th picture (the title says what the first shows). */
export const articleImageAlt = (title: string, index: number) => (index === 0 ? title : `${title} (image ${index + 1})`);

/**
 * One of the article's pictures, letting the browser fetch the rendition its screen needs. `alt` is
 * required: the picture tells the story, so readers who cannot see it get `articleImageAlt`.
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

/** Data-saver mode: every picture of the article as a plain list, each shown only on request. */
export function SavedArticleImages({ images, title }: { images: string[]; title: string }) {
  if (images.length === 0) return null;
  return (
    <ul className="article-media article-media--saver" aria-label="Images de l'article">
      {images.map((url, i) => (
        <li key={`${i}:${url}`}>
          <TapImage alt={articleImageAlt(title, i)} {...copyAtWidth(url, DATA_SAVER_ARTICLE_WIDTH, FRAME_SIZE)} />
        </li>
      ))}
    </ul>
  );
}
