import http from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';

/**
 * A fetch whose connections leave from `localAddress`. Linux routes all of 127.0.0.0/8 to the
 * loopback interface, so 127.0.0.2, 127.0.0.3… are distinct clients to the gateway (which reads
 * the socket's address, never a forwarded header): one address can flood while a reader on
 * another signs in. Redirects are not followed, so a test sees an e-mail link's Location.
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers = Object.fromEntries(request.headers);
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const req = http.request(request.url, { method: request.method, headers, localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) for (const one of [value ?? []].flat()) out.append(name, one);
          const status = res.statusCode ?? 502;
          resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  };
}

/** supabase-js as a reader on another machine would use it: every request from `localAddress`. */
export function clientFrom(localAddress: string, key = inject('anonKey')): SupabaseClient {
  return createClient(inject('apiUrl'), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: { fetch: fetchFrom(localAddress) },
  });
}
