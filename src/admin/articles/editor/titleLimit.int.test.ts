import { afterAll, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { signIn, uid } from '../../../../supabase/tests/helpers';
import { TITLE_MAX_LENGTH } from '../constants';
import { titleLength, titleWithinLimit } from './titleLength';

// The form's headline limit counts as the database does (its bound: src/admin/limits.int.test.ts).
const made: string[] = [];
afterAll(async () => {
  if (made.length) await serviceClient().from('articles').delete().in('id', made);
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
