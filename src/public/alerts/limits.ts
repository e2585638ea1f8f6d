import { clockLabel } from '@/lib/clockTime';
import type { SiteEnv } from '@/lib/siteEnv';

/** What the sender holds alerts to (push_settings, read through push_limits). */
export interface AlertLimits {
  daily_cap: number;
  quiet_enabled: boolean;
  quiet_start: string;
  quiet_end: string;
}

/** « 3 alertes par jour au plus, aucune la nuit (22 h – 7 h). »: what the panel promises, from the settings. */
export function alertLimitsText({ daily_cap, quiet_enabled, quiet_start, quiet_end }: AlertLimits): string {
  const cap = `${daily_cap} alerte${daily_cap > 1 ? 's' : ''} par jour au plus`;
  if (!quiet_enabled || quiet_start === quiet_end) return `${cap}.`;
  return `${cap}, aucune la nuit (${clockLabel(quiet_start)} – ${clockLabel(quiet_end)}).`;
}

/** The limits as the database holds them; null when they could not be read (the panel then says nothing of them). */
export async function fetchAlertLimits(env: SiteEnv): Promise<AlertLimits | null> {
  const response = await fetch(`${env.supabaseUrl}/rest/v1/rpc/push_limits`, {
    headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
  }).catch(() => null);
  if (!response?.ok) return null;
  const [limits] = (await response.json()) as AlertLimits[];
  return limits ?? null;
}
