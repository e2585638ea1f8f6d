// Data-saver pictures as plain DOM, for markup React does not manage: the lite page (lite.ts)
// and the article body's HTML (BodyContent), single pictures and the article's gallery (bodyGallery.ts
// makes its markup). TapImage is the same behaviour as a component. Only the body's chunk and the
// lite script load this, not the reader's first load: keep TapImage's imports out of it.
import { countShownImage, formatKo, imageBytes, TAP_SIZE_MARGIN } from './weight';

/** Replaces a tapped `button.tap-image` with its picture, and counts what it costs. */
function showTappedImage(button: HTMLButtonElement): void {
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

/** Shows, on each button as it nears the screen, what pressing it costs (tapBytes). Returns a stop function. */
function sayImageSizes(buttons: HTMLButtonElement[]): () => void {
  if (typeof IntersectionObserver !== 'function' || buttons.length === 0) return () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const button = entry.target as HTMLButtonElement;
        void tapBytes(button).then((size) => {
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

const isGallery = (button: HTMLButtonElement) => button.hasAttribute('data-tap-gallery');

/** The gallery's list, after its button, and the buttons of the pictures in it. */
const galleryList = (button: HTMLButtonElement) => button.nextElementSibling as HTMLElement | null;
const pictureButtons = (button: HTMLButtonElement) => [
  ...(galleryList(button)?.querySelectorAll<HTMLButtonElement>('button[data-tap-src]') ?? []),
];

/** Pressing the gallery shows all its pictures at once, each counted in the page's weight. */
export function showGallery(button: HTMLButtonElement): void {
  const list = galleryList(button);
  if (!list) return;
  pictureButtons(button).forEach(showTappedImage);
  list.hidden = false;
  button.remove();
  list.focus(); // the pressed button is gone: the reader lands on what it showed
}

/**
 * What pressing costs: a picture's size, or the sum of the gallery's (the copies it will
 * download); null when one of them is unknown, rather than a figure that says less than it costs.
 */
export async function tapBytes(button: HTMLButtonElement): Promise<number | null> {
  if (!isGallery(button)) return imageBytes(button.dataset.tapSrc ?? '');
  const sizes = await Promise.all(pictureButtons(button).map((b) => imageBytes(b.dataset.tapSrc ?? '')));
  return sizes.length > 0 && sizes.every((s) => s !== null) ? sizes.reduce<number>((sum, s) => sum + s!, 0) : null;
}

/** Gives every tap button under `root` its behaviour and, near the screen, its size. Returns a stop function. */
export function wireTapButtons(root: ParentNode): () => void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button.tap-image')];
  const taps = buttons.map((button) => {
    const tap = () => (isGallery(button) ? showGallery(button) : showTappedImage(button));
    button.addEventListener('click', tap);
    return () => button.removeEventListener('click', tap);
  });
  const stopSizes = sayImageSizes(buttons);
  return () => {
    taps.forEach((stop) => stop());
    stopSizes();
  };
}
