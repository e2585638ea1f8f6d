import { expect, it } from 'vitest';
import { postgresDb } from '@afriqueactu/supabase-local/testing';
import { SLUG_MAX, SLUG_PATTERN } from '@/lib/slug';
import { LIMITS } from './limits';

// Each limit the back office states (its forms, its French messages, docs/product.md) is its
// check constraint's bound in the database: if either moves alone, this fails.
it.each(Object.entries(LIMITS))('%s is the bound of its check constraint', async (_name, limit) => {
  const db = await postgresDb();
  try {
    const { rows } = await db.query<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and conname = $2`,
      [`public.${limit.table}`, limit.constraint],
    );
    expect(rows).toHaveLength(1);
    let def = rows[0].def;
    // A rule written as a function (each key point's length): its body holds the bound.
    for (const [, fn] of def.matchAll(/\b(private\.\w+)\(/g)) {
      const body = await db.query<{ def: string }>(`select pg_get_functiondef($1::regproc) as def`, [fn]);
      def += body.rows[0].def;
    }
    // `x <= n`, or `between m and n` as a function's source keeps it.
    const bounds = [...def.matchAll(/(?:<=|between\s+\d+\s+and)\s*(\d+)/gi)].map((m) => Number(m[1]));
    expect(Math.max(...bounds)).toBe(limit.max);
  } finally {
    await db.end();
  }
});

// The slugs the server refuses without a lookup (src/lib/slug.ts: SLUG_MAX, SLUG_PATTERN) are
// exactly what the database holds: a longer or other slug allowed there would name a page the site answers 404.
it.each([
  ['categories', SLUG_MAX.category],
  ['articles', SLUG_MAX.article],
  ['article_slugs', SLUG_MAX.article],
  ['profiles', SLUG_MAX.author],
] as const)('%s.slug is checked against SLUG_PATTERN and SLUG_MAX', async (table, max) => {
  const db = await postgresDb();
  try {
    const { rows } = await db.query<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = $1::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%slug%'`,
      [`public.${table}`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].def).toContain(`'${SLUG_PATTERN.source}'`);
    expect([...rows[0].def.matchAll(/<=\s*(\d+)/g)].map((m) => Number(m[1]))).toEqual([max]);
  } finally {
    await db.end();
  }
});
