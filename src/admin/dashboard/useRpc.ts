import { useEffect, useState } from 'react';
import { supabase } from '@/lib/supabase';

export interface RpcState<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
}

/**
 * Calls a statistics function of the database (admins only, enforced there) once per change of
 * its arguments. The previous answer stays on screen while the next one loads (a failure clears it),
 * and an answer that arrives after the arguments changed again is dropped, so quick period switches
 * never show stale figures.
 */
export function useRpc<T>(fn: string, args: Record<string, unknown> = {}): RpcState<T> {
  const key = JSON.stringify(args);
  const [state, setState] = useState<RpcState<T>>({ data: undefined, error: null, loading: true });
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    supabase
      .rpc(fn, JSON.parse(key) as Record<string, unknown>)
      .then(({ data, error }) => {
        if (!current) return;
        // On failure the previous answer goes too: figures of another period would mislead.
        if (error) setState({ data: undefined, error: error.message, loading: false });
        else setState({ data: data as T, error: null, loading: false });
      })
      .then(undefined, (e: unknown) => {
        // A network failure rejects instead of returning an error object.
        if (current) setState({ data: undefined, error: e instanceof Error ? e.message : String(e), loading: false });
      });
    return () => {
      current = false;
    };
  }, [fn, key]);
  return state;
}
