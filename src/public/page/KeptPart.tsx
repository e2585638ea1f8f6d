import { Suspense, useEffect, useState, type ComponentType, type FormEvent, type MouseEvent } from 'react';
import { afterPageLoad } from '../hooks/afterPageLoad';
import { SERVER_MARKUP, useHydratingServerMarkup } from '../hooks/useServerMarkup';
import { followLink } from '../router/Router';

/** The part's component, in a chunk of its own that no first load carries (see preloadable). */
export interface PartChunk<P> {
  preload(): Promise<unknown>;
  read(): ComponentType<P>;
}

interface KeptPartProps<P> {
  chunk: PartChunk<P>;
  props: P;
  className?: string;
  /** Forms inside the part, while it is the server's markup (the component handles them after). */
  onSubmit?: (event: FormEvent<HTMLElement>) => void;
  /** Clicks inside the part while it is the server's markup, before its links are followed. */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /**
   * The part has behaviour of its own (buttons): its code loads once the page has loaded and is
   * idle, then the part renders itself over the same markup, as a live coverage does (ArticlePage).
   */
  later?: boolean;
}

/**
 * An island the other way round (the Guardian's dotcom-rendering): a part of a reader page that
 * needs no code once the server has made it. Hydrating a server page, React keeps the part's
 * markup as it is and the first load carries none of its code; its links navigate in place
 * (followLink) and its forms reach `onSubmit`, by delegation. A page the browser makes itself (a
 * lite page handed over, a page without the server's data) renders the part from its chunk. The
 * wrapper is `display: contents` (styles.css), so the part's layout is its own.
 */
export function KeptPart<P extends object>({ chunk, props, className, onSubmit, onClick, later }: KeptPartProps<P>) {
  const [kept, setKept] = useState(useHydratingServerMarkup());
  useEffect(() => {
    if (!kept || !later) return;
    return afterPageLoad(() => void chunk.preload().then(() => setKept(false)));
  }, [kept, later, chunk]);
  const click = (event: MouseEvent<HTMLElement>) => {
    onClick?.(event);
    followLink(event);
  };
  if (kept)
    return (
      // Delegation: the clicks are on the links and buttons inside, which keyboards reach and press.
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
      <div
        className={className}
        data-kept-part=""
        dangerouslySetInnerHTML={SERVER_MARKUP}
        suppressHydrationWarning
        onClick={click}
        onSubmit={onSubmit}
      />
    );
  return (
    <div className={className} data-kept-part="">
      <Suspense fallback={null}>
        <Rendered chunk={chunk} props={props} />
      </Suspense>
    </div>
  );
}

function Rendered<P extends object>({ chunk, props }: Pick<KeptPartProps<P>, 'chunk' | 'props'>) {
  const Part = chunk.read();
  return <Part {...props} />;
}
