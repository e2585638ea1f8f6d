import type { Validator } from 'react-admin';
import { newsroomTimeZone } from '@/lib/env';
import { scheduleError } from './schedule';
import SchedulePicker from './SchedulePicker';
import type { ArticleFormValues } from './types';

const validateSchedule: Validator = (value, values) => scheduleError(value, (values as ArticleFormValues).status);

/**
 * 'Programmé''s date and time, typed and shown in French and in the newsroom's time zone to the
 * second whatever the browser's language and zone; the form holds it as a UTC instant (published_at).
 */
export function ScheduleInput() {
  const timeZone = newsroomTimeZone();
  return (
    <SchedulePicker
      timeZone={timeZone}
      validate={validateSchedule}
      helperText={`Heure de la rédaction (${timeZone}). L'article devient visible des lecteurs à ce moment précis.`}
    />
  );
}
