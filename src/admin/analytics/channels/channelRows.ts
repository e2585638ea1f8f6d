/**
 * The channel tables' rows (« Sources », the editor's panel): what each channel brought and how it
 * was read, worked out from the database's sums. Averages and shares are over the readings (one
 * per view whose page sent its engagement as it was hidden); the median is the database's,
 * interpolated in bands of seconds (no reading is kept), so a tab left open pulls it less than the
 * average; « — » where there is none.
 */
import { CHANNEL_LABELS } from '@/lib/channels';
import type { ArticleSignups, ChannelFigures } from '@/lib/database';

export const CHANNEL_COLUMNS = [
  'Canal',
  'Vues',
  'Temps moyen',
  'Temps médian',
  'Fin atteinte',
  'Part allégée',
  'Ko moyens',
  'Nouveaux',
  'Réguliers',
  'Fidèles',
] as const;

const NONE = '—';
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((100 * part) / whole)} %` : NONE);

/** Seconds as a reader says them: « 45 s », « 2 min 05 ». */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')}`;
}

/** One table row per channel, most views first: the views a count, the rest as said (the screen and the CSV show the same). */
export function channelRows(figures: readonly ChannelFigures[]): [string, number, ...string[]][] {
  return [...figures]
    .sort((a, b) => b.views - a.views)
    .map((f) => [
      CHANNEL_LABELS[f.channel] ?? f.channel,
      f.views,
      f.readings > 0 ? formatDuration(f.engaged_seconds / f.readings) : NONE,
      f.median_engaged_seconds == null ? NONE : formatDuration(f.median_engaged_seconds),
      percent(f.completions, f.readings),
      percent(f.lite_views, f.views),
      f.readings > 0 ? String(Math.round(f.kilobytes / f.readings)) : NONE,
      percent(f.readers_new, f.readings),
      percent(f.readers_regular, f.readings),
      percent(f.readers_loyal, f.readings),
    ]);
}

/** « Inscriptions venues de l'article : 3 à la newsletter · 1 aux alertes » (article_signups). */
export const signupsText = ({ newsletter, alertes }: ArticleSignups): string =>
  `Inscriptions venues de l'article : ${newsletter} à la newsletter · ${alertes} aux alertes`;
