import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, newJournalist, signIn, uid } from '../../../supabase/tests/helpers';
import { DEFAULT_AUTHOR } from '../meta';
import { fetchPreview, previewState } from './preview';

describe('previewState: what the preview banner says', () => {
  const now = new Date('2026-12-02T06:00:00Z');
  it('a draft, an article waiting for review, a scheduled article before its moment, and an article readers already see', () => {
    expect(previewState({ status: 'draft', published_at: null }, now)).toBe('draft');
    expect(previewState({ status: 'review', published_at: null }, now)).toBe('review');
    expect(previewState({ status: 'scheduled', published_at: '2026-12-02T06:00:30Z' }, now)).toBe('scheduled');
    expect(previewState({ status: 'scheduled', published_at: '2026-12-02T05:59:00Z' }, now)).toBe('public');
    expect(previewState({ status: 'published', published_at: '2026-12-01T10:00:00Z' }, now)).toBe('public');
  });
});

describe('fetchPreview', () => {
  const made: string[] = [];
  afterAll(async () => {
    if (made.length) await serviceClient().from('articles').delete().in('id', made);
  });

  it("a new journalist's first draft previews under their own name, as readers will see it once out", async () => {
    const token = uid();
    const name = `Awa Ndiaye ${token}`;
    const journalist = await newJournalist(name);
    const draft = must(
      await journalist.sb
        .from('articles')
        .insert({ slug: `premier-${token}`, title: `Premier papier ${token}`, content: 'Texte.', status: 'draft' })
        .select('id')
        .single(),
      'the journalist writes a draft',
    );
    made.push(draft.id);
    // The public bylines know nobody without a public article: the reason the preview reads profiles.
    const { data: byline } = await journalist.sb.from('bylines').select('full_name').eq('user_id', journalist.userId).maybeSingle();
    expect(byline).toBeNull();

    for (const sb of [journalist.sb, (await signIn('admin')).sb]) {
      const preview = await fetchPreview(sb, draft.id);
      expect(preview?.state).toBe('draft');
      expect(preview?.authorName).not.toBe(DEFAULT_AUTHOR);
      expect(preview?.authorName).toBe(name);
      expect(preview?.incomplete).toBeUndefined();
    }
  });

  it('a draft live article previews with its entries, which readers cannot read yet', async () => {
    const admin = await signIn('admin');
    const token = uid();
    const draft = must(
      await admin.sb
        .from('articles')
        .insert({ slug: `direct-apercu-${token}`, title: `Direct ${token}`, content: 'Texte.', status: 'draft', format: 'live' })
        .select('id')
        .single(),
      'the admin writes a draft live article',
    );
    made.push(draft.id);
    must(await admin.sb.rpc('live_post', { p_id: randomUUID(), p_article_id: draft.id, p_body: 'Premier message' }), 'posts an entry');
    const preview = await fetchPreview(admin.sb, draft.id);
    expect(preview?.live?.entries.map((e) => e.body)).toEqual(['Premier message']);
    expect(preview?.incomplete).toBeUndefined();
    const { data } = await anonClient().rpc('live_page', { p_article_id: draft.id });
    expect(data, 'a reader reads no draft coverage').toBeNull();
  });
});
