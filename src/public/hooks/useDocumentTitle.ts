import { useEffect } from 'react';
import { documentTitle } from '../meta';

/**
 * Sets the tab title ('{title} — Afrique Actu', or the site's own for null) while the page is
 * shown, then puts the old one back. The server writes the same title into the page it sends.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
