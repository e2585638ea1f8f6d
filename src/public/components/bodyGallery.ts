import { escapeHtml } from '@/lib/html';
import { copyAtWidth, DATA_SAVER_ARTICLE_WIDTH, FRAME_SIZE } from '@/lib/renditions';
import type { ArticleImageFacts } from '../api/types';
import { imageAlt } from './ArticleImage';
import { tapButtonHtml } from './bodyImages';

// Data-saver mode: the article's own pictures (its image or carousel in full mode) as ONE button
// after the body's first paragraph, « Afficher les 3 images · 38 Ko », so the text comes first and
// a gallery is not a stack of bars. Markup, not a component: the body is HTML React does not manage,
// and the lite page gives it its behaviour without React (tapDom.ts).

/** What the gallery's button says before its size is known. */
export const galleryLabel = (count: number) => (count === 1 ? "Afficher l'image" : `Afficher les ${count} images`);

/** "Légende — <em>Crédit</em>", as CaptionText (ArticleImage.tsx) renders it. */
function captionHtml({ caption, credit }: ArticleImageFacts): string {
  if (!caption && !credit) return '';
  const text = [caption && escapeHtml(caption), credit && `<span class="image-credit">${escapeHtml(credit)}</span>`];
  return `<figcaption class="article-media__captions">${text.filter(Boolean).join(' — ')}</figcaption>`;
}

/**
 * The gallery: its button, then the list of its pictures' own buttons (hidden until it is pressed,
 * each pointing at the small copy data-saver mode shows, as TapImage does) under their captions.
 */
export function galleryHtml(images: ArticleImageFacts[], title: string): string {
  if (images.length === 0) return '';
  const items = images.map((image, i) => {
    const copy = copyAtWidth(image.url, DATA_SAVER_ARTICLE_WIDTH, FRAME_SIZE);
    const button = tapButtonHtml({ ...copy, src: escapeHtml(copy.src), alt: escapeHtml(imageAlt(image, title, i)) });
    return `<li><figure>${button}${captionHtml(image)}</figure></li>`;
  });
  return (
    `<div class="tap-gallery"><button type="button" class="tap-image" data-tap-gallery>${galleryLabel(images.length)}` +
    `<span class="tap-image__size"></span></button>` +
    `<ul class="article-media article-media--saver" aria-label="Images de l'article" tabindex="-1" hidden>${items.join('')}</ul></div>`
  );
}

/** `insert` after the first paragraph of body HTML; at its end when it has none. */
export function afterFirstParagraph(html: string, insert: string): string {
  const end = html.indexOf('</p>');
  return end < 0 ? html + insert : html.slice(0, end + 4) + insert + html.slice(end + 4);
}
