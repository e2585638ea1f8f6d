import { useEffect, useState } from 'react';
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import { supabase } from '@/lib/supabase';
import { otherEditors, presenceName, presenceTopic, type EditorPresence, type OtherEditors, type PresenceState } from './presence';

const NOBODY: OtherEditors = { names: [], selfElsewhere: false };

/**
 * Who else has this article's edit page open: joins the article's private presence channel
 * (administrators only, by the migration's policies on realtime.messages) and announces this tab
 * as {user_id, name}. Each tab is its own presence key, so a second tab of the same account is
 * told apart from this one. Leaves the channel on unmount.
 */
export function useArticlePresence(articleId: string): OtherEditors {
  const [others, setOthers] = useState<OtherEditors>(NOBODY);

  useEffect(() => {
    let active = true;
    let client: RealtimeClient | undefined;
    let channel: RealtimeChannel | undefined;
    const key = crypto.randomUUID();
    const topic = presenceTopic(articleId);

    const join = async () => {
      const { data } = await supabase.auth.getSession();
      const user = data.session?.user;
      if (!user) return;
      const { data: profile } = await supabase.from('profiles').select('full_name').eq('user_id', user.id).maybeSingle();
      const me: EditorPresence = { user_id: user.id, name: presenceName(profile?.full_name, user.email) };
      const realtime = await supabase.realtime();
      // A private channel is joined with the admin's token: make sure the connection has it
      // before the join goes out (otherwise it could leave as anon and be refused).
      await realtime.setAuth();
      // realtime-js hands back an existing channel of the same topic (a previous mount's, still
      // leaving): let it finish leaving, so this mount gets a fresh one.
      const stale = realtime.getChannels().filter((c) => c.topic === `realtime:${topic}`);
      await Promise.all(stale.map((c) => realtime.removeChannel(c)));
      if (!active) return;
      client = realtime;
      const joined = realtime.channel(topic, { config: { private: true, presence: { key } } });
      channel = joined;
      joined
        .on('presence', { event: 'sync' }, () => {
          if (active) setOthers(otherEditors(joined.presenceState() as unknown as PresenceState, { key, userId: user.id }));
        })
        .subscribe((status, error) => {
          // Sent again after a reconnection, which joins anew.
          if (status === 'SUBSCRIBED') void joined.track(me);
          if (status === 'CHANNEL_ERROR') console.error('Editor presence unavailable', error);
        });
    };
    join().catch((error: unknown) => console.error('Editor presence unavailable', error));

    return () => {
      active = false;
      setOthers(NOBODY);
      if (client && channel) void client.removeChannel(channel);
    };
  }, [articleId]);

  return others;
}
