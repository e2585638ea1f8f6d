// Data-saver pictures as plain DOM, for markup React does not manage: the lite page (lite.ts)
// and the article body's HTML (ArticleBody). TapImage is the same behaviour as a component.
import { countShownImage, formatKo, imageBytes } from './weight';

/** How far ahead of the screen a picture's size is asked for (TapImage uses the same). */
export const TAP_SIZE_MARGIN = '200px';

/** Replaces a tapped `button.tap-image` with its picture, and counts what it costs. */
export function showTappedImage(button: HTMLButtonElement): void {
  const src = button.dataset.tapSrc ?? '';
  const img = document.createElement('img');
  img.className = 'tap-image__img';
  img.src = src;
  img.alt = button.dataset.tapAlt ?? '';
  if (button.dataset.tapWidth) img.width = Number(button.dataset.tapWidth);
  if (button.dataset.tapHeight) img.height = Number(button.dataset.tapHeight);
  button.replaceWith(img);
  void countShownImage(src);
}

/** Shows, on each button as it nears the screen, what its picture costs. Returns a stop function. */
export function sayImageSizes(buttons: HTMLButtonElement[]): () => void {
  if (typeof IntersectionObserver !== 'function' || buttons.length === 0) return () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const button = entry.target as HTMLButtonElement;
        void imageBytes(button.dataset.tapSrc ?? '').then((size) => {
          const label = button.querySelector('.tap-image__size');
          if (size && label) label.textContent = ` · ${formatKo(size)}`;
        });
      }
    },
    { rootMargin: TAP_SIZE_MARGIN },
  );
  buttons.forEach((b) => observer.observe(b));
  return () => observer.disconnect();
}
