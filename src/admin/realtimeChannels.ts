import type { RealtimeClient } from '@supabase/realtime-js';
import { supabase } from '@/lib/supabase';

/**
 * The realtime client, ready for a private channel of `topic`: signed in with the member's token
 * (a join sent before it would go out as anon and be refused), and without a channel of that topic
 * left by a previous mount (realtime-js would hand that one back, still leaving).
 */
export async function realtimeForPrivateTopic(topic: string): Promise<RealtimeClient> {
  const realtime = await supabase.realtime();
  await realtime.setAuth();
  const stale = realtime.getChannels().filter((c) => c.topic === `realtime:${topic}`);
  await Promise.all(stale.map((c) => realtime.removeChannel(c)));
  return realtime;
}
