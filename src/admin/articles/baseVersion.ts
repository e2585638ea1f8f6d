/**
 * The article version the editor's text is based on: what every update sends, so the database
 * refuses it if a colleague saved since. It follows the loaded record (first load, each save,
 * a reload) and the editor's own image changes, which bump the version too (they set image_url):
 * those must not make the editor's next save look stale.
 */
export interface BaseVersion {
  current: number | null;
}

/**
 * This editor's own write took the article to `after`. Adopted only when it follows the base
 * directly: a larger jump means someone else saved in between, and the next save must be refused.
 */
export function followOwnWrite(base: BaseVersion, after: number): void {
  if (base.current != null && after === base.current + 1) base.current = after;
}
