import { shareText, type SharedPage } from './share';

/**
 * The phone's own share sheet (Web Share API) where it is worth offering: the browser has it and
 * the main pointer is a finger. Desktop Chrome and Edge have navigator.share too, but their sheet
 * lists few apps; there the network buttons serve better.
 */
export function canShareNatively(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.share === 'function' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(pointer: coarse)').matches
  );
}

/**
 * Opens the share sheet with the same message as WhatsApp's: the text carries the bold title and
 * the key points, the link goes as `url` (each app places it; in the text it would come twice).
 * A reader who closes the sheet (AbortError) has not met an error: 'cancelled'.
 */
export async function shareNatively(page: SharedPage): Promise<'shared' | 'cancelled'> {
  try {
    await navigator.share({ title: page.title, text: shareText(page), url: page.url });
    return 'shared';
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'AbortError') return 'cancelled';
    throw error;
  }
}
