import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { PROJECT_ROOT } from '../localStack.ts';
import { startTestSite } from '../../tests/integration/site.ts';
import { COMMAND_MS, importCommand, importInProcess } from './importCommand.ts';
import { BYLINE_DOMAIN } from './newsroom.ts';

// npm run import:wordpress through the real stack, with the French test export (issue 31): what
// the newsroom gets, what readers' old links do, and that a rerun, a dry run and a killed run
// leave the archive whole and never doubled.

const FIXTURES = path.join(PROJECT_ROOT, 'tests/fixtures/wordpress');
const EXPORT = path.join(FIXTURES, 'export.xml');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wordpress-import-'));
const svc = serviceClient();
/** The command with the test export's pictures, never downloading. */
const importFixture = (args: string[], env: Record<string, string> = {}, file = EXPORT) =>
  importCommand([file, '--images', path.join(FIXTURES, 'uploads'), '--no-download', ...args], work, env);

async function recorded(): Promise<{ wordpress_id: number; article_id: string }[]> {
  const { data, error } = await svc.from('wordpress_posts').select('wordpress_id, article_id').order('wordpress_id');
  if (error) throw error;
  return data;
}

interface ImportedArticle {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  status: string;
  published_at: string | null;
  author_id: string | null;
  image_url: string | null;
  category: { slug: string } | null;
  article_images: { image_url: string; alt_text: string | null; caption: string | null; credit: string | null; position: number }[];
}

/** The imported article of a WordPress post, with its category, byline and images. */
async function article(wordpressId: number): Promise<ImportedArticle> {
  const { data, error } = await svc
    .from('wordpress_posts')
    .select(
      'article:articles(id, slug, title, excerpt, content, status, published_at, author_id, image_url, category:categories(slug), article_images(image_url, alt_text, caption, credit, position))',
    )
    .eq('wordpress_id', wordpressId)
    .single();
  if (error) throw error;
  return data.article as unknown as ImportedArticle;
}

/** Articles with one of the export's titles, recorded or not: a doubled import shows here. */
async function articlesTitled(title: string): Promise<number> {
  const { count, error } = await svc.from('articles').select('id', { count: 'exact', head: true }).eq('title', title);
  if (error) throw error;
  return count!;
}

async function storedWordpressFiles(): Promise<string[]> {
  const { data, error } = await svc.storage.from('article-images').list('wordpress', { limit: 1000 });
  if (error) throw error;
  return data.map((f) => f.name);
}

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  site = await startTestSite();
});

afterAll(async () => {
  await site?.close();
  // The shared stack goes back to its seed: the imported articles, the byline made, the files stored.
  const ids = (await recorded()).map((r) => r.article_id);
  if (ids.length) await svc.from('articles').delete().in('id', ids);
  await svc.from('articles').delete().eq('title', 'Incendie au marché de Thiès (mis à jour)');
  const { data: users } = await svc.from('accounts').select('user_id, email').like('email', `%@${BYLINE_DOMAIN}`);
  for (const u of users ?? []) await svc.auth.admin.deleteUser(u.user_id!);
  // The topic the export's tag made (the country it named is reference data).
  await svc.from('tags').delete().eq('slug', 'cedeao');
  const files = await storedWordpressFiles();
  if (files.length) await svc.storage.from('article-images').remove(files.map((f) => `wordpress/${f}`));
  fs.rmSync(work, { recursive: true, force: true });
});

// Two runs of the command in a test: more than the lane's 20 s when the machine is busy.
describe('npm run import:wordpress', { timeout: 2 * COMMAND_MS + 20_000 }, () => {
  it('--dry-run prints the report and writes it as JSON, and writes nothing to the project', async () => {
    const before = await svc.from('articles').select('id', { count: 'exact', head: true });
    const { code, out, report } = await importFixture(['--dry-run']);
    expect(code, out).toBe(0);
    expect(out).toContain('essai : rien n’est écrit');
    expect(report.counts).toMatchObject({ posts: 12, imported: 10, notImported: 2, otherTypes: 2, picturesMissing: 1, bylinesCreated: 1 });
    expect(report.counts).toMatchObject({ tagsMatched: 1, tagsCreated: 1 });
    expect(out).toMatch(/Étiquettes : 1 retrouvées \(pays et sujets existants\), 1 créées/);
    expect((await svc.from('tags').select('id').eq('slug', 'cedeao')).data, 'a dry run makes no tag').toEqual([]);
    expect(await recorded()).toEqual([]);
    expect((await svc.from('articles').select('id', { count: 'exact', head: true })).count).toBe(before.count);
    expect(await storedWordpressFiles()).toEqual([]);
    expect((await svc.from('accounts').select('user_id').like('email', `%@${BYLINE_DOMAIN}`)).data).toEqual([]);
  });

  it('an import killed in the middle of a post is finished by the next run, nothing doubled', async () => {
    const killed = await importFixture([], { WORDPRESS_IMPORT_STOP_AFTER: '3' });
    expect(killed.code, killed.out).toBe(3);
    expect(await recorded()).toHaveLength(3);
    // The fourth post's article was written, its record not: what a kill at the worst moment leaves.
    expect(await articlesTitled('Brouillon : la saison des pluies')).toBe(1);

    const { code, out, report } = await importFixture([]);
    expect(code, out).toBe(0);
    expect(report.counts).toMatchObject({ imported: 7, skipped: 3, notImported: 2 });
    expect(await recorded()).toHaveLength(10);
    for (const title of ['Brouillon : la saison des pluies', 'Sommet de Dakar', 'La photo qui manque'])
      expect(await articlesTitled(title)).toBe(1);
    expect(out).toMatch(/Articles de l’export : 12/);
  });

  it('posts become articles with their status and original date; pages, private and trashed posts do not', async () => {
    const published = await article(101);
    expect(published).toMatchObject({
      slug: 'sommet-de-dakar',
      status: 'published',
      excerpt: 'Un accord historique sur la monnaie commune.',
    });
    expect(new Date(published.published_at!).toISOString()).toBe('2024-03-15T09:30:00.000Z');
    expect(await article(103)).toMatchObject({ status: 'draft', published_at: null, slug: 'brouillon-la-saison-des-pluies' });
    expect(await article(104)).toMatchObject({ status: 'review', slug: 'budget-2025-ville' });
    const scheduled = await article(109);
    expect(scheduled.status).toBe('scheduled');
    expect(new Date(scheduled.published_at!).toISOString()).toBe('2030-01-10T08:00:00.000Z');
    // An empty post_name: the title's slug, taken by post 101, so the product's -2.
    expect((await article(110)).slug).toBe('sommet-de-dakar-2');
    expect((await recorded()).map((r) => r.wordpress_id)).not.toEqual(expect.arrayContaining([105]));
    for (const title of ['Qui sommes-nous ?', 'Note interne privée', 'Article supprimé']) expect(await articlesTitled(title)).toBe(0);
  });

  it('content is cleaned, not mangled: no block comments, captions as figures, embed lines, shortcodes dropped with their text', async () => {
    const summit = (await article(101)).content;
    expect(summit).not.toContain('wp:');
    expect(summit).toMatch(
      /<figure><img src="[^"]+\/wordpress\/[^"]+\.400x300\.webp" alt="Les étals du marché Sandaga"[^>]*><figcaption>Le marché Sandaga, au cœur de Dakar<\/figcaption><\/figure>/,
    );
    expect(summit).toContain('<strong>précis</strong>');
    const port = (await article(102)).content;
    expect(port).toContain('<p>https://www.youtube.com/watch?v=dQw4w9WgXcQ</p>');
    expect(port).toContain('<p>https://twitter.com/portdakar/status/1768000000000000000</p>');
    expect(port).not.toMatch(/<script|<blockquote|<iframe/);
    const contact = (await article(107)).content;
    expect(contact).toContain('Écrivez-nous [sic] via le formulaire.');
    expect(contact).toContain('Nos bureaux sont à Dakar-Plateau.');
    expect(contact).not.toMatch(/\[\/?(contact-form-7|vc_row|vc_column)/);
    // A gallery keeps its pictures in its order (202, then 201).
    const gallery = (await article(111)).content;
    expect(gallery.match(/<img src="[^"]+"/g)).toHaveLength(2);
    expect(gallery.indexOf('Les étals du marché Sandaga')).toBeLessThan(gallery.indexOf('Les chefs d’État posent'));
    // A classic post's blank lines made paragraphs.
    expect((await article(106)).content).toContain('<p>Un incendie s’est déclaré mardi soir.</p>');
  });

  it('tags: « Senegal » is the country « Sénégal », « CEDEAO » a topic made for it, both on the article', async () => {
    const { data, error } = await svc
      .from('article_tags')
      .select('tag:tags(kind, name, slug)')
      .eq('article_id', (await article(101)).id);
    expect(error).toBeNull();
    const tags = (data as unknown as { tag: { kind: string; name: string; slug: string } }[]).map((r) => r.tag);
    expect(tags.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual([
      { kind: 'theme', name: 'CEDEAO', slug: 'cedeao' },
      { kind: 'pays', name: 'Sénégal', slug: 'senegal' },
    ]);
  });

  it('categories map by slug, the unknown one to the default; authors by e-mail, else a byline that cannot sign in', async () => {
    expect((await article(101)).category!.slug).toBe('politique');
    expect((await article(106)).category!.slug).toBe('actualite');
    const { data: moussa } = await svc.from('accounts').select('user_id').eq('email', 'journaliste@afrique-actu.local').single();
    expect((await article(102)).author_id).toBe(moussa!.user_id);
    const awa = (await article(101)).author_id!;
    const { data: account } = await svc.from('accounts').select('email, full_name, roles').eq('user_id', awa).single();
    expect(account).toMatchObject({ full_name: 'Awa Diop', roles: [] });
    expect(account!.email).toMatch(new RegExp(`@${BYLINE_DOMAIN.replace('.', '\\.')}$`));
    // Readers see the byline on the article.
    const { data: byline } = await anonClient().from('bylines').select('full_name').eq('user_id', awa).single();
    expect(byline!.full_name).toBe('Awa Diop');
  });

  it('the featured image goes through the pipeline first: renditions and share picture stored, EXIF gone, facts kept', async () => {
    const { image_url, article_images } = await article(101);
    expect(article_images).toHaveLength(1);
    expect(article_images[0]).toMatchObject({
      image_url,
      alt_text: 'Les chefs d’État posent devant le centre de conférences',
      caption: 'Les chefs d’État réunis au centre de conférences.',
      credit: 'Photo : AFP',
      position: 0,
    });
    expect(image_url).toMatch(/\/article-images\/wordpress\/\d+-[a-z0-9]{10}\.400x300\.webp$/);
    for (const copy of [image_url!, image_url!.replace(/\.webp$/, '.w320.webp'), image_url!.replace(/\.webp$/, '.share.jpg')]) {
      const res = await fetch(copy);
      expect(res.status, copy).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.exif, `${copy} keeps no EXIF`).toBeUndefined();
    }
    // The missing file is reported, and its article imported without it.
    const missing = await article(112);
    expect(missing.image_url).toBeNull();
  });

  it('old WordPress addresses answer 301 to the article; a draft’s tell nothing; nobody lists them', async () => {
    const to = async (address: string) => {
      const res = await fetch(`${site.url}${address}`, { redirect: 'manual' });
      return { status: res.status, location: res.headers.get('location') };
    };
    const summit = { status: 301, location: '/article/sommet-de-dakar' };
    expect(await to('/2024/03/15/sommet-de-dakar/')).toEqual(summit);
    expect(await to('/sommet-de-dakar/')).toEqual(summit);
    expect(await to('/?p=101')).toEqual(summit);
    expect(await to('/2024/03/15/sommet-de-dakar-2/')).toEqual({ status: 301, location: '/article/sommet-de-dakar-2' });
    expect(await to('/feed/')).toEqual({ status: 301, location: '/rss.xml' });
    expect(await to('/category/politique/feed/')).toEqual({ status: 301, location: '/category/politique/rss.xml' });
    // A draft and a story scheduled for 2030: their old addresses are not revealed.
    expect((await to('/?p=103')).status).toBe(200);
    expect((await to('/2024/03/18/budget-2025-ville/')).status).toBe(404);
    expect((await to('/?p=109')).location).toBeNull();
    // The table is never read through the API; the one-path lookup is.
    const listed = await anonClient().from('wordpress_redirects').select('path');
    expect(listed.error?.code).toBe('42501');
    expect((await anonClient().rpc('wordpress_redirect', { p_path: '/?p=101' })).data).toBe('sommet-de-dakar');
    expect((await anonClient().rpc('wordpress_redirect', { p_path: '/?p=104' })).data).toBeNull();
  });

  // The importer itself from here (importInProcess): what a second run decides, without starting the command twice more.
  it('a second run imports nothing twice; --update updates the posts that changed', async () => {
    const uploads = path.join(FIXTURES, 'uploads');
    const again = await importInProcess(EXPORT, { imagesDir: uploads });
    expect(again.report.counts).toMatchObject({ imported: 0, updated: 0, skipped: 10, picturesStored: 0 });
    expect(await recorded()).toHaveLength(10);

    const changed = path.join(work, 'export-changed.xml');
    fs.writeFileSync(
      changed,
      fs
        .readFileSync(EXPORT, 'utf8')
        .replace('<![CDATA[Incendie au marché de Thiès]]>', '<![CDATA[Incendie au marché de Thiès (mis à jour)]]>'),
    );
    const updated = await importInProcess(changed, { imagesDir: uploads, update: true });
    expect(updated.report.counts).toMatchObject({ imported: 0, updated: 1, skipped: 9 });
    expect(await article(106)).toMatchObject({ title: 'Incendie au marché de Thiès (mis à jour)', slug: 'incendie-marche-thies' });
    expect(await articlesTitled('Incendie au marché de Thiès')).toBe(0);
  });
});
