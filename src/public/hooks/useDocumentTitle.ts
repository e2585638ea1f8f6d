import { useEffect } from 'react';

export const SITE_NAME = 'Afrique Actu';

/** Sets the tab title to '{title} — Afrique Actu' while the page is shown, then puts the old one back. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} — ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
