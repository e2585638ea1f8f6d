import { useEffect, useRef, useState } from 'react';
import { countShownImage, formatKo, imageBytes, TAP_SIZE_MARGIN } from './weight';
import './TapImage.css';

interface Props {
  /** The copy to show when tapped (a small rendition). */
  src: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * Data-saver mode's picture: a button saying what showing it costs ("Afficher l'image · 38 Ko"),
 * replaced by the picture when tapped. The server renders the same button, and the lite script
 * (lite.ts) gives it the same behaviour on pages that load no React: keep the two in step.
 */
export function TapImage({ src, alt, width, height }: Props) {
  const [shown, setShown] = useState(false);
  const [bytes, setBytes] = useState<number | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const el = button.current;
    if (!el || typeof IntersectionObserver !== 'function') return;
    let live = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void imageBytes(src).then((size) => live && setBytes(size));
      },
      // Asked only once the placeholder nears the screen: a long list costs nothing until scrolled.
      { rootMargin: TAP_SIZE_MARGIN },
    );
    observer.observe(el);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [src]);

  if (shown) return <img className="tap-image__img" src={src} alt={alt} width={width} height={height} decoding="async" />;
  return (
    <button
      ref={button}
      type="button"
      className="tap-image"
      data-tap-src={src}
      data-tap-alt={alt}
      data-tap-width={width}
      data-tap-height={height}
      onClick={() => {
        setShown(true);
        void countShownImage(src);
      }}
    >
      Afficher l'image<span className="tap-image__size">{bytes ? ` · ${formatKo(bytes)}` : ''}</span>
    </button>
  );
}
