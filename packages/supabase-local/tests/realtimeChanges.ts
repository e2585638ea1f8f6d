import type { SupabaseClient } from '@supabase/supabase-js';

/** A postgres_changes event as supabase-js hands it to the callback. */
export type Change = {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors: string[] | null;
  commit_timestamp: string;
  [k: string]: unknown;
};

export interface ChangesBinding {
  event: string;
  schema?: string;
  table: string;
  filter?: string;
  select?: string[];
}

/** Subscribes one postgres_changes binding through supabase-js; resolves once the server answered, collecting events. */
export async function listenChanges(sb: SupabaseClient, binding: ChangesBinding, name = `t${Math.random()}`) {
  const events: Change[] = [];
  const channel = sb
    .channel(name)
    .on('postgres_changes' as never, { schema: 'public', ...binding } as never, (p: Change) => events.push(p));
  const status = await new Promise<string>((resolve) =>
    channel.subscribe((s, err) => (s === 'SUBSCRIBED' ? resolve(s) : resolve(`${s}: ${err?.message}`))),
  );
  return { channel, events, status };
}
