import { LINK_TAGS, tagLink } from '@/lib/channels';
import { liveEntryPath } from '@/lib/live';
import { articlePath } from '@/lib/readerPaths';

/**
 * What a push message carries to the service worker (src/offline/push.ts reads it): encrypted by
 * the sender (aes128gcm), so only the device reads it. The URL is the article's; for a live
 * coverage's key event, the entry's own address (liveEntryPath: the page that starts with it, at its
 * anchor), since the first page holds only the newest 20 and an alert is opened hours later too. A
 * reader with data-saver mode on gets its lite page there (their cookie or Save-Data decides, as
 * for any page).
 */
export interface AlertPayload {
  /** The alert's id: the worker counts an open against it (push_alert_opened), nothing else. */
  alert: number;
  title: string;
  body: string;
  url: string;
  icon: string;
  badge: string;
  /** Where the worker counts an open: the Supabase RPC and the public anon key. */
  opened?: { url: string; key: string };
}

export const ALERT_ICON = '/icons/icon-192.png';

export function alertPayload(
  alert: { alert_id: number; title: string; body: string; slug: string; entry_seq?: number | null },
  site: { origin: string; supabaseUrl?: string; anonKey?: string },
): AlertPayload {
  return {
    alert: alert.alert_id,
    title: alert.title,
    body: alert.body,
    // Tagged as an alert's (s=al): its readers are counted as the alerts' (src/lib/channels.ts).
    url: tagLink(
      new URL(alert.entry_seq ? liveEntryPath(alert.slug, alert.entry_seq) : articlePath(alert.slug), site.origin).href,
      LINK_TAGS.alertes,
    ),
    icon: new URL(ALERT_ICON, site.origin).href,
    badge: new URL(ALERT_ICON, site.origin).href,
    ...(site.supabaseUrl && site.anonKey && { opened: { url: `${site.supabaseUrl}/rest/v1/rpc/push_alert_opened`, key: site.anonKey } }),
  };
}

/** A push message's data read back by the worker: null when it is not an alert of ours. */
export function readAlertPayload(data: unknown): AlertPayload | null {
  if (!data || typeof data !== 'object') return null;
  const p = data as Partial<AlertPayload>;
  if (typeof p.alert !== 'number' || typeof p.title !== 'string' || typeof p.body !== 'string' || typeof p.url !== 'string') return null;
  return p as AlertPayload;
}
