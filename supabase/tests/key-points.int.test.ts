import { afterEach, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { publishAsService, removeWritten, save, stored, tryWrite, write, type DeskArticle } from './desk.ts';
import { must, withFixtures } from './helpers.ts';

// « Points clés »: up to three lines of at most 140 characters, held by the database whoever writes.

const ctx = withFixtures();
const COLUMNS = 'id, version, status, key_points';
type Row = Pick<DeskArticle, 'id' | 'version' | 'status'> & { key_points: string[] };

afterEach(removeWritten);

const POINTS = [
  'Le scrutin est reporté au 12 mars.',
  'La commission électorale invoque la sécurité.',
  "L'opposition dénonce « un coup de force ».",
];

describe('key points', () => {
  it('are saved by the editor, read back in order, and an article without them has an empty list', async () => {
    const plain = await write(ctx.who.admin.sb, ctx.f.category.id);
    expect((await stored<Row>(plain.id, { columns: COLUMNS, single: true }))!.key_points).toEqual([]);

    const saved = must(await save<Row>(ctx.who.admin.sb, plain, { key_points: POINTS }, { columns: COLUMNS }), 'save key points');
    expect(saved.key_points).toEqual(POINTS);
    // A line of exactly 140 characters is the longest accepted.
    const longest = 'é'.repeat(140);
    expect(must(await save<Row>(ctx.who.admin.sb, saved, { key_points: [longest] }, { columns: COLUMNS }), 'save 140').key_points).toEqual([
      longest,
    ]);
  });

  it('are refused past three lines, past 140 characters, blank or on two lines, with the rule named', async () => {
    const a = await write(ctx.who.admin.sb, ctx.f.category.id);
    const cases: [unknown, string][] = [
      [[...POINTS, 'Un quatrième point'], 'articles_key_points_count'],
      [['x'.repeat(141)], 'articles_key_points_length'],
      [['   '], 'articles_key_points_length'],
      [['Première ligne\nseconde ligne'], 'articles_key_points_length'],
      [[null], 'articles_key_points_length'],
    ];
    for (const [points, rule] of cases) {
      const res = await save(ctx.who.admin.sb, a, { key_points: points });
      expect(res.error?.code, JSON.stringify(points)).toBe('23514');
      expect(res.error?.message).toContain(`violates check constraint "${rule}"`);
    }
    // On insert too, and nothing was stored.
    const res = await tryWrite(ctx.who.admin.sb, ctx.f.category.id, { key_points: ['y'.repeat(141)] });
    expect(res.error?.message).toContain('articles_key_points_length');
    expect((await stored<Row>(a.id, { columns: COLUMNS, single: true }))!.key_points).toEqual([]);
  });

  it('are written by a journalist on their own draft, and not once it is published', async () => {
    const journalist = ctx.who.journalist.sb;
    const draft = await write(journalist, ctx.f.category.id, { key_points: POINTS.slice(0, 1) });
    const edited = must(await save<Row>(journalist, draft, { key_points: POINTS.slice(0, 2) }, { columns: COLUMNS }), 'journalist edits');
    expect(edited.key_points).toEqual(POINTS.slice(0, 2));

    const published = await publishAsService(draft.id);
    const refused = await save(journalist, published, { key_points: ['Réécrit après publication'] });
    expect(refused.count).toBe(0);
    expect((await stored<Row>(draft.id, { columns: COLUMNS, single: true }))!.key_points).toEqual(POINTS.slice(0, 2));
  });

  it('are read by any visitor on a published article, and recorded in its history', async () => {
    const a = await write(ctx.who.admin.sb, ctx.f.category.id);
    must(await save(ctx.who.admin.sb, a, { key_points: POINTS, status: 'published' }), 'publish with key points');
    const { data, error } = await ctx.who.anon.sb.from('articles').select('key_points').eq('id', a.id).single();
    expect(error).toBeNull();
    expect(data).toEqual({ key_points: POINTS });

    const { data: history } = await serviceClient()
      .from('article_revisions')
      .select('version, key_points')
      .eq('article_id', a.id)
      .order('version');
    expect(history).toEqual([
      { version: 1, key_points: [] },
      { version: 2, key_points: POINTS },
    ]);
  });
});
