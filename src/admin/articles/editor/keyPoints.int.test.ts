import { expect, it } from 'vitest';
import { postgresDb } from '@afriqueactu/supabase-local/testing';
import { KEY_POINT_MAX_LENGTH, KEY_POINT_OVER_LIMIT, KEY_POINTS_MAX, keyPointWithinLimit } from './keyPoints';

it('refuses in French a point over 140 characters, counted as the database counts them', () => {
  expect(keyPointWithinLimit('é'.repeat(140))).toBeUndefined();
  expect(keyPointWithinLimit(`  ${'x'.repeat(140)}  `)).toBeUndefined();
  expect(keyPointWithinLimit('x'.repeat(141))).toBe(KEY_POINT_OVER_LIMIT);
  expect(KEY_POINT_OVER_LIMIT).toBe('Un point clé ne peut pas dépasser 140 caractères : raccourcissez-le.');
});

it('holds the same limits as the database’s constraints', async () => {
  const db = await postgresDb();
  try {
    const { rows } = await db.query<{ conname: string; def: string }>(
      `select conname, pg_get_constraintdef(oid) as def from pg_constraint
       where conrelid = 'public.articles'::regclass and conname like 'articles_key_points_%' order by conname`,
    );
    expect(rows.map((r) => r.conname)).toEqual(['articles_key_points_count', 'articles_key_points_length']);
    expect(rows[0].def).toContain(`<= ${KEY_POINTS_MAX}`);
    const { rows: fn } = await db.query<{ src: string }>(`select prosrc as src from pg_proc where proname = 'key_points_fit'`);
    expect(fn[0].src).toContain(`between 1 and ${KEY_POINT_MAX_LENGTH}`);
  } finally {
    await db.end();
  }
});
