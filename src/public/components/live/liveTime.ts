import { newsroomTimeZone } from '@/lib/env';
import { usePage } from '../../page/PageContext';

/**
 * The newsroom's time zone for live entries' times: the server renders with its settings, the
 * browser reads the same from the page's settings block, so hydration shows the same hour.
 */
export function useNewsroomZone(): string {
  return usePage().timeZone ?? newsroomTimeZone();
}
