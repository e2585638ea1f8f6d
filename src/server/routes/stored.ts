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

/** A generated file (feed, sitemap, edition) as kept: its body, or null for none (404), and its purge keys. */
export type StoredFile = Sized & { body: string | null; keys: string[] };

/** What a generated file's builder gives: its body (null: none, a 404) and the keys of what it shows besides its row's. */
export type Built = string | null | { body: string | null; keys: string[] };

// A "none" (404) costs its entry too: without a floor, every unknown feed address stays kept for free.
export const storedFile = (built: Built): StoredFile => {
  const { body, keys } = built === null || typeof built === 'string' ? { body: built, keys: [] } : built;
  return { body, keys, bytes: Math.max(256, 2 * (body?.length ?? 0)) };
};

/** A rendered page with the memory it holds, for the stale-page store's bound. */
export const sized = (page: RenderedPage): StoredPage => {
  const seedJson = scriptSafeJson(JSON.stringify(page.seed));
  return { ...page, seedJson, bytes: 2 * (page.html.length + page.head.length + (page.seed ? seedJson.length : 0)) };
};
