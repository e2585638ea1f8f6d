import { useEffect, useRef } from 'react';
import { EDITION_SLOT_ATTRIBUTE } from './editionSlot';

/**
 * Where "Télécharger l'édition du jour" goes: empty in the server's HTML (and while hydrating), filled
 * after the page's load event by a chunk of its own (editionButton.ts), so the home page's first
 * load carries none of it. React renders no children here, so it leaves the button alone.
 */
export function EditionSlot() {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let unmount: (() => void) | undefined;
    let gone = false;
    const mount = () =>
      void import('./editionButton').then((m) => {
        if (!gone && slot.current) unmount = m.mountEditionButton(slot.current);
      });
    if (document.readyState === 'complete') mount();
    else window.addEventListener('load', mount, { once: true });
    return () => {
      gone = true;
      window.removeEventListener('load', mount);
      unmount?.();
    };
  }, []);
  return <div className="edition-slot" {...{ [EDITION_SLOT_ATTRIBUTE]: '' }} ref={slot} />;
}
