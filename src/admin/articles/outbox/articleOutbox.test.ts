// @vitest-environment jsdom
import type { DataProvider } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { articleOutboxKey, createArticleOutbox, KEPT_ON_PHONE, KeptOnPhone, withArticleOutbox } from './articleOutbox';

/** A newsroom that stores each article id once (its primary key) and a network the test turns off and on. */
function fakeNewsroom() {
  const rows = new Map<string, Record<string, unknown>>();
  const net = { online: true, calls: 0, loseNextAnswer: false };
  const reach = () => {
    net.calls++;
    if (!net.online) throw new TypeError('Failed to fetch');
  };
  const answered = <T>(value: T) => {
    if (!net.loseNextAnswer) return value;
    net.loseNextAnswer = false;
    throw new TypeError('Failed to fetch');
  };
  const provider = {
    async create(_resource: string, { data }: { data: Record<string, unknown> }) {
      reach();
      const id = String(data.id);
      if (rows.has(id)) throw Object.assign(new Error('duplicate key value violates unique constraint "articles_pkey"'), { code: '23505' });
      rows.set(id, data);
      return answered({ data });
    },
    async update(_resource: string, { id, data }: { id: string; data: Record<string, unknown> }) {
      reach();
      rows.set(id, { ...rows.get(id), ...data });
      return answered({ data: rows.get(id) });
    },
    async getOne(_resource: string, { id }: { id: string }) {
      reach();
      if (!rows.has(id)) throw Object.assign(new Error('not found'), { code: 'PGRST116', status: 406 });
      return { data: rows.get(id) };
    },
  } as unknown as DataProvider;
  return { rows, net, provider };
}

const draft = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: 'Sandaga rouvre',
  content: 'Le marché rouvre.',
  status: 'review',
  note: 'Photo à recadrer',
  ...extra,
});

describe("the article editor's field outbox", () => {
  beforeEach(() => localStorage.clear());

  function setup() {
    const newsroom = fakeNewsroom();
    const outbox = createArticleOutbox(newsroom.provider);
    outbox.openFor('amina');
    const online = () => newsroom.net.online;
    return { ...newsroom, outbox, saves: withArticleOutbox(newsroom.provider, outbox, online) };
  }

  it('offline, answers at once that the article is kept, sends nothing, and keeps the whole payload under the account', async () => {
    const { net, outbox, saves } = setup();
    net.online = false;
    const save = saves.create('articles', { data: draft('a1'), meta: { images: ['https://x/marche.webp'] } });
    await expect(save).rejects.toBeInstanceOf(KeptOnPhone);
    await expect(save).rejects.toThrow(KEPT_ON_PHONE);
    expect(net.calls).toBe(0);
    expect(outbox.kept('a1')).toMatchObject({
      kind: 'create',
      refusal: null,
      params: { data: draft('a1'), meta: { images: ['https://x/marche.webp'] } },
    });
    expect(JSON.parse(localStorage.getItem(articleOutboxKey('amina'))!).a1.params.data.note).toBe('Photo à recadrer');
  });

  it('saves once when the network returns, a second tap offline replacing the first, and a lost answer making no second article', async () => {
    const { rows, net, outbox, saves } = setup();
    net.online = false;
    await expect(saves.create('articles', { data: draft('a1') })).rejects.toBeInstanceOf(KeptOnPhone);
    await expect(saves.create('articles', { data: draft('a1', { title: 'Sandaga rouvre enfin' }) })).rejects.toBeInstanceOf(KeptOnPhone);
    net.online = true;
    net.loseNextAnswer = true;
    expect((await outbox.flush()).waiting).toBe(1);
    expect(await outbox.flush()).toEqual({ stored: ['a1'], refused: [], waiting: 0 });
    expect([...rows.keys()]).toEqual(['a1']);
    expect(rows.get('a1')!.title).toBe('Sandaga rouvre enfin');
    expect(outbox.kept('a1')).toBeUndefined();
    expect(localStorage.getItem(articleOutboxKey('amina'))).toBeNull();
  });

  it('keeps a save lost on the network too (not only when the phone knows it is offline), and a later save online clears it', async () => {
    const { net, outbox, saves, provider } = setup();
    const lossy = withArticleOutbox<DataProvider>(
      { ...provider, update: () => Promise.reject(new TypeError('Failed to fetch')) },
      outbox,
      () => true,
    );
    await expect(lossy.update('articles', { id: 'a2', data: draft('a2'), previousData: { id: 'a2' } })).rejects.toBeInstanceOf(KeptOnPhone);
    expect(outbox.kept('a2')?.kind).toBe('update');
    await saves.update('articles', { id: 'a2', data: draft('a2'), previousData: { id: 'a2' } });
    expect(outbox.kept('a2')).toBeUndefined();
    expect(net.calls).toBe(1);
  });

  it("lets a refusal through as it is, keeps nothing, and sends nobody's saves before an account is known", async () => {
    const { provider, net } = fakeNewsroom();
    const outbox = createArticleOutbox(provider);
    const saves = withArticleOutbox(
      {
        ...provider,
        create: () => Promise.reject(Object.assign(new Error('permission denied'), { code: '42501', status: 403 })),
      } as DataProvider,
      outbox,
      () => true,
    );
    await expect(saves.create('articles', { data: draft('a4') })).rejects.toThrow('permission denied');
    outbox.openFor('kofi');
    await expect(saves.create('articles', { data: draft('a4') })).rejects.toThrow('permission denied');
    expect(outbox.kept('a4')).toBeUndefined();
    expect(net.calls).toBe(0);
    // Amina's kept save is not Kofi's to send.
    localStorage.setItem(
      articleOutboxKey('amina'),
      JSON.stringify({
        a5: { id: 'a5', articleId: 'a5', kind: 'create', title: '', queuedAt: '', refusal: null, params: { data: draft('a5') } },
      }),
    );
    expect(await outbox.flush()).toEqual({ stored: [], refused: [], waiting: 0 });
  });
});
