import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import type { NewsroomDataProvider } from '../../providers/newsroomDataProvider';
import { signedInProvider } from '../../../../tests/integration/stackProvider';
import { LOCAL_ACCOUNTS } from '../../../../supabase/seed/accounts';
import { CORRECTION_COLUMNS, CORRECTIONS_RESOURCE } from './corrections';

// The corrections panel's reads and writes through the back office's data provider, now that
// signed-in callers are granted the correction's columns but author_id (fourth abuse round).
let provider: NewsroomDataProvider;
let articleId: string;
const made: string[] = [];

beforeAll(async () => {
  ({ provider } = await signedInProvider());
  const { data, error } = await serviceClient().from('articles').select('id').eq('status', 'published').limit(1).single();
  if (error) throw error;
  articleId = data.id;
});
afterAll(async () => {
  if (made.length) await serviceClient().from('article_corrections').delete().in('id', made);
});

describe('the corrections panel, as an administrator', () => {
  it('adds, lists and removes a correction with its columns, author_id never asked', async () => {
    const note = `Une date corrigée ${Date.now()}.`;
    const { data: added } = await provider.create(CORRECTIONS_RESOURCE, {
      data: { article_id: articleId, note, corrected_at: new Date().toISOString() },
      meta: { columns: CORRECTION_COLUMNS },
    });
    made.push(String(added.id));
    expect(Object.keys(added).sort()).toEqual([...CORRECTION_COLUMNS].sort());
    const { data: listed } = await provider.getList(CORRECTIONS_RESOURCE, {
      filter: { article_id: articleId },
      sort: { field: 'corrected_at', order: 'DESC' },
      pagination: { page: 1, perPage: 100 },
      meta: { columns: CORRECTION_COLUMNS },
    });
    expect(listed.map((c) => c.note)).toContain(note);
    await provider.delete(CORRECTIONS_RESOURCE, { id: added.id, previousData: added, meta: { columns: CORRECTION_COLUMNS } });
    const { data: left } = await serviceClient().from('article_corrections').select('id').eq('id', added.id);
    expect(left).toEqual([]);
  });

  it('a write asking the whole row back is refused (403), and nothing is added', async () => {
    const note = `Entière ${Date.now()}.`;
    await expect(
      provider.create(CORRECTIONS_RESOURCE, { data: { article_id: articleId, note, corrected_at: new Date().toISOString() } }),
    ).rejects.toMatchObject({ status: 403 });
    const { data } = await serviceClient().from('article_corrections').select('id').eq('note', note);
    expect(data).toEqual([]);
  });
});

describe('the corrections panel names who wrote each correction, for administrators only', () => {
  it('an administrator reads the author’s name of each correction; a journalist is refused it', async () => {
    const { data: added } = await provider.create(CORRECTIONS_RESOURCE, {
      data: { article_id: articleId, note: `Auteur ${Date.now()}.`, corrected_at: new Date().toISOString() },
      meta: { columns: CORRECTION_COLUMNS },
    });
    made.push(String(added.id));
    const admin = LOCAL_ACCOUNTS.find((a) => a.role === 'admin')!;
    const authors = await provider.correctionAuthors(articleId);
    expect(authors.find((a) => a.id === added.id)).toEqual({ id: added.id, author_id: expect.any(String), author_name: admin.fullName });

    const journalist = (await signedInProvider(LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!)).provider;
    await expect(journalist.correctionAuthors(articleId)).rejects.toMatchObject({ code: '42501' });
  });
});
