import { TextInput, type Validator } from 'react-admin';
import { newsroomTimeZone } from '@/lib/env';
import { fromWallClock, toWallClock } from '@/lib/newsroomTime';
import { scheduleError } from './schedule';
import type { ArticleFormValues } from './types';

const validateSchedule: Validator = (value, values) => scheduleError(value, (values as ArticleFormValues).status);

/**
 * 'Programmé''s date and time, typed and shown in the newsroom's time zone to the second; the
 * form holds it as a UTC instant (published_at).
 */
export function ScheduleInput() {
  const timeZone = newsroomTimeZone();
  return (
    <TextInput
      source="published_at"
      type="datetime-local"
      validate={validateSchedule}
      format={(value: string | null | undefined) => (value ? toWallClock(value, timeZone) : '')}
      parse={(wall: string) => (wall ? fromWallClock(wall, timeZone) : null)}
      helperText={`Heure de la rédaction (${timeZone}). L'article devient visible des lecteurs à ce moment précis.`}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
      sx={{ minWidth: 280 }}
    />
  );
}
