import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import type { NewsroomDataProvider } from '../providers/newsroomDataProvider';
import { signedInProvider } from '../../../tests/integration/stackProvider';
import { articleSearchFilter } from './search';

describe('articleSearchFilter', () => {
  it('turns the typed words into one filter on the folded title', () => {
    expect(articleSearchFilter({ q: 'Sénégal  gaz', status: 'draft' })).toEqual({ status: 'draft', 'title_key@ilike': 'senegal*gaz' });
    expect(articleSearchFilter({ q: '100%' })).toEqual({ 'title_key@ilike': '100\\%' });
  });
  it('drops a blank search', () => {
    expect(articleSearchFilter({ q: '  ', category_id: 'c' })).toEqual({ category_id: 'c' });
    expect(articleSearchFilter({})).toEqual({});
  });
});

// The list's search as the browser sends it (the data provider, PostgREST, the title_key
// computed field), signed in as the seeded administrator.
describe('the list search against the database', () => {
  const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let admin: SupabaseClient;
  let provider: NewsroomDataProvider;
  const made: string[] = [];

  const search = async (q: string) => {
    const { data } = await provider.getList('articles', {
      filter: { q },
      sort: { field: 'title', order: 'ASC' },
      pagination: { page: 1, perPage: 50 },
      meta: { columns: ['id', 'title'] },
    });
    return data.map((a) => a.title as string);
  };

  beforeAll(async () => {
    ({ client: admin, provider } = await signedInProvider());
    const titles = [
      `Éléphants ${RUN} : 100% des parcs`,
      `Gazelles ${RUN} : 1000 gardes`,
      `Antilopes ${RUN} : a_b`,
      `Œuvres ${RUN} d’art`,
      `Zèbres ${RUN}`,
      // Fact-checks quote the claim they check: the quotation marks do not decide the order.
      `« Lions ${RUN} en ville » : trompeur`,
      `"Babouins ${RUN}" : faux`,
      `‹ Hyènes ${RUN} › : vrai`,
    ];
    const { data, error: insertError } = await admin
      .from('articles')
      .insert(titles.map((title, i) => ({ title, slug: `recherche-${RUN}-${i}`, content: 'Un texte.', status: 'draft' })))
      .select('id');
    if (insertError) throw insertError;
    made.push(...data.map((a) => a.id as string));
  });

  afterAll(async () => {
    if (made.length) await serviceClient().from('articles').delete().in('id', made);
  });

  it('finds the Sénégal articles without their accents, in any case', async () => {
    const { data: expected } = await serviceClient().from('articles').select('title').ilike('title', '%sénégal%');
    expect(expected!.length).toBeGreaterThan(0);
    const found = await search('SENEGAL');
    expect(found.sort()).toEqual(expected!.map((a) => a.title as string).sort());
    expect(await search('sénégal')).toEqual(await search('senegal'));
  });

  it('takes % and _ literally', async () => {
    expect(await search(`${RUN} 100%`)).toEqual([`Éléphants ${RUN} : 100% des parcs`]);
    expect(await search(`${RUN} _`)).toEqual([`Antilopes ${RUN} : a_b`]);
    expect(await search(`${RUN} %`)).toEqual([`Éléphants ${RUN} : 100% des parcs`]);
  });

  it('folds ligatures and typographic apostrophes as the database does', async () => {
    expect(await search(`oeuvres ${RUN} d'art`)).toEqual([`Œuvres ${RUN} d’art`]);
  });

  it('sorts titles in French order (É with E, Œ with O, not after Z), a quoted title by its first letter', async () => {
    expect(await search(RUN)).toEqual([
      `Antilopes ${RUN} : a_b`,
      `"Babouins ${RUN}" : faux`,
      `Éléphants ${RUN} : 100% des parcs`,
      `Gazelles ${RUN} : 1000 gardes`,
      `‹ Hyènes ${RUN} › : vrai`,
      `« Lions ${RUN} en ville » : trompeur`,
      `Œuvres ${RUN} d’art`,
      `Zèbres ${RUN}`,
    ]);
  });
});
