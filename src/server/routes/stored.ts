import { scriptSafeJson } from '../html';
import type { RenderedPage } from '../render';
import type { EncodedDocument } from '../encodedDocument';
import type { Sized } from '../stalePages';

/** A rendered page with its seed serialised for a <script> (once, for every response it serves) and its size. */
export type StoredPage = RenderedPage &
  Sized & {
    seedJson: string;
    /** The whole document as readers get it (not stale), made once per render when it is the same for every request (no nonce). */
    document?: string;
    /** That document compressed, once per render (encodedDocument.ts). */
    encoded?: EncodedDocument;
  };

/** A rendered page with the memory it holds, for the stale-page store's bound. */
export const sized = (page: RenderedPage): StoredPage => {
  const seedJson = scriptSafeJson(JSON.stringify(page.seed));
  return { ...page, seedJson, bytes: 2 * (page.html.length + page.head.length + (page.seed ? seedJson.length : 0)) };
};
