import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientFrom, serviceClient } from '@afriqueactu/supabase-local/testing';
import type { TablesUpdate } from '@/lib/database';
import type { Edition } from '@/offline/edition';
import { must, uid, withFixtures } from '../../supabase/tests/helpers';
import { caughtUp, getPage, ORIGIN, startTestSite } from '../../tests/integration/site';
import { SOURCE_LITE_SCRIPTS } from './lite';
import { anonReader, exportMirror, MIRROR_PAGE_MAX_BYTES, mirrorPageBytes } from './mirror';

// « Mode urgence » (issue 45) through the real stack and the site's real handler: the switch turns
// every reader page into the lite page for everyone, with the newsroom's banner and « Infos
// pratiques », and back; reads from one address pass while writes stay limited; the mirror export;
// the edition « Préparer » enlarges.
const ctx = withFixtures();
let site: Awaited<ReturnType<typeof startTestSite>>;
/** One render at a time per address, as a tight production setting would be: a burst shows at once. */
let tight: Awaited<ReturnType<typeof startTestSite>>;
const BANNER = 'Connexion perturbée ? Cette version légère consomme peu de données.';
const INFOS = 'Pharmacie de garde : 33 800 00 00\nLe marché central reste ouvert';

beforeAll(async () => {
  [site, tight] = await Promise.all([startTestSite(), startTestSite({ renderLimit: { perClient: 1 } })]);
});
afterAll(async () => {
  await serviceClient()
    .from('emergency_mode')
    .update({ is_on: false, practical_info: '', mirror_url: '', prepared_until: null })
    .eq('id', true);
  await Promise.all([site?.close(), tight?.close()]);
});

/** Changes the mode as the signed-in administrator, then waits until both sites serve under it
 *  (each learns it on its own content-version poll: waiting on one left the other a beat behind). */
async function setMode(change: TablesUpdate<'emergency_mode'>): Promise<void> {
  must(
    await ctx.who.admin.sb.from('emergency_mode').update(change).eq('id', true).select('id').single(),
    'the administrator changes the mode',
  );
  await caughtUp(site, tight);
  if (change.is_on !== undefined) for (const s of [site, tight]) expect(s.version()?.endsWith('@urgence')).toBe(change.is_on);
}

const appScript = (doc: Document) => doc.querySelector(`script[src="${SOURCE_LITE_SCRIPTS.app}"]`);
const isLite = (doc: Document) => appScript(doc) === null && doc.getElementById('root')?.hasAttribute('data-lite') === true;
const get = (p: string, headers: Record<string, string> = {}) => getPage(`${site.url}${p}`, { headers });

describe('the switch', () => {
  it('turns every reader page lite for a visitor who never chose data-saver, with the banner and « Infos pratiques »; off restores', async () => {
    const article = `/article/${ctx.f.published.slug}`;
    const before = await get('/');
    expect(isLite(before.doc)).toBe(false);
    expect(before.doc.querySelector('[data-emergency-banner]')).toBeNull();

    await setMode({ is_on: true, banner: BANNER, practical_info: INFOS });
    // Even a reader who turned data-saver off gets the lite page: there is no other.
    for (const [p, headers] of [
      ['/', {}],
      [article, {}],
      ['/category/politique', { Cookie: 'data-saver=off' }],
    ] as const) {
      const { res, doc } = await get(p, headers);
      expect(res.status, p).toBe(200);
      expect(isLite(doc), `${p} is the lite page`).toBe(true);
      expect(doc.querySelector('[data-emergency-banner]')?.textContent, p).toContain(BANNER);
      expect(doc.querySelector('.carousel'), `${p} has no carousel`).toBeNull();
      expect(doc.querySelector('[data-saver-toggle]'), `${p}: no switch back to the full page`).toBeNull();
      // The page anyone gets: shared caches may keep it (purged when the mode changes).
      expect(res.headers.get('cache-control'), p).toMatch(/^public/);
    }
    const home = (await get('/')).doc;
    const headings = [...home.querySelectorAll('main h2')].map((h) => h.textContent);
    expect(headings).toContain("L'essentiel");
    expect(headings).toContain('Infos pratiques');
    expect(headings, 'no section carousel, no most read').not.toContain('Les plus lus');
    expect([...home.querySelectorAll('.practical-info li')].map((li) => li.textContent)).toEqual([
      'Pharmacie de garde : 33 800 00 00',
      'Le marché central reste ouvert',
    ]);
    // Nothing from a third party: every file the page loads is the site's own (pictures wait for a tap).
    const loads = [...home.querySelectorAll('script[src], link[href]:not([rel="canonical"]):not([rel="alternate"]), img[src], iframe')].map(
      (el) => el.getAttribute('src') ?? el.getAttribute('href') ?? '',
    );
    expect(loads.filter((url) => /^(https?:)?\/\//.test(url) && !url.startsWith(ORIGIN))).toEqual([]);
    expect(home.querySelectorAll('img[src*="/storage/v1/"]')).toHaveLength(0);

    // Who switched it and when: in the log, for administrators alone.
    const log = must(
      await ctx.who.admin.sb
        .from('emergency_mode_log')
        .select('event, is_on, changed_by, changed_at')
        .order('id', { ascending: false })
        .limit(1),
      'the log',
    );
    expect(log[0]).toMatchObject({ event: 'on', is_on: true, changed_by: ctx.who.admin.userId });
    expect((await ctx.who.reader.sb.from('emergency_mode_log').select('id')).data).toEqual([]);
    expect((await ctx.who.anon.sb.from('emergency_mode').update({ is_on: false }).eq('id', true)).error?.code).toBe('42501');
    expect((await ctx.who.journalist.sb.from('emergency_mode').update({ is_on: false }).eq('id', true).select('id')).data).toEqual([]);

    await setMode({ is_on: false });
    const after = await get('/');
    expect(isLite(after.doc)).toBe(false);
    expect(after.doc.querySelector('[data-emergency-banner]')).toBeNull();
    expect(after.doc.querySelector('.practical-info')).toBeNull();
    expect(after.doc.querySelector('[data-saver-toggle]')?.textContent).toBe('Mode léger : désactivé');
  });
});

describe('reads that survive a VPN surge', () => {
  // Distinct pages nothing keeps, asked at once from one address.
  const burst = async () => {
    const token = uid();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => fetch(`${tight.url}/search?q=burst-${token}-${i}`)));
    return answers.map((r) => r.status);
  };
  /** Views of one page from one address by 25 readers (user agents): how many are counted. */
  const countedViews = async (host: string) => {
    const pagePath = `/vpn-${uid()}`;
    for (let i = 0; i < 25; i++) await clientFrom(host, { userAgent: `lecteur-${i}` }).rpc('record_page_view', { p_path: pagePath });
    const svc = serviceClient();
    await svc.rpc('views_fold');
    return (await svc.from('page_views').select('id', { count: 'exact', head: true }).eq('path', pagePath)).count;
  };
  const contact = (sb: ReturnType<typeof clientFrom>, i: number) =>
    sb.rpc('send_contact_message', { p_name: 'Awa', p_email: 'awa@example.test', p_message: `Message ${i} du mode urgence, assez long.` });

  it('off: one address is throttled (429) and its views capped; on: it passes, while writes keep every limit', async () => {
    expect(await burst(), 'off: the address asks too much').toContain(429);
    expect(await countedViews('127.0.45.1'), 'off: 20 views of a page per address').toBe(20);

    await setMode({ is_on: true });
    const statuses = await burst();
    expect(
      statuses.filter((s) => s === 429),
      'on: no 429 for a shared address',
    ).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(await countedViews('127.0.45.2'), 'on: every reader behind the address counted').toBe(25);
    const writer = clientFrom('127.0.45.3');
    for (let i = 0; i < 5; i++) expect((await contact(writer, i)).error, `message ${i + 1}`).toBeNull();
    const sixth = await contact(writer, 5);
    expect(sixth.error?.code, 'on: writes keep their limit').toBe('PT429');
    await setMode({ is_on: false });
  });
});

describe('the mirror export', () => {
  it('writes the lite site: pages of at most 30 KB gzip, canonical to the main site, noindex, no script, no unpublished article', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-')), 'miroir');
    try {
      const report = await exportMirror({
        site: site.url,
        dir,
        db: anonReader({ supabaseUrl: inject('apiUrl'), supabaseAnonKey: inject('anonKey') }),
      });
      const paths = report.pages.map((p) => p.path);
      expect(paths).toContain('/');
      expect(paths).toContain('/corrections');
      expect(paths).toContain(`/article/${ctx.f.published.slug}`);
      expect(paths.length).toBeGreaterThan(3);
      expect(report.missing).toEqual([]);
      expect(report.tooHeavy).toEqual([]);
      for (const { path: p, bytes } of report.pages) {
        const file = path.join(dir, p === '/' ? '' : p.slice(1), 'index.html');
        const html = fs.readFileSync(file, 'utf8');
        expect(mirrorPageBytes(html), p).toBe(bytes);
        expect(bytes, p).toBeLessThanOrEqual(MIRROR_PAGE_MAX_BYTES);
        expect(html, p).toContain('<meta name="robots" content="noindex" />');
        expect(html, p).toMatch(new RegExp(`<link rel="canonical" href="${ORIGIN}${p === '/' ? '/?' : p}"`));
        expect(html, p).not.toMatch(/<script/i);
        expect(html, p).not.toContain(ctx.f.draft.title);
        expect(html, p).not.toContain(ctx.f.draft.slug);
      }
      // A link to a page the mirror lacks goes to the main site; one it has stays on the mirror.
      const home = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
      expect(home).toContain(`href="${ORIGIN}/category/`);
      expect(home).toMatch(/href="\/article\//);
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  }, 90_000);
});

describe('« Préparer »', () => {
  it('enlarges the offline edition (up to 24 articles, ≤ 1 MB) and offers it on the front page until the date', async () => {
    const svc = serviceClient();
    const token = uid();
    // More recent articles than the day's edition carries (12).
    must(
      await svc
        .from('articles')
        .insert(
          Array.from({ length: 16 }, (_, i) => ({
            slug: `prepare-${token}-${i}`,
            title: `Préparer ${token} ${i}`,
            excerpt: 'Avant le scrutin',
            content: '<p>Les bureaux de vote ouvrent à 8 h.</p>',
            status: 'published',
            category_id: ctx.f.category.id,
          })),
        )
        .select('id'),
      'recent articles',
    );
    const edition = async () => (await (await fetch(`${site.url}/edition.json`)).json()) as Edition;
    try {
      const daily = await edition();
      expect(daily.pages.length, 'the home page and 12 articles').toBe(13);
      expect((await get('/')).doc.querySelector('[data-edition-offer]')).toBeNull();

      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await setMode({ prepared_until: tomorrow });
      const prepared = await edition();
      expect(prepared.pages.length, 'more articles than the day’s edition').toBeGreaterThan(17);
      expect(prepared.pages.length).toBeLessThanOrEqual(25);
      expect(prepared.bytes).toBeLessThanOrEqual(1024 * 1024);
      expect((await get('/')).doc.querySelector('[data-edition-offer]')?.textContent).toMatch(/^Téléchargez l'édition avant le \d+ \S+/);

      // A date gone by offers nothing and the edition is the day's again.
      await setMode({ prepared_until: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) });
      expect((await get('/')).doc.querySelector('[data-edition-offer]')).toBeNull();
      expect((await edition()).pages.length).toBe(13);
    } finally {
      await svc.from('articles').delete().like('slug', `prepare-${token}-%`);
    }
  }, 90_000);
});
