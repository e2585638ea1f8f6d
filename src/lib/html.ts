/**
 * Escapes text for HTML (and XML) text and double-quoted attribute values. `'` is left as it is:
 * the sanitizer writes it that way too, so the editor can find its own image tags in saved HTML.
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
