import type { ArticleFormValues } from './types';

/** The editor's own words, as "Copier mon texte" puts them on the clipboard: title, excerpt, content. */
export function articleText(values: Pick<ArticleFormValues, 'title' | 'excerpt' | 'content'>): string {
  return [values.title, values.excerpt, values.content]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Puts text on the clipboard: the Clipboard API, else the older copy command on a hidden text
 * box (a page without the permission). Resolves false when neither worked.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const box = document.createElement('textarea');
    box.value = text;
    box.setAttribute('readonly', '');
    box.style.position = 'fixed';
    box.style.opacity = '0';
    document.body.append(box);
    box.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      box.remove();
    }
  }
}
