import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, uid, withFixtures } from '../../../supabase/tests/helpers';
import { signedInProvider } from '../../../tests/integration/stackProvider';
import type { NewsroomDataProvider } from '../providers/newsroomDataProvider';
import type { EntryRow } from './types';
import { deskEntriesQuery } from './useLiveEntries';

// The desk's list of entries (useLiveEntries) through the back office's data provider, signed in as
// the seeded administrator, against the real stack.
const ctx = withFixtures();
const made: string[] = [];
let provider: NewsroomDataProvider;

beforeAll(async () => {
  ({ provider } = await signedInProvider());
});
afterAll(async () => {
  if (made.length) await serviceClient().from('articles').delete().in('id', made);
});

describe("the live desk's entries", () => {
  it('lists the entries not deleted, newest first, a page at a time, with how many there are in all', async () => {
    const token = uid();
    const article = must(
      await ctx.who.admin.sb
        .from('articles')
        .insert({
          slug: `bureau-${token}`,
          title: `Bureau ${token}`,
          content: 'Texte.',
          status: 'draft',
          format: 'live',
          category_id: ctx.f.category.id,
        })
        .select('id')
        .single(),
      'admin creates a live article',
    );
    made.push(article.id);
    const ids: string[] = [];
    for (const body of ['Un', 'Deux', 'Trois', 'Quatre']) {
      const id = randomUUID();
      must(await ctx.who.admin.sb.rpc('live_post', { p_id: id, p_article_id: article.id, p_body: body }), `posts « ${body} »`);
      ids.push(id);
    }
    // The newest, then one in the middle, deleted: tombstones the readers' updates still need.
    for (const id of [ids[3], ids[1]]) expect((await ctx.who.admin.sb.rpc('live_delete', { p_id: id })).error).toBeNull();

    const first = await provider.getList<EntryRow>('live_entries', deskEntriesQuery(article.id, 1));
    expect(first.data.map((e) => e.body)).toEqual(['Trois']);
    // « Plus anciennes » is there while the total says more are left.
    expect(first.total).toBe(2);
    const all = await provider.getList<EntryRow>('live_entries', deskEntriesQuery(article.id, 2));
    expect(all.data.map((e) => e.body)).toEqual(['Trois', 'Un']);
    expect(all.data.every((e) => e.deleted_at === null)).toBe(true);
  });
});
