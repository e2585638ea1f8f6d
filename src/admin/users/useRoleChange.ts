import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { supabase } from '@/lib/supabase';
import { describeRoleError } from './roleErrors';

/**
 * Grants or revokes the admin role. RLS lets only admins write user_roles and a trigger keeps the
 * last admin, so this hook only reports what the database decided, in French, then refreshes the list.
 */
export function useRoleChange() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  const change = async (userId: string, name: string, makeAdmin: boolean): Promise<boolean> => {
    setBusy(true);
    const { error } = makeAdmin
      ? await supabase.from('user_roles').insert({ user_id: userId, role: 'admin' })
      : await supabase.from('user_roles').delete().eq('user_id', userId).eq('role', 'admin');
    setBusy(false);
    // 23505: another admin granted the role meanwhile; the outcome is the one asked for.
    if (error && error.code !== '23505') {
      const message = describeRoleError(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      refresh();
      return false;
    }
    const done = makeAdmin ? `${name} est désormais administrateur.` : `${name} n'est plus administrateur.`;
    notify(done, { type: 'success', messageArgs: { _: done } });
    refresh();
    return true;
  };
  return { change, busy };
}
