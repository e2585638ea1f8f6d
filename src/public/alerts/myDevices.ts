import type { DataClient } from '@/lib/supabase';
import { LoadError } from '../api/types';

// A signed-in reader's alert devices, for their account (« Mes articles »): push_my_devices answers
// only the caller's own devices (those they subscribed while signed in), push_stop_my_device stops
// one of them. Neither names the reader: the session's token does.

export const MY_ALERTS_LOAD_ERROR = 'Erreur lors du chargement de vos alertes';

export interface MyAlertDevice {
  id: string;
  followsFront: boolean;
  /** Names of the categories it follows (ids the menu no longer has are left out). */
  categories: string[];
  /** Names of the countries and topics it follows (hidden tags left out); absent when none. */
  tags?: string[];
  createdAt: string;
  thisDevice: boolean;
}

export async function fetchMyAlertDevices(sb: DataClient, endpoint: string | null): Promise<MyAlertDevice[]> {
  const devices = await sb.rpc('push_my_devices', endpoint ? { p_endpoint: endpoint } : {});
  if (devices.error) throw new LoadError(MY_ALERTS_LOAD_ERROR, devices.error);
  const tagIds = [...new Set(devices.data.flatMap((d) => d.tags))];
  const [categories, tags] = await Promise.all([
    sb.from('categories').select('id, name'),
    tagIds.length ? sb.from('tags').select('id, name').in('id', tagIds) : null,
  ]);
  const names = new Map([...(categories.data ?? []), ...(tags?.data ?? [])].map((c) => [c.id, c.name]));
  return devices.data.map((d) => ({
    id: d.id,
    followsFront: d.follows_front,
    categories: d.categories.flatMap((id) => names.get(id) ?? []),
    ...(d.tags.length ? { tags: d.tags.flatMap((id) => names.get(id) ?? []) } : {}),
    createdAt: d.created_at,
    thisDevice: d.this_device,
  }));
}

/** Stops alerts on one of the reader's devices; false when it was no longer theirs (already stopped). */
export async function stopMyAlertDevice(sb: DataClient, id: string): Promise<boolean> {
  const { data, error } = await sb.rpc('push_stop_my_device', { p_id: id });
  if (error) throw new Error(`push_stop_my_device: ${error.message}`);
  return data;
}
