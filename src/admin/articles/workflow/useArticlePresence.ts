import { useEffect, useState } from 'react';
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import { supabase } from '@/lib/supabase';
import { realtimeForPrivateTopic } from '../../realtimeChannels';
import { announcedUserIds, otherEditors, presenceTopic, type EditorPresence, type OtherEditors, type PresenceState } from './presence';
import { lookUpMemberNames } from './presenceNames';

const NOBODY: OtherEditors = { names: [], selfElsewhere: false };

/**
 * Who else has this article's edit page open: joins the article's private presence channel
 * (the members who may edit the article, by the migrations' policies on realtime.messages) and
 * announces this tab as {user_id}. Colleagues are named from the newsroom's records, looked up by
 * the ids announced (a payload's name is its sender's word, and hosted Realtime never checks it).
 * Each tab is its own presence key, so a second tab of the same account is told apart from this
 * one. Leaves the channel on unmount.
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
      const me: EditorPresence = { user_id: user.id };
      const realtime = await realtimeForPrivateTopic(topic);
      if (!active) return;
      client = realtime;
      const joined = realtime.channel(topic, { config: { private: true, presence: { key } } });
      channel = joined;
      // Each account is looked up once; ids that are no newsroom member's stay out of `members`.
      const members = new Map<string, string | null>();
      const asked = new Set<string>();
      const show = () => {
        const state = joined.presenceState() as unknown as PresenceState;
        if (active) setOthers(otherEditors(state, { key, userId: user.id }, members));
      };
      const sync = async () => {
        const unknown = announcedUserIds(joined.presenceState() as unknown as PresenceState).filter((id) => !asked.has(id));
        if (unknown.length > 0) {
          for (const [id, name] of await lookUpMemberNames(supabase, unknown)) members.set(id, name);
          for (const id of unknown) asked.add(id);
        }
        show();
      };
      joined
        .on('presence', { event: 'sync' }, () => {
          sync().catch((error: unknown) => console.error('Editor presence names unavailable', error));
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
