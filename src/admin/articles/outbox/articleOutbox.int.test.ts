import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { LOCAL_ACCOUNTS } from '../../../../supabase/seed/accounts.ts';
import { signedInProvider } from '../../../../tests/integration/stackProvider';
import type { NewsroomDataProvider } from '../../providers/newsroomDataProvider';
import { sendKeptSave, type KeptArticleSave } from './articleOutbox';

// The field outbox's replay through the back office's real data provider and the real stack: a
// new article's id is made on the phone, so a kept create sent twice makes one article, and an id
// that is not the journalist's to write makes nothing.
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const JOURNALIST = LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!;
const online = () => true;
let admin: NewsroomDataProvider;
let journalist: NewsroomDataProvider;
const made: string[] = [];

const keptCreate = (n: number, extra: Record<string, unknown> = {}): KeptArticleSave => {
  const id = crypto.randomUUID();
  made.push(id);
  return {
    id,
    articleId: id,
    kind: 'create',
    title: `Gardé ${RUN} ${n}`,
    queuedAt: new Date().toISOString(),
    refusal: null,
    params: {
      data: { id, title: `Gardé ${RUN} ${n}`, slug: `garde-${RUN}-${n}`, content: 'Écrit sans réseau.', status: 'draft', ...extra },
    },
  };
};

beforeAll(async () => {
  ({ provider: admin } = await signedInProvider());
  ({ provider: journalist } = await signedInProvider(JOURNALIST));
});

afterAll(async () => {
  if (made.length) await serviceClient().from('articles').delete().in('id', made);
});

describe('a save kept on the phone, sent when the network returns', () => {
  it('makes one article under the id made on the phone, even sent twice (its first answer lost)', async () => {
    const item = keptCreate(1, { excerpt: 'Le chapô gardé aussi.' });
    expect(await sendKeptSave(journalist, item, online)).toEqual({ kind: 'stored' });
    // The answer was lost on the way back: the outbox sends it again, and finds its article.
    expect(await sendKeptSave(journalist, item, online)).toEqual({ kind: 'stored' });
    const { data } = await serviceClient().from('articles').select('id, title, excerpt, status').like('slug', `garde-${RUN}-1%`);
    expect(data).toEqual([{ id: item.id, title: item.title, excerpt: 'Le chapô gardé aussi.', status: 'draft' }]);
  });

  it('replays a kept update with the version it was based on, and keeps a stale one refused, in French', async () => {
    const item = keptCreate(2);
    await sendKeptSave(admin, item, online);
    const { data: stored } = await serviceClient().from('articles').select('*').eq('id', item.id).single();
    const update = (title: string): KeptArticleSave => ({
      ...item,
      kind: 'update',
      params: { data: { title, version: stored!.version }, previousData: stored },
    });
    expect(await sendKeptSave(admin, update(`Titre revu ${RUN}`), online)).toEqual({ kind: 'stored' });
    const stale = await sendKeptSave(admin, update(`Titre périmé ${RUN}`), online);
    expect(stale).toMatchObject({ kind: 'refused', message: expect.stringMatching(/[éè]/) });
    const { data } = await serviceClient().from('articles').select('title').eq('id', item.id).single();
    expect(data!.title).toBe(`Titre revu ${RUN}`);
  });

  it('refuses a kept create under the id of an article the journalist may not write, and leaves that article as it was', async () => {
    const theirs = keptCreate(3);
    await sendKeptSave(admin, theirs, online);
    const hijack: KeptArticleSave = { ...theirs, params: { data: { ...theirs.params.data, title: 'Détourné', slug: `detourne-${RUN}` } } };
    const outcome = await sendKeptSave(journalist, hijack, online);
    expect(outcome.kind).toBe('refused');
    const { data } = await serviceClient().from('articles').select('title, author_id').eq('id', theirs.id).single();
    expect(data!.title).toBe(theirs.title);
    const { count } = await serviceClient().from('articles').select('id', { count: 'exact', head: true }).eq('slug', `detourne-${RUN}`);
    expect(count).toBe(0);
  });
});
