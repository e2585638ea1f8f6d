/**
 * A loader's answer that the page lives at another address (an article's old link): the server
 * answers 301 with it, the browser's router replaces the address with it. Pages never see it.
 */
export class Redirect {
  constructor(
    /** The page's current path, e.g. '/article/nouveau-titre'. */
    readonly path: string,
    /** The country or topic it leads to: the server's 301 carries its purge key, so a merge, a hide or a retired address drops it at the edge. */
    readonly tagId?: string,
  ) {}
}

export const isRedirect = (value: unknown): value is Redirect => value instanceof Redirect;

/**
 * Where a redirect sends a reader who came with a query and a fragment: the new path with both
 * kept (?utm_source=whatsapp, #section), as a shared link meant them.
 */
export const redirectTarget = (redirect: Redirect, from: { search: string; hash?: string }) =>
  `${redirect.path}${from.search}${from.hash ?? ''}`;
