import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNTS } from '../../../supabase/seed/accounts.ts';
import { client, ownAddressClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { describeError } from '../providers/frenchErrors';
import { frontPageStore, type FrontPageStore } from './frontPageStore';
import { emptySlots, lead, moveSlot, pinAt, unpinAt, type FrontPageArticle, type Slots } from './slots';

// The front page screen's reads and writes, as the back office sends them, against the real stack.
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let admin: SupabaseClient;
let store: FrontPageStore;
let before: Slots;
const made: FrontPageArticle[] = [];

async function signIn(role: 'admin' | 'journalist') {
  const account = LOCAL_ACCOUNTS.find((a) => a.role === role)!;
  const sb = ownAddressClient();
  const { error } = await sb.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error) throw error;
  return sb;
}

/** What readers get: home_page() as the anonymous role. */
async function home() {
  const { data, error } = await client().rpc('home_page');
  if (error) throw error;
  return data as { featured: { id: string } | null; top: { id: string }[] };
}

const ids = (slots: Slots) => slots.map((s) => s?.id ?? null);

beforeAll(async () => {
  admin = await signIn('admin');
  store = frontPageStore(admin);
  before = await store.read();
  const hour = 3600_000;
  const rows = [0, 1, 2, 3].map((n) => ({
    title: `Une ${RUN} ${n}`,
    slug: `une-${RUN}-${n}`,
    content: 'Un texte.',
    status: 'published',
  }));
  const { data, error } = await admin.from('articles').insert(rows).select('id, title, status, published_at');
  if (error) throw error;
  made.push(...(data as FrontPageArticle[]));
  // A scheduled one, due tomorrow: pinned, it must stay off the front page until then.
  const { data: later, error: laterError } = await admin
    .from('articles')
    .insert({
      title: `Une ${RUN} programmée`,
      slug: `une-${RUN}-programmee`,
      content: 'Un texte.',
      status: 'scheduled',
      published_at: new Date(Date.now() + 24 * hour).toISOString(),
    })
    .select('id, title, status, published_at')
    .single();
  if (laterError) throw laterError;
  made.push(later as FrontPageArticle);
});

afterAll(async () => {
  await store.save(before).catch(() => {});
  if (made.length)
    await serviceClient()
      .from('articles')
      .delete()
      .in(
        'id',
        made.map((a) => a.id),
      );
});

describe('the front page store', () => {
  it('pins, reorders and unpins, and the home page follows', async () => {
    const [one, two, three] = made;
    let slots = pinAt(pinAt(emptySlots(), 0, one), 1, two);
    await store.save(slots);
    expect(ids(await store.read())).toEqual([one.id, two.id, null, null]);
    expect((await home()).featured?.id).toBe(one.id);
    expect((await home()).top.map((c) => c.id)).toEqual([two.id]);

    // A reorder swaps two unique pins: written as a whole, never refused half-way.
    const swapped = moveSlot(slots, 1, -1);
    await store.save(swapped);
    slots = swapped;
    expect(ids(await store.read())).toEqual([two.id, one.id, null, null]);
    expect((await home()).featured?.id).toBe(two.id);

    slots = lead(slots, three);
    await store.save(slots);
    expect(ids(await store.read())).toEqual([three.id, two.id, one.id, null]);
    expect((await home()).top.map((c) => c.id)).toEqual([two.id, one.id]);

    const unpinned = unpinAt(slots, 0);
    await store.save(unpinned);
    const newest = await store.newest();
    expect((await home()).featured?.id).toBe(newest?.id);
    await store.save(emptySlots());
    expect(ids(await store.read())).toEqual([null, null, null, null]);
  });

  it('reads a pinned scheduled article; readers get the newest until it is due', async () => {
    const scheduled = made[4];
    await store.save(pinAt(emptySlots(), 0, scheduled));
    expect((await store.read())[0]).toMatchObject({ id: scheduled.id, status: 'scheduled' });
    const newest = await store.newest();
    expect(newest?.id).not.toBe(scheduled.id);
    expect((await home()).featured?.id).toBe(newest?.id);
    await store.save(emptySlots());
  });

  it('keeps the previous pins when the new ones are refused (one transaction)', async () => {
    const previous = pinAt(emptySlots(), 0, made[0]);
    await store.save(previous);
    const gone: FrontPageArticle = {
      id: '00000000-0000-0000-0000-000000000000',
      title: 'Disparu',
      status: 'published',
      published_at: null,
    };
    const error = await store.save(pinAt(emptySlots(), 0, gone)).catch((e: unknown) => e);
    expect(describeError(error, 'frontPage')).toMatch(/n'existe plus/);
    expect(ids(await store.read())).toEqual([made[0].id, null, null, null]);
    await store.save(emptySlots());
  });

  it('refuses a journalist, in French', async () => {
    const journalist = frontPageStore(await signIn('journalist'));
    const error = await journalist.save(pinAt(emptySlots(), 0, made[0])).catch((e: unknown) => e);
    // set_front_page answers 42501 to anyone but an administrator; nothing changes.
    expect(describeError(error, 'frontPage')).toBe("Vous n'avez pas le droit de faire cela : seul un administrateur peut choisir la une.");
    expect(ids(await store.read())).toEqual([null, null, null, null]);
  });
});
