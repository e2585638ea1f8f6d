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
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers = Object.fromEntries(request.headers);
    headers['user-agent'] ??= userAgent;
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      // Redirects are not followed, so a test sees an e-mail link's Location.
      const req = http.request(request.url, { method: request.method, headers, localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 502;
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) for (const one of [value ?? []].flat()) out.append(name, one);
          resolve(new Response([101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      });
      req.on('error', reject);
      request.signal.addEventListener('abort', () => req.destroy(new Error('aborted')));
      req.end(body);
    });
  };
}

/** supabase-js (anon key unless given) whose requests leave from `localAddress`. */
export function clientFrom(localAddress: string, options: { key?: string; userAgent?: string } = {}): SupabaseClient {
  return createClient(inject('apiUrl'), options.key ?? inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: { fetch: fetchFrom(localAddress, options.userAgent) },
  });
}
