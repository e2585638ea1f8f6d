import { afterAll, expect, it } from 'vitest';
import { serviceClient, postgresDb } from '@afriqueactu/supabase-local/testing';
import { signIn, uid } from '../../../../supabase/tests/helpers';
import { TITLE_MAX_LENGTH } from '../constants';
import { titleLength, titleWithinLimit } from './titleLength';

// The form's headline limit is the database's: if either moves alone, this fails.
const made: string[] = [];
afterAll(async () => {
  if (made.length) await serviceClient().from('articles').delete().in('id', made);
});

it('is the bound of the articles_title_check constraint', async () => {
  const db = await postgresDb();
  try {
    const { rows } = await db.query<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'public.articles'::regclass and conname = 'articles_title_check'`,
    );
    expect(rows).toHaveLength(1);
    const bounds = [...rows[0].def.matchAll(/<=\s*(\d+)/g)].map((m) => Number(m[1]));
    expect(bounds).toEqual([TITLE_MAX_LENGTH]);
  } finally {
    await db.end();
  }
});

it('lets through what the database accepts and refuses what it refuses, counted the same way', async () => {
  const { sb } = await signIn('admin');
  // Accented letters and an emoji: characters, not UTF-16 units, once trimmed.
  const longest = `  ${'é'.repeat(TITLE_MAX_LENGTH - 1)}🌍  `;
  expect(titleLength(longest)).toBe(TITLE_MAX_LENGTH);
  expect(titleWithinLimit(longest)).toBeUndefined();
  const slug = `titre-limite-${uid()}`;
  const ok = await sb.from('articles').insert({ title: longest, slug, content: 'Texte.', status: 'draft' }).select('id').single();
  expect(ok.error).toBeNull();
  made.push(ok.data!.id);

  const tooLong = `${'é'.repeat(TITLE_MAX_LENGTH)}🌍`;
  expect(titleWithinLimit(tooLong)).toMatch(/ne peut pas dépasser 150 caractères/);
  const refused = await sb.from('articles').update({ title: tooLong }).eq('id', ok.data!.id).select('id');
  expect(refused.error).toMatchObject({ code: '23514' });
  expect(refused.error!.message).toContain('articles_title_check');
});
