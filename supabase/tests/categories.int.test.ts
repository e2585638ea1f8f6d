import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { expectDenied, must, sessions, uid, type Role, type Session } from './helpers.ts';

// Categories as reference data (docs/product.md#categories): what the migration gives every
// project, and who may change them. The whole grid of who may do what is rls-matrix.int.test.ts.

let who: Record<Role, Session>;
const made: string[] = [];
const svc = () => serviceClient();

async function category(extra: Record<string, unknown> = {}) {
  const token = uid();
  const row = must(
    await svc()
      .from('categories')
      .insert({ name: `Rubrique ${token}`, slug: `rubrique-${token}`, ...extra })
      .select('id, name, slug')
      .single(),
    'service role creates a category',
  );
  made.push(row.id);
  return row;
}

beforeAll(async () => {
  who = await sessions();
});
afterAll(async () => {
  await svc().from('articles').delete().in('category_id', made);
  await svc().from('categories').delete().in('id', made);
});

describe('categories: reference data from the migrations', () => {
  it("the seven of the menu in the spec's order, and the legacy one out of the menu and hidden from the editor, for anon", async () => {
    const { data, error } = await who.anon.sb
      .from('categories')
      .select('slug, menu_position, hidden_from_editor')
      .in('slug', ['actualite', 'politique', 'economie', 'culture', 'sport', 'reussite', 'tribune-libre', 'actualite-mise-a-jour'])
      .order('menu_position', { nullsFirst: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'actualite', menu_position: 1, hidden_from_editor: false },
      { slug: 'politique', menu_position: 2, hidden_from_editor: false },
      { slug: 'economie', menu_position: 3, hidden_from_editor: false },
      { slug: 'culture', menu_position: 4, hidden_from_editor: false },
      { slug: 'sport', menu_position: 5, hidden_from_editor: false },
      { slug: 'reussite', menu_position: 6, hidden_from_editor: false },
      { slug: 'tribune-libre', menu_position: 7, hidden_from_editor: false },
      { slug: 'actualite-mise-a-jour', menu_position: null, hidden_from_editor: true },
    ]);
  });

  it('anon reads a category out of the menu too: its page and its old articles stay public', async () => {
    const c = await category({ hidden_from_editor: true });
    const { data } = await who.anon.sb.from('categories').select('id').eq('id', c.id);
    expect(data).toEqual([{ id: c.id }]);
  });
});

describe('categories: administrators rename, place, hide and add; nobody else writes', () => {
  it('an administrator renames, places in the menu and hides a category, and adds one', async () => {
    const c = await category();
    const changed = await who.admin.sb
      .from('categories')
      .update({ name: 'Santé', menu_position: 8, hidden_from_editor: true })
      .eq('id', c.id)
      .select('name, menu_position, hidden_from_editor')
      .single();
    expect(changed).toMatchObject({ error: null, data: { name: 'Santé', menu_position: 8, hidden_from_editor: true } });
    const slug = `ajout-${uid()}`;
    const added = await who.admin.sb.from('categories').insert({ name: 'Ajout', slug, menu_position: 9 }).select('id').single();
    expect(added.error).toBeNull();
    made.push(added.data!.id);
  });

  it('a journalist or a reader changes nothing: the update reaches no row, the insert is refused', async () => {
    const c = await category();
    for (const role of ['journalist', 'reader'] as const) {
      const res = await who[role].sb
        .from('categories')
        .update({ menu_position: 1, hidden_from_editor: true }, { count: 'exact' })
        .eq('id', c.id);
      expect(res.count, `${role} update`).toBe(0);
      expectDenied(
        await who[role].sb.from('categories').insert({ name: 'Intrus', slug: `intrus-${uid()}`, menu_position: 1 }),
        `${role} insert`,
      );
    }
    expect(must(await svc().from('categories').select('menu_position, hidden_from_editor').eq('id', c.id).single(), 'read back')).toEqual({
      menu_position: null,
      hidden_from_editor: false,
    });
  });

  it("a category's slug is its address: chosen at creation, never changed, even by an administrator", async () => {
    const c = await category();
    expectDenied(
      await who.admin.sb
        .from('categories')
        .update({ slug: `autre-${uid()}` })
        .eq('id', c.id),
      'admin changes a slug',
    );
    expect(must(await svc().from('categories').select('slug').eq('id', c.id).single(), 'read back').slug).toBe(c.slug);
  });
});

describe('categories: one with articles cannot be deleted', () => {
  it('the database refuses to delete a category holding a draft (23503), and deletes it once empty', async () => {
    const c = await category();
    const draft = must(
      await svc()
        .from('articles')
        .insert({ slug: `dans-${c.slug}`, title: 'Dans la rubrique', content: 'Texte', category_id: c.id })
        .select('id')
        .single(),
      'a draft in the category',
    );
    const refused = await who.admin.sb.from('categories').delete().eq('id', c.id);
    expect(refused.error?.code).toBe('23503');
    expect(refused.error?.message).toMatch(/articles_category_id_fkey/);
    expect(must(await svc().from('articles').select('category_id').eq('id', draft.id).single(), 'the draft').category_id).toBe(c.id);

    await svc().from('articles').delete().eq('id', draft.id);
    const deleted = await who.admin.sb.from('categories').delete({ count: 'exact' }).eq('id', c.id);
    expect(deleted).toMatchObject({ error: null, count: 1 });
  });
});
