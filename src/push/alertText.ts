/**
 * An alert's words: a title (the article's, ≤ 80 characters) and a short text (≤ 120), prefilled
 * from the article's first key point, else its excerpt. The editor's dialog and npm run
 * push:send share them; the database checks the same limits (push_alerts).
 */
export const ALERT_TITLE_MAX = 80;
export const ALERT_BODY_MAX = 120;

/** Text cut to `max` characters at a word, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > max / 2 ? atWord : cut).replace(/[\s,;:.]+$/, '')}…`;
}

export interface AlertArticle {
  title: string;
  key_points?: string[] | null;
  excerpt?: string | null;
}

/** The prefilled title and text of an alert about `article`. */
export function defaultAlertText(article: AlertArticle): { title: string; body: string } {
  const source = article.key_points?.find((p) => p.trim()) ?? article.excerpt ?? article.title;
  return { title: clip(article.title, ALERT_TITLE_MAX), body: clip(source, ALERT_BODY_MAX) };
}
