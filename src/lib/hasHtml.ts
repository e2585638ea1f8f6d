/**
 * Content with HTML tags is rendered as HTML; anything else is plain text (docs/product.md#article-body).
 * On its own, apart from the text helpers of content.ts, so the reader's first load (route table,
 * head tags) carries only this.
 */
export function hasHtml(content: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i.test(content);
}
