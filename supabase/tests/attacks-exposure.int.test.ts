import { describe, expect, it } from 'vitest';
import { signedUpClient } from '@afriqueactu/supabase-local/testing';
import { withFixtures } from './helpers.ts';

// What lies beside the API: schemas PostgREST must not serve, and URLs that would run script
// in a reader's browser if the database stored them.

const ctx = withFixtures();

describe('attack: reaching schemas other than public through REST', () => {
  it.each([
    ['auth', 'users'],
    ['storage', 'objects'],
    ['private', 'user_roles'],
    ['supabase_migrations', 'schema_migrations'],
  ])('%s.%s is not served, even to a signed-in admin', async (schema, table) => {
    for (const role of ['anon', 'admin'] as const) {
      const res = await ctx.who[role].sb.schema(schema).from(table).select('*').limit(1);
      expect(res.error?.code, `${role} reading ${schema}.${table}: the schema must not be exposed`).toBe('PGRST106');
      expect(res.data).toBeNull();
    }
  });

  it('the policy helper private.is_admin cannot be called as an RPC', async () => {
    const res = await ctx.who.anon.sb.schema('private').rpc('is_admin');
    expect(res.error?.code, 'private functions stay out of the API').toBe('PGRST106');
  });
});

describe('attack: script URLs stored for the reader pages', () => {
  const SCRIPT_URLS = ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', '//evil.example.test/x.png'];

  it.each(SCRIPT_URLS)('a reader cannot set its avatar_url to %s', async (url) => {
    const me = await signedUpClient('Avatar piégé');
    const res = await me.sb.from('profiles').update({ avatar_url: url }).eq('user_id', me.userId);
    expect(res.error?.code, `avatar_url ${url} must violate the check constraint`).toBe('23514');
  });

  it.each(SCRIPT_URLS)('even an admin cannot set an article image_url to %s', async (url) => {
    const res = await ctx.who.admin.sb.from('articles').update({ image_url: url }).eq('id', ctx.f.published.id);
    expect(res.error?.code, `articles.image_url ${url} must violate the check constraint`).toBe('23514');
    const img = await ctx.who.admin.sb.from('article_images').insert({ article_id: ctx.f.published.id, image_url: url });
    expect(img.error?.code, `article_images.image_url ${url} must violate the check constraint`).toBe('23514');
  });
});
