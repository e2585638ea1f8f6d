import { useCallback, useEffect, useState } from 'react';
import { CAROUSEL_INTERVAL_MS } from '@/public/components/carousel';
import { useNearViewport } from './useNearViewport';

/**
 * Why a carousel fetched swiper: its first picture had its 5 s near the screen, so the carousel
 * moves on at once as it starts (keeping the rhythm of one step every 5 s); or the reader reached
 * for it (pointer, touch, keyboard), so it starts where it stands.
 */
export type CarouselStart = 'due' | 'reached' | null;

/**
 * When a carousel fetches swiper (25 KB). Not for being near the screen alone: a reader who
 * scrolls past a carousel within its first 5 s, as most do on their way to an article, never
 * downloads swiper. Until it starts, the static row (or the article's first picture) stays.
 * `reach` goes on the static form's pointerenter, pointerdown and focus.
 */
export function useCarouselStart<T extends Element>(enabled = true) {
  const [ref, near] = useNearViewport<T>(enabled);
  const [start, setStart] = useState<CarouselStart>(null);
  useEffect(() => {
    if (!near || start) return;
    const timer = setTimeout(() => setStart('due'), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [near, start]);
  const reach = useCallback(() => enabled && setStart((s) => s ?? 'reached'), [enabled]);
  return { ref, start, reach };
}
