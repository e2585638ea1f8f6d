import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { signIn, signInColleague, uid } from '../../../../supabase/tests/helpers';
import { deleteServerDraft, loadServerDraft, saveServerDraft } from './serverDraft';

// The editor's server-side draft through supabase-js against the real stack, as the signed-in
// admin's browser writes it: never the article itself, and never another person's draft.
let admin: SupabaseClient;
let colleague: SupabaseClient;
let articleId: string;

beforeAll(async () => {
  admin = (await signIn('admin')).sb;
  colleague = (await signInColleague()).sb;
  const { data, error } = await admin
    .from('articles')
    .insert({ title: `Brouillon serveur ${uid()}`, slug: `brouillon-serveur-${uid()}`, content: '<p>Saved.</p>', status: 'draft' })
    .select('id')
    .single();
  if (error) throw error;
  articleId = data.id;
});

afterAll(async () => {
  if (articleId) await serviceClient().from('articles').delete().eq('id', articleId);
});

it('keeps one draft per article and person, rewritten in place, without touching the article', async () => {
  expect(await loadServerDraft(admin, articleId)).toBeNull();
  await saveServerDraft(admin, articleId, 1, { title: 'Premier jet', content: '<p>Un.</p>', editor_mode: 'rich' });
  const first = await loadServerDraft(admin, articleId);
  expect(first).toMatchObject({ baseVersion: 1, values: { title: 'Premier jet', content: '<p>Un.</p>', editor_mode: 'rich' } });

  await new Promise((r) => setTimeout(r, 20));
  await saveServerDraft(admin, articleId, 1, { title: 'Second jet', content: '<p>Deux.</p>' });
  const second = await loadServerDraft(admin, articleId);
  expect(second!.values).toEqual({ title: 'Second jet', content: '<p>Deux.</p>' });
  expect(Date.parse(second!.savedAt)).toBeGreaterThan(Date.parse(first!.savedAt));

  const { data: rows } = await serviceClient().from('article_drafts').select('user_id').eq('article_id', articleId);
  expect(rows).toHaveLength(1);
  const { data: article } = await admin.from('articles').select('title, content, version').eq('id', articleId).single();
  expect(article).toMatchObject({ content: '<p>Saved.</p>', version: 1 });
});

it("is one's own: a colleague neither sees it nor deletes it, and has a draft of their own", async () => {
  expect(await loadServerDraft(colleague, articleId)).toBeNull();
  await deleteServerDraft(colleague, articleId);
  expect(await loadServerDraft(admin, articleId)).not.toBeNull();
  await saveServerDraft(colleague, articleId, 1, { title: 'Autre jet', content: '<p>Trois.</p>' });
  expect((await loadServerDraft(colleague, articleId))!.values.title).toBe('Autre jet');
  expect((await loadServerDraft(admin, articleId))!.values.title).toBe('Second jet');
});

it('is gone once deleted', async () => {
  await deleteServerDraft(admin, articleId);
  expect(await loadServerDraft(admin, articleId)).toBeNull();
  expect(await loadServerDraft(colleague, articleId)).not.toBeNull();
});
