import { PUBLIC_STATUSES } from '@/lib/articleVisibility';
import { refusalLayers } from '../../providers/frenchErrors';
import type { PanelImage } from './types';

/** Whether the status takes an article out to readers (now, or at its scheduled time). */
export const goesOut = (status: unknown) => typeof status === 'string' && (PUBLIC_STATUSES as readonly string[]).includes(status);

/** The numbers (1 first, as the panel shows them) of the images without alternative text. */
export function missingAltText(images: readonly PanelImage[]): number[] {
  return images.flatMap((image, i) => (image.alt_text?.trim() ? [] : [i + 1]));
}

const listed = (numbers: number[]) =>
  numbers.length === 1 ? String(numbers[0]) : `${numbers.slice(0, -1).join(', ')} et ${numbers[numbers.length - 1]}`;

/**
 * The refusal in French, naming the images when they are known (« … à l'image 2 avant de publier. »).
 * A scheduled article is not published yet: it says « programmer ».
 */
export function altTextRequiredMessage(numbers: number[] = [], status: unknown = 'published'): string {
  const which = !numbers.length ? 'à chaque image' : numbers.length === 1 ? `à l'image ${numbers[0]}` : `aux images ${listed(numbers)}`;
  return `Ajoutez un texte alternatif ${which} avant de ${status === 'scheduled' ? 'programmer' : 'publier'} l'article.`;
}

/** Set by the data provider when the write of one image was refused (see articleImageRows). */
interface ImageRefusal {
  imageNumber?: number;
}

/**
 * The database refused an image without alternative text on an article that goes out (SQLSTATE
 * 23514, detail 'alt_text_required'): the French message, naming the image when the refused write
 * was one image's. Null for any other error. Looks through wrapped errors (their cause).
 */
export function altTextRefusal(error: unknown): string | null {
  const layers = refusalLayers(error);
  if (!layers.some((e) => e.code === '23514' && e.details === 'alt_text_required')) return null;
  const number = layers.map((e) => (e.error as ImageRefusal).imageNumber).find(Boolean);
  return altTextRequiredMessage(number ? [number] : []);
}
