import { cdnFetch, chunks, refusal, type PurgeAdapter } from './adapter';

export const FASTLY_API = 'https://api.fastly.com';
/** Fastly's limit of surrogate keys per purge call. */
const KEYS_PER_CALL = 256;

/**
 * FASTLY_SERVICE_ID + FASTLY_API_TOKEN (a token with the purge_select scope, purge_all for `all`):
 * `POST /service/{id}/purge` with `Surrogate-Key: k1 k2 …`, or `/purge_all` for the key `all`.
 */
export function fastlyAdapter(serviceId: string, token: string, base = FASTLY_API): PurgeAdapter {
  const service = `${base.replace(/\/$/, '')}/service/${encodeURIComponent(serviceId)}`;
  const headers = { 'Fastly-Key': token, Accept: 'application/json' };
  const call = async (url: string, extra: Record<string, string> = {}) => {
    const res = await cdnFetch('Fastly', url, { method: 'POST', headers: { ...headers, ...extra } });
    if (!res.ok) throw await refusal('Fastly', res);
    await res.body?.cancel();
  };
  return {
    name: 'Fastly',
    async purge({ keys }) {
      if (keys.includes('all')) return call(`${service}/purge_all`);
      for (const slice of chunks(keys, KEYS_PER_CALL)) await call(`${service}/purge`, { 'Surrogate-Key': slice.join(' ') });
    },
  };
}
