import { useRef, useState } from 'react';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import type { ArticleImageFacts } from '../api/types';
import { ArticleImage, imageAlt } from './ArticleImage';
import { CAROUSEL_INTERVAL_MS } from './carousel';
import './ImageCarousel.css';

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

interface Props {
  images: ArticleImageFacts[];
  /**
   * The first image has already been on screen for a whole period (ArticleMedia waits for it before
   * fetching swiper): move on to the second at once, so the rhythm stays one image every 5 s.
   */
  advanceOnStart?: boolean;
  /** The article's title: the alternative text of images nobody described. */
  title: string;
  /** Told which image shows, so the caption under the carousel follows it. */
  onActive?: (index: number) => void;
}

/**
 * An article's images (2 or more) in a looping carousel that advances every 5 s (docs/product.md#carousels).
 * Loaded lazily with swiper: the page shows the first image in the same frame until it is ready.
 * Controls are our own buttons, so only swiper's core and autoplay are bundled.
 */
export function ImageCarousel({ images, title, advanceOnStart = false, onActive }: Props) {
  const swiperRef = useRef<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(true);
  // The first image is the page's LCP; the next one starts loading once it is in, so a slide
  // never arrives empty (lazy images clipped by the carousel would wait until they are shown).
  const [ahead, setAhead] = useState(-1);
  const count = images.length;

  const togglePlay = () => {
    const autoplay = swiperRef.current?.autoplay;
    if (!autoplay) return;
    if (playing) autoplay.stop();
    else autoplay.start();
    setPlaying(!playing);
  };

  return (
    <section className="article-media__frame article-carousel" aria-roledescription="carrousel" aria-label="Images de l'article">
      <Swiper
        modules={[Autoplay]}
        // Wraps from the last image to the first and back. Swiper's loop mode clones slides and
        // misbehaves with as few as 2 or 3 of them, which is the usual article.
        rewind
        speed={reducedMotion() ? 0 : 500}
        autoplay={{ delay: CAROUSEL_INTERVAL_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
        onSwiper={(swiper) => {
          swiperRef.current = swiper;
          if (advanceOnStart) swiper.slideNext();
        }}
        onSlideChange={(swiper) => {
          setActive(swiper.realIndex);
          onActive?.(swiper.realIndex);
          setAhead(swiper.realIndex + 1);
        }}
        className="article-carousel__swiper"
      >
        {images.map((image, i) => (
          <SwiperSlide key={`${i}:${image.url}`} role="group" aria-roledescription="diapositive" aria-label={`${i + 1} sur ${count}`}>
            <ArticleImage
              url={image.url}
              alt={imageAlt(image, title, i)}
              loading={i === 0 || i === active || i === ahead % count ? 'eager' : 'lazy'}
              {...(i === 0 ? { fetchPriority: 'high' as const, onLoad: () => setAhead((a) => Math.max(a, 1)) } : {})}
            />
          </SwiperSlide>
        ))}
      </Swiper>
      <div className="article-carousel__controls">
        <button
          type="button"
          className="article-carousel__button"
          aria-label="Image précédente"
          onClick={() => swiperRef.current?.slidePrev()}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <div className="article-carousel__dots">
          {images.map((_, i) => (
            <button
              key={i}
              type="button"
              className="article-carousel__dot"
              aria-label={`Afficher l'image ${i + 1}`}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => swiperRef.current?.slideToLoop(i)}
            />
          ))}
        </div>
        <button
          type="button"
          className="article-carousel__button"
          aria-label="Image suivante"
          onClick={() => swiperRef.current?.slideNext()}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <button
          type="button"
          className="article-carousel__button article-carousel__button--toggle"
          aria-label={playing ? 'Mettre le diaporama en pause' : 'Reprendre le diaporama'}
          onClick={togglePlay}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="currentColor">
            {playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" /> : <path d="M8 5l11 7-11 7z" />}
          </svg>
        </button>
      </div>
    </section>
  );
}
