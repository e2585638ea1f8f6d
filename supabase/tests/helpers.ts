import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect } from 'vitest';
import { LOCAL_ACCOUNTS } from '../seed/accounts.ts';
import { client, ownAddressClient, serviceClient, signedUpClient } from '@afriqueactu/supabase-local/testing';

export type Role = 'anon' | 'reader' | 'journalist' | 'admin';
export interface Session {
  sb: SupabaseClient;
  userId: string | null;
}

/** Lowercase letters only: valid in slugs, and one single word for the French search parser. */
export function uid(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let s = '';
  for (let i = 0; i < 10; i++) s += letters[Math.floor(Math.random() * letters.length)];
  return s;
}

/** Signs in one of the accounts supabase/seed.sql creates, through the real auth endpoint. */
export async function signIn(role: 'admin' | 'journalist' | 'reader'): Promise<Session & { userId: string }> {
  const account = LOCAL_ACCOUNTS.find((a) => a.role === role)!;
  const sb = ownAddressClient();
  const { data, error } = await sb.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error || !data.user) throw new Error(`seeded ${role} ${account.email} cannot sign in: ${error?.message}`);
  if (role === 'admin') await ensureAdminRole(data.user.id);
  return { sb, userId: data.user.id };
}

/** A second seeded administrator (a journalist), for what two editors do to one article. */
export async function signInColleague(): Promise<Session & { userId: string; fullName: string }> {
  const account = LOCAL_ACCOUNTS.filter((a) => a.role === 'admin')[1]!;
  const sb = ownAddressClient();
  const { data, error } = await sb.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error || !data.user) throw new Error(`seeded admin ${account.email} cannot sign in: ${error?.message}`);
  await ensureAdminRole(data.user.id);
  return { sb, userId: data.user.id, fullName: account.fullName };
}

/** A new account made an administrator as `npm run admin:create` would: one with no byline yet. */
export async function newAdmin(fullName: string): Promise<Session & { userId: string }> {
  const { sb, userId } = await signedUpClient(fullName);
  const { error } = await serviceClient().from('user_roles').insert({ user_id: userId, role: 'admin' });
  if (error) throw new Error(`could not make ${fullName} an admin: ${error.message}`);
  return { sb, userId };
}

/** A new journalist, made one as an administrator would on the users screen (here as the service role). */
export async function newJournalist(fullName: string): Promise<Session & { userId: string }> {
  const { sb, userId } = await signedUpClient(fullName);
  const { error } = await serviceClient().from('user_roles').insert({ user_id: userId, role: 'journalist' });
  if (error) throw new Error(`could not make ${fullName} a journalist: ${error.message}`);
  return { sb, userId };
}

/**
 * The seed is meant to make the seeded admin an admin. While the seed is being rewritten it may
 * not yet, so the tests grant it (as the service role, like `npm run admin:create`) and say so.
 */
async function ensureAdminRole(userId: string): Promise<void> {
  const svc = serviceClient();
  const { data } = await svc.from('user_roles').select('id').eq('user_id', userId).eq('role', 'admin');
  if (data?.length) return;
  console.warn(`supabase/seed.sql did not make the seeded account ${userId} an admin; granting it for the tests`);
  const { error } = await svc.from('user_roles').insert({ user_id: userId, role: 'admin' });
  if (error) throw new Error(`could not grant the seeded admin its role: ${error.message}`);
}

/** anon, the seeded reader, the seeded journalist and the seeded admin, each with its own client. */
export async function sessions(): Promise<Record<Role, Session>> {
  const [reader, journalist, admin] = await Promise.all([signIn('reader'), signIn('journalist'), signIn('admin')]);
  return { anon: { sb: client(), userId: null }, reader, journalist, admin };
}

export interface Fixtures {
  token: string;
  category: { id: string; slug: string; name: string };
  published: { id: string; slug: string; title: string };
  draft: { id: string; slug: string; title: string };
  publishedImageId: string;
  draftImageId: string;
}

/**
 * A category with one published and one draft article, each with an image row, created by the
 * admin through the API (seed articles change under our feet). Both titles carry `token`, so a
 * search for it proves which of the two the caller can see.
 */
export async function createFixtures(admin: SupabaseClient): Promise<Fixtures> {
  const token = uid();
  const category = must(
    await admin
      .from('categories')
      .insert({ name: `Sécurité ${token}`, slug: `securite-${token}` })
      .select('id, slug, name')
      .single(),
    'admin creates the fixture category',
  );
  const article = async (status: 'published' | 'draft') =>
    must(
      await admin
        .from('articles')
        .insert({
          slug: `${status}-${token}`,
          title: `${status === 'draft' ? 'Brouillon' : 'Article'} ${token}`,
          excerpt: `Résumé ${token}`,
          content: `<p>Contenu ${token}</p>`,
          status,
          category_id: category.id,
        })
        .select('id, slug, title')
        .single(),
      `admin creates the ${status} fixture article`,
    );
  const published = await article('published');
  const draft = await article('draft');
  const image = async (articleId: string) =>
    must(
      await admin
        .from('article_images')
        // An image of a published article says what it shows (alt text is required once it is out).
        .insert({ article_id: articleId, image_url: `https://img.example.test/${token}/${articleId}.webp`, alt_text: `Image ${token}` })
        .select('id')
        .single(),
      'admin adds a fixture image row',
    ).id as string;
  return { token, category, published, draft, publishedImageId: await image(published.id), draftImageId: await image(draft.id) };
}

/** Removes the fixtures as the service role, so cleanup works even if a test broke the admin. */
export async function removeFixtures(f: Fixtures | undefined): Promise<void> {
  if (!f) return;
  const svc = serviceClient();
  await svc.from('articles').delete().in('id', [f.published.id, f.draft.id]);
  await svc.from('categories').delete().eq('id', f.category.id);
}

/** Unwraps a PostgREST answer that setup needs, failing loudly with the server's message. */
export function must<T>(res: { data: T; error: { message: string } | null }, what: string): NonNullable<T> {
  if (res.error || res.data === null || res.data === undefined) throw new Error(`${what}: ${res.error?.message ?? 'no data'}`);
  return res.data as NonNullable<T>;
}

/** Asserts the database refused with insufficient_privilege (a grant, a policy or a function). */
/** Refused: 42501 (no privilege), or PGRST204 for a column the API cannot write at all (view_count). */
export function expectDenied(res: { error: { code?: string; message: string } | null }, what: string, code = '42501'): void {
  expect(res.error, `${what} must be refused, but it succeeded`).not.toBeNull();
  expect(res.error!.code, `${what} must fail with ${code}, got: ${res.error!.message}`).toBe(code);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A test file's setting: anon, reader and admin signed in, and the fixtures (created as the admin
 * before the file's tests, removed after). Read `ctx.who` and `ctx.f` inside tests.
 */
export function withFixtures(): { who: Record<Role, Session>; f: Fixtures } {
  const ctx = {} as { who: Record<Role, Session>; f: Fixtures };
  beforeAll(async () => {
    ctx.who = await sessions();
    ctx.f = await createFixtures(ctx.who.admin.sb);
  });
  afterAll(async () => {
    await removeFixtures(ctx.f);
  });
  return ctx;
}
