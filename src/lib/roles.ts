import { supabase } from './supabase';

/**
 * The spec's role lookup (RPC has_role), for the reader's header and /auth and for the back-office
 * gate. The database, not this check, is what enforces access.
 */
export async function isAdmin(userId: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('has_role', { _user_id: userId, _role: 'admin' });
  if (error) throw new Error(`Vérification du rôle impossible : ${error.message}`);
  return data === true;
}
