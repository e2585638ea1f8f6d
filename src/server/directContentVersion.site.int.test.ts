import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { anonClient } from '@afriqueactu/supabase-local/testing';
import { createFixtures, must, removeFixtures, signIn, sleep, uid, type Fixtures, type Session } from '../../supabase/tests/helpers';
import { PROOF_MS } from './contentVersion';
import { directVersionReader, type DirectVersionReader } from './directContentVersion';
import { heldApi as startHeldApi } from '../../tests/integration/heldApi';
import { getPage, startTestSite } from '../../tests/integration/site';

// PAGE_CACHE_DATABASE_URL (directContentVersion.ts): the page cache proves its pages current over a
// Postgres connection of its own, so an API that no longer answers (PostgREST's pool held by a
// flood of costly filters) does not stop the kept pages — and still never lets out the copy of an
// article changed since.
let admin: Session & { userId: string };
let f: Fixtures;
const readers: DirectVersionReader[] = [];
const closers: (() => Promise<void>)[] = [];
const reader = (url = inject('dbUrl')) => {
  const r = directVersionReader(url, 1000);
  readers.push(r);
  return r;
};
beforeAll(async () => {
  admin = await signIn('admin');
  f = await createFixtures(admin.sb);
});
afterAll(async () => {
  await removeFixtures(f);
  for (const close of closers.reverse()) await close();
  await Promise.all(readers.map((r) => r.close()));
});

async function versionThroughApi(): Promise<string> {
  const { data, error } = await anonClient().rpc('content_version');
  if (error) throw new Error(error.message);
  return data;
}

async function publish(label: string) {
  const token = `${label}-${uid()}`;
  return must(
    await admin.sb
      .from('articles')
      .insert({
        slug: `direct-${token}`,
        title: `Direct ${token}`,
        content: `<p>Texte d'origine ${token}</p>`,
        status: 'published',
        category_id: f.category.id,
      })
      .select('id, slug, title, version')
      .single(),
    'admin publishes an article',
  );
}

/** The API in front of the real one, answering nothing while held (tests/integration/heldApi.ts); closed after the tests. */
async function heldApi() {
  const api = await startHeldApi();
  closers.push(api.close);
  return api;
}

describe('the content version over Postgres', () => {
  it('is the one the API gives, and moves with a change readers can see', async () => {
    const direct = reader();
    expect(await direct.read()).toBe(await versionThroughApi());
    const before = await direct.read();
    await publish('lecture');
    const after = await direct.read();
    expect(after).not.toBe(before);
    expect(after).toBe(await versionThroughApi());
  });

  it('fails with the setting named when the database cannot be reached; the site then reads it through the API', async () => {
    const wrong = new URL(inject('dbUrl'));
    wrong.password = 'pas-le-bon';
    const broken = reader(wrong.toString());
    await expect(broken.read()).rejects.toThrow(/PAGE_CACHE_DATABASE_URL/);
    const site = await startTestSite({ pageCache: {}, readContentVersion: broken.read });
    closers.push(site.close);
    expect(site.version(), 'kept pages are still proven').toBe(await versionThroughApi());
  });
});

/** Waits until the site has read the version the last change made (bounded: "within a few seconds"). */
async function caughtUp(site: { version: () => string | null }, direct: DirectVersionReader) {
  const target = await direct.read();
  for (const started = Date.now(); site.version() !== target; await sleep(50))
    expect(Date.now() - started, 'the site read the change within a few seconds').toBeLessThan(5000);
}

describe('a site proving its pages over Postgres while the API answers nothing', () => {
  it('keeps serving the kept page, and never again once the article changed', async () => {
    const api = await heldApi();
    const direct = reader();
    // Every request renders (no fresh copies): the kept copy is only the outage fallback.
    const site = await startTestSite({ pageCache: { freshMs: -1 }, supabaseUrl: api.url, readContentVersion: direct.read });
    closers.push(site.close);
    const article = await publish('crue');
    await caughtUp(site, direct);
    const url = `${site.url}/article/${article.slug}`;
    expect((await getPage(url)).res.status).toBe(200);

    api.hold(true);
    // Long past the proof's life: through the API the version could no longer be read.
    await sleep(PROOF_MS + 1500);
    expect(site.version(), 'the version is still proven').toBe(await direct.read());
    const during = await getPage(url);
    expect(during.res.status).toBe(200);
    expect(during.res.headers.get('x-page-cache')).toBe('stale');
    expect(during.html).toContain("Texte d'origine");

    // A redaction, through the real API (the newsroom's own requests are not the site's).
    must(
      await admin.sb
        .from('articles')
        .update({ title: 'Titre après caviardage', content: '<p>Passage retiré.</p>', version: article.version })
        .eq('id', article.id)
        .select('id')
        .single(),
      'admin edits',
    );
    await caughtUp(site, direct);
    const after = getPage(url);
    await sleep(1000);
    api.hold(false);
    const page = await after;
    expect(page.res.headers.get('x-page-cache'), 'the copy kept before the redaction').toBeNull();
    expect(page.res.status).toBe(200);
    expect(page.html).not.toContain("Texte d'origine");
    expect(page.doc.querySelector('h1')?.textContent).toBe('Titre après caviardage');
  }, 30_000);
});
