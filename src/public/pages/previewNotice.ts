import { formatNewsroomTime } from '@/lib/newsroomTime';
import type { PreviewData } from '../api/types';

/**
 * What the preview banner says of a scheduled article: its moment as the newsroom set it, in the
 * newsroom's time zone and named ("2 déc. 2026, 07:00 UTC+1"), as the editor and the list show it.
 */
export const scheduledNotice = (publishedAt: string, timeZone: string) =>
  `Programmé : en ligne le ${formatNewsroomTime(publishedAt, timeZone)}. Les lecteurs ne le voient pas encore.`;

/** The banner's title for an article readers do not see yet: sent for review, or not yet out. */
export const previewBannerTitle = (state: Exclude<PreviewData['state'], 'public'>) =>
  state === 'review' ? 'À relire — non publié' : 'Aperçu — non publié';

export const DRAFT_NOTICE = 'Brouillon : les lecteurs ne voient pas cet article.';
export const REVIEW_NOTICE = 'En attente de relecture par un administrateur : les lecteurs ne voient pas cet article.';
