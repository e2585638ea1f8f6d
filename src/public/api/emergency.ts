import type { DataClient } from '@/lib/supabase';

/**
 * What « Mode urgence » shows readers (public.emergency_notice()): whether it is on, its banner,
 * « Infos pratiques », the mirror's address, and the day a prepared edition is offered until.
 */
export interface EmergencyNotice {
  on: boolean;
  banner: string;
  practicalInfo: string;
  mirrorUrl: string;
  /** 'YYYY-MM-DD' while it is to come, else null. */
  preparedUntil: string | null;
}

export const NO_EMERGENCY: EmergencyNotice = { on: false, banner: '', practicalInfo: '', mirrorUrl: '', preparedUntil: null };

/**
 * Read by the server with every page it renders, as the menu is: a change moves the content
 * version and purges every page. Fails when it cannot be read (the page is then not kept).
 */
export async function fetchEmergencyNotice(db: DataClient): Promise<EmergencyNotice> {
  const { data, error } = await db.rpc('emergency_notice');
  if (error) throw new Error(`The emergency notice did not load: ${error.message}`);
  const row = data?.[0];
  if (!row) return NO_EMERGENCY;
  return {
    on: row.is_on,
    banner: row.banner,
    practicalInfo: row.practical_info,
    mirrorUrl: row.mirror_url,
    // Null past the date (the type generator cannot tell the function's column may be null).
    preparedUntil: row.prepared_until ?? null,
  };
}

/** The mirror's address as readers would type it: host and path, no scheme. */
export const mirrorHost = (url: string): string => url.replace(/^https?:\/\//, '').replace(/\/$/, '');
