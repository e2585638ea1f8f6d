/** Home carousels move on by themselves every 5 s (docs/product.md#carousels). */
export const CAROUSEL_INTERVAL_MS = 5000;

/** Gap between two cards, in px. Swiper needs a number; CategoryCarousel.css uses the same value. */
export const CAROUSEL_GAP_PX = 16;

/**
 * Items per view by viewport width (docs/product.md#carousels): 1 under 640 px, 2 under 1024 px, otherwise 3.
 * Keys are minimum widths, the shape of Swiper's `breakpoints` option. CategoryCarousel.css
 * repeats them as media queries for the placeholder (a test keeps the two in step).
 */
export const CAROUSEL_BREAKPOINTS = {
  0: { slidesPerView: 1 },
  640: { slidesPerView: 2 },
  1024: { slidesPerView: 3 },
} as const satisfies Record<number, { slidesPerView: number }>;

export type SlidesPerView = (typeof CAROUSEL_BREAKPOINTS)[keyof typeof CAROUSEL_BREAKPOINTS]['slidesPerView'];

/** How many cards a carousel shows side by side at this viewport width. */
export function slidesPerViewFor(width: number): SlidesPerView {
  let perView: SlidesPerView = CAROUSEL_BREAKPOINTS[0].slidesPerView;
  for (const [min, { slidesPerView }] of Object.entries(CAROUSEL_BREAKPOINTS)) {
    if (width >= Number(min)) perView = slidesPerView;
  }
  return perView;
}

/**
 * Which slide to bring into view when keyboard focus lands on slide `index`, or null when it is
 * already visible (Tab through the cards must never leave focus on a card out of sight).
 */
export function slideToRevealFor(index: number, activeIndex: number, perView: number): number | null {
  if (index < activeIndex) return index;
  if (index >= activeIndex + perView) return index - perView + 1;
  return null;
}
