import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { anonClient, serviceClient, signedUpClient, postgresDb, waitForSchemaCache } from '../src/testing/clients.ts';

// Fixture tables of our own: the product schema is not what these tests are about.
const FIXTURES = `
  create table public.cf_categories (id bigint generated always as identity primary key, name text not null, slug text unique not null);
  create table public.cf_articles (
    id bigint generated always as identity primary key,
    title text not null,
    status text not null default 'draft',
    views int not null default 0,
    category_id bigint references public.cf_categories (id),
    created_by uuid default auth.uid()
  );
  alter table public.cf_categories enable row level security;
  alter table public.cf_articles enable row level security;
  create policy read_all on public.cf_categories for select using (true);
  create policy read_published on public.cf_articles for select using (status = 'published' or created_by = auth.uid());
  create policy write_own on public.cf_articles for insert to authenticated with check (created_by = auth.uid());
  create policy update_own on public.cf_articles for update to authenticated using (created_by = auth.uid());
  create policy delete_own on public.cf_articles for delete to authenticated using (created_by = auth.uid());
  grant select on public.cf_categories to anon, authenticated, service_role;
  grant select, insert, update, delete on public.cf_articles to anon, authenticated, service_role;
  create function public.cf_whoami() returns text language sql stable as $$ select current_user::text $$;
  create function public.cf_add(a int, b int) returns int language sql immutable as $$ select a + b $$;
  
  insert into public.cf_categories (name, slug) values ('Politique', 'politique'), ('Sport', 'sport'), ('Culture', 'culture');
  insert into public.cf_articles (title, status, views, category_id)
    select 'Article ' || g, case when g % 4 = 0 then 'draft' else 'published' end, g * 10, 1 + g % 3
    from generate_series(1, 20) g;
`;

beforeAll(async () => {
  const db = await postgresDb();
  await db.query(FIXTURES);
  await db.query(`notify pgrst, 'reload schema'`);
  await db.end();
  await waitForSchemaCache(() => anonClient().from('cf_articles').select('id, cf_categories(id)').limit(1));
});

describe('REST through the gateway (PostgREST)', () => {
  const sb = anonClient();

  it('embeds a to-one resource under an alias', async () => {
    const { data, error } = await sb
      .from('cf_articles')
      .select('title, category:cf_categories(name, slug)')
      .eq('title', 'Article 1')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Article 1', category: { name: 'Sport', slug: 'sport' } });
  });

  it('filters with eq, neq, in, is, ilike and or, and orders', async () => {
    const eq = await sb.from('cf_articles').select('title').eq('views', 30);
    expect(eq.data).toEqual([{ title: 'Article 3' }]);
    const neq = await sb.from('cf_categories').select('slug').neq('slug', 'sport').order('slug');
    expect(neq.data).toEqual([{ slug: 'culture' }, { slug: 'politique' }]);
    const inList = await sb.from('cf_articles').select('title').in('views', [10, 20, 40]).order('views');
    expect(inList.data).toEqual([{ title: 'Article 1' }, { title: 'Article 2' }]); // Article 4 is a draft
    const isNull = await sb.from('cf_articles').select('id').is('created_by', null);
    expect(isNull.data).toHaveLength(15);
    const ilike = await sb.from('cf_categories').select('name').ilike('name', '%OLI%');
    expect(ilike.data).toEqual([{ name: 'Politique' }]);
    const or = await sb.from('cf_articles').select('title').or('views.eq.10,views.eq.50').order('views', { ascending: false });
    expect(or.data).toEqual([{ title: 'Article 5' }, { title: 'Article 1' }]);
  });

  it('pages with range and an exact count (Content-Range)', async () => {
    const { data, count, error } = await sb.from('cf_articles').select('id', { count: 'exact' }).order('id').range(2, 5);
    expect(error).toBeNull();
    expect(data).toHaveLength(4);
    expect(count).toBe(15);
  });

  it('.single() on no row gives PGRST116', async () => {
    const { data, error } = await sb.from('cf_articles').select('id').eq('title', 'nope').single();
    expect(data).toBeNull();
    expect(error?.code).toBe('PGRST116');
  });

  it('inserts, updates and deletes with .select() under RLS', async () => {
    const { sb: user, userId } = await signedUpClient();
    const ins = await user.from('cf_articles').insert({ title: 'Mine', status: 'draft' }).select().single();
    expect(ins.error).toBeNull();
    expect(ins.data).toMatchObject({ title: 'Mine', created_by: userId });
    const upd = await user.from('cf_articles').update({ title: 'Mine, edited' }).eq('id', ins.data!.id).select('title');
    expect(upd.data).toEqual([{ title: 'Mine, edited' }]);
    // Someone else's draft is invisible, so neither anon nor another user can change it.
    const anonUpd = await sb.from('cf_articles').update({ title: 'hacked' }).eq('id', ins.data!.id).select();
    expect(anonUpd.data ?? []).toEqual([]);
    const del = await user.from('cf_articles').delete().eq('id', ins.data!.id).select('id');
    expect(del.data).toEqual([{ id: ins.data!.id }]);
  });

  it('refuses an insert that RLS forbids', async () => {
    const { error } = await sb.from('cf_articles').insert({ title: 'anon write' });
    expect(error?.code).toBe('42501');
  });

  it('calls functions with rpc(), as the API role and never as a superuser', async () => {
    expect((await sb.rpc('cf_add', { a: 2, b: 40 })).data).toBe(42);
    expect((await sb.rpc('cf_whoami')).data).toBe('anon');
    const { sb: user } = await signedUpClient();
    expect((await user.rpc('cf_whoami')).data).toBe('authenticated');
    expect((await serviceClient().rpc('cf_whoami')).data).toBe('service_role');
  });

  it('serves the OpenAPI document that ra-supabase reads', async () => {
    const res = await fetch(`${inject('apiUrl')}/rest/v1/`, { headers: { apikey: inject('anonKey') } });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.swagger).toBe('2.0');
    expect(Object.keys(doc.definitions)).toContain('cf_articles');
    expect(doc.definitions.cf_articles.properties).toHaveProperty('title');
  });

  it('answers CORS preflights and exposes Content-Range', async () => {
    const pre = await fetch(`${inject('apiUrl')}/rest/v1/cf_articles`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'apikey, range',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('range');
    const res = await fetch(`${inject('apiUrl')}/rest/v1/cf_categories?select=id`, {
      headers: { apikey: inject('anonKey'), prefer: 'count=exact' },
    });
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(res.headers.get('content-range')).toBe('0-2/3');
  });

  it('refuses calls without a project key, and forged or expired tokens', async () => {
    const noKey = await fetch(`${inject('apiUrl')}/rest/v1/cf_categories`);
    expect(noKey.status).toBe(401);
    const { forgedToken, noneToken, expiredToken } = await import('./tokens.ts');
    for (const token of [await forgedToken(), noneToken(), await expiredToken()]) {
      const res = await fetch(`${inject('apiUrl')}/rest/v1/cf_categories`, {
        headers: { apikey: inject('anonKey'), authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
    }
  });
});
