import { cdnFetch, chunks, refusal, type PurgeAdapter } from './adapter';

/** Keys per BAN: the Surrogate-Key header stays well under the usual 8 KB header limits. */
const KEYS_PER_BAN = 100;

/**
 * CDN_PURGE_URL (Varnish, deploy/varnish/default.vcl, or any self-hosted cache): HTTP `BAN` to that
 * address with `Surrogate-Key: k1 k2 …`; the cache bans every object whose Surrogate-Key holds one.
 */
export function httpBanAdapter(url: string): PurgeAdapter {
  return {
    name: `HTTP BAN ${url}`,
    async purge({ keys }) {
      for (const slice of chunks(keys, KEYS_PER_BAN)) {
        const res = await cdnFetch('BAN', url, { method: 'BAN', headers: { 'Surrogate-Key': slice.join(' ') } });
        if (!res.ok) throw await refusal('BAN', res);
        await res.body?.cancel();
      }
    },
  };
}
