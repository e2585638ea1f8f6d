import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/database';
import { slugAfterTitleChange, slugFromTitle } from '@/lib/slug';
import { LOCAL_ACCOUNTS } from '../../../supabase/seed/accounts.ts';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { signedInProvider, stackProvider } from '../../../tests/integration/stackProvider';
import { EDIT_COLUMNS } from '../articles/constants';
import { describeSaveError } from '../articles/saveErrors';
import type { ArticleRecord } from '../articles/types';
import { SLUG_TAKEN } from './frenchErrors';
import type { NewsroomDataProvider } from './newsroomDataProvider';

// The slug rule as the editor saves (docs/product.md#slugs): the back office's data provider against
// the real stack, signed in as the seeded administrators.
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const meta = { columns: EDIT_COLUMNS };
let admin: SupabaseClient<Database>;
let provider: NewsroomDataProvider;
let colleague: NewsroomDataProvider;
const made: string[] = [];

/** What the editor sends for a new article titled `title`: its slug is the title's (slugFromTitle). */
const draft = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  slug: slugFromTitle(title),
  content: 'Un texte.',
  status: 'draft',
  ...extra,
});

async function create(p: NewsroomDataProvider, data: Record<string, unknown>): Promise<ArticleRecord> {
  const { data: row } = await p.create<ArticleRecord>('articles', { data, meta });
  made.push(String(row.id));
  return row;
}

/** An article another writer holds, created as the service role (whatever it is, a draft unseen by the caller). */
async function taken(slug: string, status = 'draft'): Promise<void> {
  const { data, error } = await serviceClient()
    .from('articles')
    .insert({ slug, title: 'Pris', content: 'Texte', status, published_at: status === 'draft' ? null : new Date().toISOString() })
    .select('id')
    .single();
  if (error) throw error;
  made.push(data.id);
}

beforeAll(async () => {
  ({ client: admin, provider } = await signedInProvider());
  ({ provider: colleague } = await signedInProvider(LOCAL_ACCOUNTS.filter((a) => a.role === 'admin')[1]));
});
afterAll(async () => {
  if (made.length) await serviceClient().from('articles').delete().in('id', made);
});

describe('a new article’s slug', () => {
  it("is its title's, with no suffix", async () => {
    const row = await create(provider, draft(`Libre ${RUN}`));
    expect(row.slug).toBe(`libre-${RUN}`);
  });

  it('taken by another article (whatever its status): -2, then -3', async () => {
    const title = `Collision ${RUN}`;
    await taken(slugFromTitle(title), 'published');
    expect((await create(provider, draft(title))).slug).toBe(`${slugFromTitle(title)}-2`);
    expect((await create(provider, draft(title))).slug).toBe(`${slugFromTitle(title)}-3`);
  });

  it('typed by hand and taken: refused, in French, never renamed', async () => {
    await taken(`a-la-main-${RUN}`);
    const refusal = await provider
      .create('articles', { data: draft(`Autre titre ${RUN}`, { slug: `a-la-main-${RUN}` }), meta })
      .catch((e: unknown) => e);
    expect(describeSaveError(refusal)).toBe(SLUG_TAKEN);
  });

  it('two saves of one title at once: two articles, two slugs', async () => {
    const title = `Ensemble ${RUN}`;
    const rows = await Promise.all([create(provider, draft(title)), create(colleague, draft(title))]);
    expect(rows.map((r) => r.slug).sort()).toEqual([slugFromTitle(title), `${slugFromTitle(title)}-2`]);
  });

  it('taken between the answer and the write (a rival save won): asked again, saved under the next one', async () => {
    const title = `Course ${RUN}`;
    // The rival commits right after the database answered this save: its write then meets the unique constraint.
    const racing = new Proxy(admin, {
      get(target, key, receiver) {
        if (key !== 'rpc') return Reflect.get(target, key, receiver) as unknown;
        return async (fn: 'next_free_article_slug', args: { wanted: string; article_id?: string }) => {
          const answer = await target.rpc(fn, args);
          if (answer.data === args.wanted) await taken(args.wanted);
          return answer;
        };
      },
    });
    const row = await create(stackProvider(racing), draft(title));
    expect(row.slug).toBe(`${slugFromTitle(title)}-2`);
  });
});

describe('a title change', () => {
  /** The editor's save after typing `title` in the loaded article (ArticleFields' rule, then the update). */
  async function retitle(id: string, title: string) {
    const { data: loaded } = await provider.getOne<ArticleRecord>('articles', { id, meta });
    const slug = slugAfterTitleChange(title, { slug: loaded.slug, hasBeenPublic: loaded.has_been_public === true });
    const { data } = await provider.update<ArticleRecord>('articles', {
      id,
      data: { title, slug, version: loaded.version },
      previousData: loaded,
      meta,
    });
    return data;
  }

  it('moves the slug of an article readers never saw, to a free one', async () => {
    const row = await create(provider, draft(`Premier jet ${RUN}`));
    await taken(`titre-final-${RUN}`);
    expect((await retitle(String(row.id), `Titre final ${RUN}`)).slug).toBe(`titre-final-${RUN}-2`);
  });

  it('leaves the address of a public article, and of one withdrawn since', async () => {
    const row = await create(provider, draft(`En ligne ${RUN}`, { status: 'published', published_at: new Date().toISOString() }));
    const renamed = await retitle(String(row.id), `En ligne, corrigé ${RUN}`);
    expect(renamed).toMatchObject({ title: `En ligne, corrigé ${RUN}`, slug: `en-ligne-${RUN}` });
    await admin.from('articles').update({ status: 'draft', published_at: null }).eq('id', row.id);
    expect((await retitle(String(row.id), `Retiré ${RUN}`)).slug).toBe(`en-ligne-${RUN}`);
  });
});
