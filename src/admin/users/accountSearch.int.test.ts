import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNTS } from '../../../supabase/seed/accounts.ts';
import { serviceClient, signedUpClient } from '@afriqueactu/supabase-local/testing';
import type { NewsroomDataProvider } from '../providers/newsroomDataProvider';
import { signedInProvider } from '../../../tests/integration/stackProvider';
import { accountSearchFilter } from './accountSearch';
import { foldForSearch } from '@/lib/searchPattern';

// The users screen's search through the back office's data provider, against the real stack:
// accounts.search_key (name and e-mail folded by the database) filtered with what was typed.
const RUN = Array.from({ length: 8 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
const made: string[] = [];
let provider: NewsroomDataProvider;

async function names(q: string): Promise<string[]> {
  const { data } = await provider.getList('accounts', {
    filter: { q },
    sort: { field: 'full_name', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
    meta: { columns: ['id', 'full_name', 'email', 'roles'] },
  });
  return data.map((a) => a.full_name as string);
}

beforeAll(async () => {
  ({ provider } = await signedInProvider());
  // Two names that a wildcard `_` would both match, and one with a literal %.
  for (const name of [`Ndèye_Fall ${RUN}`, `NdeyeXFall ${RUN}`, `Cent%Pour ${RUN}`]) made.push((await signedUpClient(name)).userId);
});

afterAll(async () => {
  const svc = serviceClient();
  for (const id of made) await svc.auth.admin.deleteUser(id);
});

/**
 * The seeded accounts' names: other test files sign up readers too (some share a surname), so a
 * search is checked to find the seeded account and nothing but accounts matching every word.
 */
async function finds(q: string, expected: string, words: string[]) {
  const found = await names(q);
  expect(found).toContain(expected);
  for (const name of found) for (const word of words) expect(foldForSearch(name)).toContain(word);
}

describe('the users search', () => {
  it('finds an account by name, whatever the case, the accents and the order of the words', async () => {
    await finds('diallo', 'Aminata Diallo', ['diallo']);
    await finds('DIALLO aminata', 'Aminata Diallo', ['diallo', 'aminata']);
    await finds('traore', 'Moussa Traoré', ['traore']);
    await finds('Traoré Moussa', 'Moussa Traoré', ['traore', 'moussa']);
  });
  it('finds an account by a part of its e-mail', async () => {
    expect(await names('lecteur@afrique')).toEqual(['Kwame Mensah']);
    expect(await names('aminata admin@afrique-actu.local')).toEqual(['Aminata Diallo']);
    expect((await names('afrique-actu.local')).length).toBeGreaterThanOrEqual(5);
  });
  it('takes % and _ literally, alone or among other words', async () => {
    expect(await names(`ndeye_fall ${RUN}`)).toEqual([`Ndèye_Fall ${RUN}`]);
    expect(await names(`ndèye_fall`)).toEqual([`Ndèye_Fall ${RUN}`]);
    expect(await names(`${RUN} cent%pour`)).toEqual([`Cent%Pour ${RUN}`]);
    expect(await names(`${RUN}%`)).toEqual([]);
    expect(await names('%')).toEqual([`Cent%Pour ${RUN}`]);
  });
  it('survives what PostgREST reserves in its filters', async () => {
    await finds('diallo, (aminata)', 'Aminata Diallo', ['diallo', 'aminata']);
    await finds('"diallo" *', 'Aminata Diallo', ['diallo']);
  });
  it('is one filter for one word and one and=(…) for several, or none for a blank box', () => {
    expect(accountSearchFilter({ q: 'Diallo' })).toEqual({ 'search_key@ilike': 'diallo' });
    expect(accountSearchFilter({ q: 'Aminata  Diallo' })).toEqual({ 'and@': '(search_key.ilike.*aminata*,search_key.ilike.*diallo*)' });
    expect(accountSearchFilter({ q: '  ' })).toEqual({});
  });
});

describe('the accounts view', () => {
  it('answers administrators only: a journalist is refused', async () => {
    const journalist = LOCAL_ACCOUNTS.find((a) => a.role === 'journalist')!;
    const { provider: asJournalist } = await signedInProvider(journalist);
    await expect(
      asJournalist.getList('accounts', { filter: {}, sort: { field: 'created_at', order: 'DESC' }, pagination: { page: 1, perPage: 5 } }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
