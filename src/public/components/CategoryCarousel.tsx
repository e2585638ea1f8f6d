import { useRef, useState, type FocusEvent } from 'react';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import { CAROUSEL_BREAKPOINTS, CAROUSEL_GAP_PX, CAROUSEL_INTERVAL_MS, slideToRevealFor } from './carousel';
import type { ArticleCard as Card } from '../api/types';
import { ArticleCard } from './ArticleCard';
import './CategoryCarousel.css';

interface Props {
  articles: Card[];
  /** The section's name, for the carousel's accessible label. */
  label: string;
  /** Its first 5 s are already over (see useCarouselStart): move on at once, unless motion is unwanted. */
  advanceOnStart?: boolean;
}

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A home section's cards, 1/2/3 per view, moving on every 5 s and rewinding to the first after
 * the last (docs/product.md#carousels). This module is loaded lazily: Swiper stays off the reader's first load.
 */
export function CategoryCarousel({ articles, label, advanceOnStart = false }: Props) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [locked, setLocked] = useState(false);
  // Read once: a reader asking for less motion gets no autoplay and no sliding animation.
  const [reduced] = useState(prefersReducedMotion);
  // Autoplay holds still while the pointer is over the carousel or focus is inside it, so a card
  // never slides away from under the reader's mouse or keyboard, and for good once the reader
  // presses pause (WCAG 2.2.2: moving content can be stopped).
  const holds = useRef({ hover: false, focus: false });
  const [stopped, setStopped] = useState(false);

  const sync = (userStopped: boolean) => {
    if (!swiper || reduced || swiper.destroyed) return;
    // stop/start rather than pause/resume: Swiper's own transitions resume a paused autoplay.
    if (userStopped || holds.current.hover || holds.current.focus) swiper.autoplay.stop();
    else if (!swiper.autoplay.running) swiper.autoplay.start();
  };
  const hold = (kind: 'hover' | 'focus', on: boolean) => {
    holds.current[kind] = on;
    sync(stopped);
  };
  const toggle = () => {
    setStopped(!stopped);
    sync(!stopped);
  };

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    hold('focus', true);
    if (!swiper) return;
    // The browser scrolls the clipped container to show a focused card; Swiper moves by transform,
    // so undo that scroll and slide instead.
    swiper.el.scrollLeft = 0;
    const slide = (e.target as Element).closest('.swiper-slide');
    const index = slide ? swiper.slides.indexOf(slide as HTMLElement) : -1;
    const perView = Number(swiper.params.slidesPerView) || 1;
    const target = index < 0 ? null : slideToRevealFor(index, swiper.activeIndex, perView);
    if (target !== null) swiper.slideTo(target, reduced ? 0 : undefined);
  };

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hold('focus', false);
  };

  return (
    <div
      className="carousel"
      role="group"
      aria-roledescription="carrousel"
      aria-label={label}
      onMouseEnter={() => hold('hover', true)}
      onMouseLeave={() => hold('hover', false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {/* Controls first, so keyboard users reach them before the cards (their place on screen is set
          by CSS). Hidden when every card already fits: there is nothing to turn. */}
      <button
        type="button"
        className="carousel__button carousel__button--toggle"
        aria-label={stopped ? 'Relancer le carrousel' : 'Mettre le carrousel en pause'}
        hidden={locked || reduced}
        onClick={toggle}
      >
        <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
      </button>
      <button
        type="button"
        className="carousel__button carousel__button--prev"
        aria-label="Article précédent"
        hidden={locked}
        onClick={() => swiper?.slidePrev()}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className="carousel__button carousel__button--next"
        aria-label="Article suivant"
        hidden={locked}
        onClick={() => swiper?.slideNext()}
      >
        <span aria-hidden="true">›</span>
      </button>
      <Swiper
        modules={[Autoplay]}
        wrapperTag="ul"
        slidesPerView={CAROUSEL_BREAKPOINTS[0].slidesPerView}
        spaceBetween={CAROUSEL_GAP_PX}
        breakpoints={CAROUSEL_BREAKPOINTS}
        rewind
        speed={reduced ? 0 : 450}
        autoplay={reduced ? false : { delay: CAROUSEL_INTERVAL_MS, disableOnInteraction: false }}
        onSwiper={(s) => {
          setSwiper(s);
          setLocked(s.isLocked);
          if (advanceOnStart && !reduced && !s.isLocked) s.slideNext();
        }}
        onLock={() => setLocked(true)}
        onUnlock={() => setLocked(false)}
      >
        {articles.map((article) => (
          <SwiperSlide key={article.id} tag="li" className="carousel__slide">
            <ArticleCard article={article} />
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
