import { useEffect, useRef } from 'react';
import { afterPageLoad } from '@/public/hooks/afterPageLoad';
import { EDITION_SLOT_ATTRIBUTE } from './editionSlot';

/**
 * Where "Télécharger l'édition du jour" goes: empty in the server's HTML (and while hydrating), filled
 * once the page has loaded and gone idle, by a chunk of its own (editionButton.ts), so the home page's first
 * load carries none of it. React renders no children here, so it leaves the button alone.
 */
export function EditionSlot() {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let unmount: (() => void) | undefined;
    let gone = false;
    const cancel = afterPageLoad(
      () =>
        void import('./editionButton').then((m) => {
          if (!gone && slot.current) unmount = m.mountEditionButton(slot.current);
        }),
    );
    return () => {
      gone = true;
      cancel();
      unmount?.();
    };
  }, []);
  return <div className="edition-slot" {...{ [EDITION_SLOT_ATTRIBUTE]: '' }} ref={slot} />;
}
