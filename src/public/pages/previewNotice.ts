import { formatNewsroomTime } from '@/lib/newsroomTime';

/**
 * What the preview banner says of a scheduled article: its moment as the newsroom set it, in the
 * newsroom's time zone and named ("2 déc. 2026, 07:00 UTC+1"), as the editor and the list show it.
 */
export const scheduledNotice = (publishedAt: string, timeZone: string) =>
  `Programmé : en ligne le ${formatNewsroomTime(publishedAt, timeZone)}. Les lecteurs ne le voient pas encore.`;
