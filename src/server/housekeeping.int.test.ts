import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { startHousekeeping } from './housekeeping';

// The chores `npm start` runs every minute, one tick of them against the real stack: a live
// coverage left twelve hours without an entry is stored as closed.

const svc = serviceClient();
const made: string[] = [];
afterAll(async () => {
  await svc.from('articles').delete().in('id', made);
});

describe('startHousekeeping', () => {
  it('stores the closing of a live coverage idle for twelve hours, and leaves an active one open', async () => {
    // Both went out the day before; one has had an entry since.
    const live = async (name: string) => {
      const slug = `${name}-${Date.now()}`;
      const published_at = new Date(Date.now() - 14 * 3600_000).toISOString();
      const { data, error } = await svc
        .from('articles')
        .insert({ slug, title: slug, content: '<p>x</p>', status: 'published', format: 'live', published_at })
        .select('id')
        .single();
      if (error) throw error;
      made.push(data.id);
      return data.id as string;
    };
    const [idle, active] = [await live('direct-endormi'), await live('direct-actif')];
    await svc.rpc('live_post', { p_id: randomUUID(), p_article_id: active, p_body: 'Toujours en cours.' });
    await svc
      .from('live_coverages')
      .update({ active_at: new Date(Date.now() - 13 * 3600_000).toISOString() })
      .eq('article_id', idle);

    const chores = startHousekeeping({ SUPABASE_SERVICE_ROLE_KEY: inject('serviceRoleKey') }, inject('apiUrl'));
    try {
      await chores.tick();
    } finally {
      chores.stop();
    }
    const { data } = await svc.from('live_coverages').select('article_id, state').in('article_id', [idle, active]);
    expect(Object.fromEntries(data!.map((c) => [c.article_id, c.state]))).toEqual({ [idle]: 'closed', [active]: 'open' });
  });
});
