import { newsroomTimeZone } from '@/lib/env';
import { formatNewsroomDate } from '@/lib/newsroomTime';

/** A back-office date, "21/11/2026": in French and on the newsroom's clock, whatever the browser's language and zone. */
export const newsroomDate = (value: string | Date | null | undefined): string => formatNewsroomDate(value, newsroomTimeZone());
