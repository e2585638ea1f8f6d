import { useEffect, useRef, useState, type RefObject } from 'react';
import { afterPageLoad } from './afterPageLoad';

/** Far enough ahead that a scrolling reader rarely sees the static form, near enough to stay lazy. */
export const NEAR_VIEWPORT_MARGIN = '200px';

/**
 * True once the element in the returned ref has come within NEAR_VIEWPORT_MARGIN of the viewport
 * after the page has loaded and gone idle (afterPageLoad): what a carousel waits for before
 * fetching swiper, so swiper is never on the path to first paint or LCP, and a reader who never
 * scrolls to a carousel never downloads it. False on the server and while hydrating (a state set
 * only by an effect), so the first browser render matches the server's HTML.
 */
export function useNearViewport<T extends Element>(enabled = true): [RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || near || !element) return;
    let observer: IntersectionObserver | undefined;
    const stopWaiting = afterPageLoad(() => {
      if (typeof IntersectionObserver === 'undefined') return setNear(true);
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
        rootMargin: NEAR_VIEWPORT_MARGIN,
      });
      observer.observe(element);
    });
    return () => {
      stopWaiting();
      observer?.disconnect();
    };
  }, [enabled, near]);
  return [ref, near];
}
