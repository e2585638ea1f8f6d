import { cdnFetch, chunks, PurgeError, refusal, type PurgeAdapter, type PurgeBatch } from './adapter';

export const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';
/** Tags or addresses per purge_cache call: 30 is what every plan accepts. */
const ITEMS_PER_CALL = 30;

export type CloudflareMode = 'tags' | 'urls';

/**
 * CLOUDFLARE_ZONE_ID + CLOUDFLARE_API_TOKEN (a token with Zone › Cache Purge › Purge):
 * `POST /zones/{zone}/purge_cache` with `{"tags": […]}` (plans with purge by tag) or `{"files": […]}`
 * (every plan: the addresses `urls` maps the keys to, urls.ts); `all` purges everything.
 */
export function cloudflareAdapter(
  zone: string,
  token: string,
  mode: CloudflareMode,
  urls: (batch: PurgeBatch) => Promise<string[] | null>,
  base = CLOUDFLARE_API,
): PurgeAdapter {
  const endpoint = `${base.replace(/\/$/, '')}/zones/${encodeURIComponent(zone)}/purge_cache`;
  const call = async (body: object) => {
    const res = await cdnFetch('Cloudflare', endpoint, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw await refusal('Cloudflare', res);
    const answer = (await res.json().catch(() => null)) as { success?: boolean; errors?: { code?: number; message?: string }[] } | null;
    if (answer?.success !== true) {
      const errors = (answer?.errors ?? []).map((e) => `${e.code ?? ''} ${e.message ?? ''}`.trim()).join('; ');
      throw new PurgeError(`Cloudflare: purge refused${errors ? ` (${errors})` : ''}`);
    }
  };
  return {
    name: `Cloudflare (${mode})`,
    async purge(batch) {
      if (batch.keys.includes('all')) return call({ purge_everything: true });
      const items = mode === 'tags' ? batch.keys : await urls(batch);
      // A key no address list covers (the menu, on every page): everything.
      if (items === null) return call({ purge_everything: true });
      for (const slice of chunks(items, ITEMS_PER_CALL)) await call(mode === 'tags' ? { tags: slice } : { files: slice });
    },
  };
}
