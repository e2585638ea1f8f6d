import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import { realtimeForPrivateTopic } from '../realtimeChannels';
import { NOTICES_RESOURCE, noticesTopic } from './notices';

/**
 * Keeps every notices query current: joins the member's private channel and, on each new notice or
 * one marked seen (in another tab too), has react-admin read them again. Leaves on unmount.
 */
export function useNoticesLive(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let active = true;
    let client: RealtimeClient | undefined;
    let channel: RealtimeChannel | undefined;
    const topic = noticesTopic(userId);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: [NOTICES_RESOURCE] });
    const join = async () => {
      const realtime = await realtimeForPrivateTopic(topic);
      if (!active) return;
      client = realtime;
      channel = realtime
        .channel(topic, { config: { private: true } })
        .on('postgres_changes', { event: '*', schema: 'public', table: 'notices', filter: `recipient_id=eq.${userId}` }, refresh)
        .subscribe((status, error) => {
          if (status === 'SUBSCRIBED') refresh();
          if (status === 'CHANNEL_ERROR') console.error('Notifications en direct indisponibles', error);
        });
    };
    join().catch((error: unknown) => console.error('Notifications en direct indisponibles', error));
    return () => {
      active = false;
      if (client && channel) void client.removeChannel(channel);
    };
  }, [userId, queryClient]);
}
