// A message that survives one full page load (from the reader's /auth to the back office), shown
// by the page that loads next.
const KEY = 'flash-message';

export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Private browsing without storage: the message is a courtesy, not needed.
  }
}

export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return null;
  }
}
