/** The attribute on the lite script naming the reader app's entry, which it loads on hand-off. */
export const LITE_APP_ATTRIBUTE = 'data-app';
/** Marks #root on a lite page: the reader app renders it afresh instead of hydrating it. */
export const LITE_ROOT_ATTRIBUTE = 'data-lite';

/** A JSON block the server wrote into the page (site settings, page data). */
export function readPageJson<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  try {
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}
