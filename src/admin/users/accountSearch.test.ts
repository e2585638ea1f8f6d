import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_ACCOUNTS } from '../../../supabase/local/accounts.ts';
import { client, serviceClient, signedUpClient } from '../../../supabase/local/tests/clients.ts';
import { createNewsroomDataProvider, type NewsroomClient, type NewsroomDataProvider } from '../providers/newsroomDataProvider';
import { accountSearchFilter } from './accountSearch';

// The users screen's search through the back office's data provider, against the real stack:
// accounts.search_key (name and e-mail folded by the database) filtered with what was typed.
const RUN = Array.from({ length: 8 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
const made: string[] = [];
let provider: NewsroomDataProvider;

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const sb = client();
  const { error } = await sb.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return sb;
}

const providerFor = (sb: SupabaseClient) =>
  createNewsroomDataProvider({
    supabaseUrl: inject('apiUrl'),
    anonKey: inject('anonKey'),
    client: sb as unknown as NewsroomClient,
    removeImageFiles: async () => {},
  });

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
  const admin = LOCAL_ACCOUNTS.find((a) => a.email.startsWith('admin@'))!;
  provider = providerFor(await signedIn(admin.email, admin.password));
  // Two names that a wildcard `_` would both match, and one with a literal %.
  for (const name of [`Ndèye_Fall ${RUN}`, `NdeyeXFall ${RUN}`, `Cent%Pour ${RUN}`]) made.push((await signedUpClient(name)).userId);
});

afterAll(async () => {
  const svc = serviceClient();
  for (const id of made) await svc.auth.admin.deleteUser(id);
});

describe('the users search', () => {
  it('finds an account by name, whatever the case, the accents and the order of the words', async () => {
    expect(await names('diallo')).toEqual(['Aminata Diallo']);
    expect(await names('DIALLO aminata')).toEqual(['Aminata Diallo']);
    expect(await names('traore')).toEqual(['Moussa Traoré']);
    expect(await names('Traoré Moussa')).toEqual(['Moussa Traoré']);
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
    expect(await names('diallo, (aminata)')).toEqual(['Aminata Diallo']);
    expect(await names('"diallo" *')).toEqual(['Aminata Diallo']);
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
    const asJournalist = providerFor(await signedIn(journalist.email, journalist.password));
    await expect(
      asJournalist.getList('accounts', { filter: {}, sort: { field: 'created_at', order: 'DESC' }, pagination: { page: 1, perPage: 5 } }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
