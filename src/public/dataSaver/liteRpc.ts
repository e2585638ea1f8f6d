import type { SiteEnv } from '@/lib/siteEnv';

/**
 * A database function called as the anon reader, with no client library (the lite page has none).
 * Only the lite script and the alerts panel import it: a module the reader app shares moves into the
 * app's first load. `init.headers` may replace the Authorization (a signed-in reader's token).
 */
export const liteRpc = (env: SiteEnv, fn: string, args: Record<string, unknown>, init: RequestInit = {}) =>
  fetch(`${env.supabaseUrl}/rest/v1/rpc/${fn}`, {
    ...init,
    method: 'POST',
    headers: {
      apikey: env.supabaseAnonKey,
      Authorization: `Bearer ${env.supabaseAnonKey}`,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
    body: JSON.stringify(args),
  });
