import { TextInput, type Validator } from 'react-admin';
import { newsroomTimeZone } from '@/lib/env';
import { fromWallClock, toWallClock } from './newsroomTime';
import type { ArticleFormValues } from './types';

export const SCHEDULE_MISSING = "Indiquez la date et l'heure de publication.";
export const SCHEDULE_PAST = 'Cette heure est déjà passée : choisissez un moment à venir.';

/** A scheduled article needs a moment still to come; the other statuses ignore the field. */
export function scheduleError(value: string | null | undefined, status: ArticleFormValues['status'], now: number = Date.now()): string | undefined {
  if (status !== 'scheduled') return undefined;
  const at = value ? Date.parse(value) : NaN;
  if (Number.isNaN(at)) return SCHEDULE_MISSING;
  return at <= now ? SCHEDULE_PAST : undefined;
}

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
      label="Date et heure de publication"
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
