/**
 * Data-saver mode (« Mode léger »): who decides, and how the choice is kept. Pure, and free
 * of React, so the server, the reader app and the small lite script all read it the same way.
 *
 * A reader's own choice (the toggle) wins; without one, the browser's Save-Data signal decides
 * (the `Save-Data: on` request header, `navigator.connection.saveData` in the page).
 */

/** Cookie (read by the server, so it renders the right variant) and localStorage key. */
export const DATA_SAVER_KEY = 'data-saver';
const ONE_YEAR_S = 365 * 24 * 3600;

export type Choice = 'on' | 'off' | null;

export function parseChoice(value: string | null | undefined): Choice {
  return value === 'on' || value === 'off' ? value : null;
}

/** The choice recorded in a Cookie header, if any. */
export function choiceFromCookie(cookieHeader: string | null | undefined): Choice {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DATA_SAVER_KEY) return parseChoice(value.join('='));
  }
  return null;
}

/** On when the reader chose it, or when they did not choose and the browser asks to save data. */
export function isDataSaverOn(choice: Choice, browserSavesData: boolean): boolean {
  return choice ? choice === 'on' : browserSavesData;
}

/** What the server decides for a request. */
export function dataSaverForRequest(headers: { cookie?: string | string[]; 'save-data'?: string | string[] }): boolean {
  const cookie = Array.isArray(headers.cookie) ? headers.cookie.join('; ') : headers.cookie;
  const saveData =
    String(headers['save-data'] ?? '')
      .trim()
      .toLowerCase() === 'on';
  return isDataSaverOn(choiceFromCookie(cookie), saveData);
}

/** The browser's own Save-Data signal (Chrome on Android's "Lite mode" and data-saver settings). */
export function browserSavesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** The reader's recorded choice in this browser: localStorage first, then the cookie. */
export function storedChoice(): Choice {
  let stored: Choice = null;
  try {
    stored = parseChoice(localStorage.getItem(DATA_SAVER_KEY));
  } catch {
    // Storage can be refused (private mode, settings): the cookie still holds the choice.
  }
  return stored ?? choiceFromCookie(document.cookie);
}

/** Records the reader's choice for this browser and for the server's next page. */
export function storeChoice(on: boolean): void {
  const value = on ? 'on' : 'off';
  try {
    localStorage.setItem(DATA_SAVER_KEY, value);
  } catch {
    // See storedChoice.
  }
  document.cookie = `${DATA_SAVER_KEY}=${value}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
}

/** Data-saver mode as this browser sees it now. */
export const dataSaverInBrowser = () => isDataSaverOn(storedChoice(), browserSavesData());

/**
 * What this browser knows better than the server that rendered the page: a choice the reader
 * made (in another tab, say), or its own Save-Data signal. Null when it knows nothing more (no
 * choice, no signal: Safari and Firefox have no navigator.connection; a proxy may have added the
 * header), and then the server's decision stands.
 */
export function browserOverride(): boolean | null {
  const choice = storedChoice();
  if (choice) return choice === 'on';
  return browserSavesData() ? true : null;
}

/**
 * Writes the choice kept in localStorage back into the cookie: browsers cap the life of cookies
 * set by scripts (Safari: 7 days), and the server must keep seeing the reader's choice.
 */
export function refreshChoiceCookie(): void {
  let stored: Choice = null;
  try {
    stored = parseChoice(localStorage.getItem(DATA_SAVER_KEY));
  } catch {
    return;
  }
  if (stored) storeChoice(stored === 'on');
}

/** Set once the reader answered the first-visit offer (DataSaverOffer), either way. */
export const DATA_SAVER_OFFER_KEY = 'data-saver-offer';

/** Connections slow enough to offer data-saver mode on a first visit (Network Information API). */
const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

/**
 * Whether to offer data-saver mode: a reader who never chose, never answered the offer, on a slow
 * connection, with the mode off. (Save-Data, or the browser's saveData, turns the mode on by itself.)
 */
export function shouldOfferDataSaver(state: { on: boolean; choice: Choice; answered: boolean; effectiveType?: string }): boolean {
  return !state.on && state.choice === null && !state.answered && SLOW_CONNECTIONS.has(state.effectiveType ?? '');
}

/** shouldOfferDataSaver for this browser now. */
export function offerDataSaverHere(on: boolean): boolean {
  let answered = true;
  try {
    answered = localStorage.getItem(DATA_SAVER_OFFER_KEY) !== null;
  } catch {
    // No storage: no way to remember an answer, so no offer that would come back on every page.
  }
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return shouldOfferDataSaver({ on, choice: storedChoice(), answered, effectiveType: connection?.effectiveType });
}

/** Remembers that the reader answered the offer. */
export function answerDataSaverOffer(): void {
  try {
    localStorage.setItem(DATA_SAVER_OFFER_KEY, 'answered');
  } catch {
    // See offerDataSaverHere.
  }
}
