import http from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';

/**
 * Distinct readers as the gateway sees them. The gateway overwrites X-Forwarded-For from the
 * socket (a header a client writes proves nothing), so a test tells clients apart the only way
 * that holds: by connecting from distinct loopback addresses (all of 127.0.0.0/8 is local on
 * Linux). `fetchFrom` is a fetch over node:http bound to `localAddress`, for supabase-js.
 */
export function fetchFrom(localAddress: string, userAgent = 'test-reader'): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      headers['user-agent'] ??= userAgent;
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method: init.method ?? 'GET', headers, localAddress },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const status = res.statusCode ?? 500;
            const body = [101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
            resolve(new Response(body, { status, headers: out }));
          });
        },
      );
      req.on('error', reject);
      init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
      req.end(typeof init.body === 'string' ? init.body : undefined);
    });
}

/** supabase-js (anon key unless given) whose requests leave from `localAddress`. */
export function clientFrom(localAddress: string, options: { key?: string; userAgent?: string } = {}): SupabaseClient {
  return createClient(inject('apiUrl'), options.key ?? inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: { fetch: fetchFrom(localAddress, options.userAgent) },
  });
}
