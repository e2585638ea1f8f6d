import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { startTestSite } from '../../tests/integration/site.ts';
import { PROJECT_ROOT } from '../localStack.ts';
import { COMMAND_MS, importCommand, importInProcess } from './importCommand.ts';

// What an export cannot do to the site (issue « Abuse-proof, fourth round »): take one of the
// site's own addresses with an old permalink, or stop the import with a post too big for an
// article. The rest of the export is imported all the same, and a dry run says what the real run does.
// The first dry run is the command a newsroom runs; the other runs call the importer in this process
// (importInProcess): the same decisions, without starting Node and tsx five times more (docs/testing.md).

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wordpress-refusals-'));
const svc = serviceClient();
const EXPORT = path.join(work, 'export.xml');
const HUGE_TITLE = 'Les archives complètes (50 Mo)';
const LONG_TITLE = 'Un dossier de 210 000 caractères';

const post = (id: number, title: string, name: string, link: string, content: string) => `
  <item>
    <title><![CDATA[${title}]]></title>
    <link>${link}</link>
    <dc:creator><![CDATA[moussa]]></dc:creator>
    <content:encoded><![CDATA[${content}]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>${id}</wp:post_id>
    <wp:post_date><![CDATA[2024-05-0${id % 10} 10:00:00]]></wp:post_date>
    <wp:post_date_gmt><![CDATA[2024-05-0${id % 10} 10:00:00]]></wp:post_date_gmt>
    <wp:post_name><![CDATA[${name}]]></wp:post_name>
    <wp:status><![CDATA[publish]]></wp:status>
    <wp:post_type><![CDATA[post]]></wp:post_type>
    <category domain="category" nicename="politique"><![CDATA[Politique]]></category>
  </item>`;

/** An export of these posts in `file`. */
function writeExport(file: string, posts: string): void {
  fs.writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <link>https://ancien-journal.test</link>
  <wp:base_site_url>https://ancien-journal.test</wp:base_site_url>
  <wp:base_blog_url>https://ancien-journal.test</wp:base_blog_url>
  <wp:author><wp:author_login><![CDATA[moussa]]></wp:author_login><wp:author_email><![CDATA[journaliste@afrique-actu.local]]></wp:author_email><wp:author_display_name><![CDATA[Moussa T.]]></wp:author_display_name></wp:author>
  ${posts}
</channel>
</rss>
`,
  );
}

/** Four posts: two whose addresses are partly the site's, a 50 MB one, one just over the content's limit. */
const refusals = () =>
  `${post(901, 'Enquête sur la recherche', 'search', 'https://ancien-journal.test/search/', '<p>Le moteur de recherche.</p>')}
  ${post(902, HUGE_TITLE, 'archives', 'https://ancien-journal.test/archives/', `<p>${'x'.repeat(50 * 1024 * 1024)}</p>`)}
  ${post(903, 'Connexion des lecteurs', 'auth', 'https://ancien-journal.test/category/politique/', '<p>Se connecter.</p>')}
  ${post(904, LONG_TITLE, 'dossier', 'https://ancien-journal.test/dossier/', `<p>${'mot '.repeat(52_500)}</p>`)}`;

/**
 * Posts near the content's limit, where a picture's address decides: 921's pictures are in the
 * fixture's uploads folder and their storage addresses take it over the limit (a dry run that
 * wrote shorter ones let it through); 922's are missing and leave the text, which then fits (a dry
 * run without --images kept them); 923 carries a megabyte of pictures written into its text.
 */
const NEAR = path.join(work, 'near.xml');
const UPLOADS = path.join(PROJECT_ROOT, 'tests/fixtures/wordpress/uploads');
const img = (file: string) => `<p><img src="https://a.test/wp-content/uploads/2024/03/${file}" alt="Le marché"></p>`;
const nearLimit = () =>
  `${post(921, 'Près de la limite, images présentes', 'pres-limite', 'https://a.test/pres-limite/', `<p>${'mot '.repeat(NEAR_WORDS)}</p>${img('marche-sandaga.jpg').repeat(50)}`)}
  ${post(922, 'Près de la limite, images absentes', 'images-absentes', 'https://a.test/images-absentes/', `<p>${'mot '.repeat(NEAR_WORDS)}</p>${img('absente.jpg').repeat(50)}`)}
  ${post(923, 'Images écrites dans le texte', 'images-data', 'https://a.test/images-data/', `<p>Le texte.</p><img src="data:image/png;base64,${'iVBORw0KGgo'.repeat(100_000)}" alt="">`)}`;
/** Words that leave 921 and 922 between the two lengths (calibrated on the reported sizes). */
const NEAR_WORDS = 48_450;

const run = (args: string[]) => importCommand([EXPORT, '--no-download', ...args], work);
type Report = Awaited<ReturnType<typeof run>>['report'];

async function recordedIds(from = 901, to = 904): Promise<number[]> {
  const { data, error } = await svc.from('wordpress_posts').select('wordpress_id').gte('wordpress_id', from).lte('wordpress_id', to);
  if (error) throw error;
  return data.map((r) => r.wordpress_id).sort();
}

async function articleOf(wordpressId: number): Promise<{ id: string; slug: string }> {
  const { data, error } = await svc.from('wordpress_posts').select('article:articles(id, slug)').eq('wordpress_id', wordpressId).single();
  if (error) throw error;
  return data.article as unknown as { id: string; slug: string };
}

let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  writeExport(EXPORT, refusals());
  writeExport(NEAR, nearLimit());
  site = await startTestSite();
});

afterAll(async () => {
  await site?.close();
  // Back to the seed: the articles go, their records and old addresses with them, and the pictures stored.
  const { data } = await svc.from('wordpress_posts').select('article_id').gte('wordpress_id', 901).lte('wordpress_id', 999);
  const ids = (data ?? []).map((r) => r.article_id);
  if (ids.length) await svc.from('articles').delete().in('id', ids);
  const { data: files } = await svc.storage.from('article-images').list('wordpress', { limit: 1000 });
  if (files?.length) await svc.storage.from('article-images').remove(files.map((f) => `wordpress/${f.name}`));
  fs.rmSync(work, { recursive: true, force: true });
});

/** The report's warnings about one post. */
const warningsOf = (report: Report, id: number) => report.warnings.filter((w) => w.post === id).map((w) => w.message);

const TOO_BIG = /^non importé, trop volumineux \([\d  ]+ caractères\) : Le contenu dépasse 200 000 caractères/;

describe('an export that reaches for the site', { timeout: COMMAND_MS + 20_000 }, () => {
  it('--dry-run reports the posts too big and the permalinks that are site addresses, as the real run will', async () => {
    const { code, out, report } = await run(['--dry-run']);
    expect(code, out).toBe(0);
    // The newsroom's journalist signs them: no byline is made (the other test file counts them).
    expect(report.counts).toMatchObject({ posts: 4, imported: 2, tooBig: 2, bylinesCreated: 0 });
    expect(warningsOf(report, 902)).toEqual([expect.stringMatching(TOO_BIG)]);
    expect(warningsOf(report, 904)).toEqual([expect.stringMatching(TOO_BIG)]);
    expect(warningsOf(report, 901)).toEqual(['ancienne adresse /search/ non reprise : c’est une adresse du site']);
    expect(warningsOf(report, 903)).toEqual([
      'ancienne adresse /category/politique/ non reprise : c’est une adresse du site',
      'ancienne adresse /auth/ non reprise : c’est une adresse du site',
    ]);
    expect(out).toContain('trop volumineux : 2');
    expect(await recordedIds()).toEqual([]);
  });

  it('the real run skips them (reported) and imports the rest, with their other old addresses', async () => {
    const { report } = await importInProcess(EXPORT);
    expect(report.counts).toMatchObject({ posts: 4, imported: 2, tooBig: 2, bylinesCreated: 0 });
    expect(warningsOf(report, 902)).toEqual([expect.stringMatching(TOO_BIG)]);
    expect(warningsOf(report, 901)).toEqual(['ancienne adresse /search/ non reprise : c’est une adresse du site']);
    expect(await recordedIds()).toEqual([901, 903]);
    for (const title of [HUGE_TITLE, LONG_TITLE])
      expect((await svc.from('articles').select('id', { count: 'exact', head: true }).eq('title', title)).count).toBe(0);
    const lookup = async (p: string) => (await anonClient().rpc('wordpress_redirect', { p_path: p })).data;
    expect(await lookup('/search/')).toBeNull();
    expect(await lookup('/auth/')).toBeNull();
    expect(await lookup('/category/politique/')).toBeNull();
    expect(await lookup('/2024/05/01/search/')).toBe('search');
    expect(await lookup('/?p=903')).toBe('auth');
  });

  it('the server answers its own pages before any old address, even one recorded before this rule', async () => {
    const search = await articleOf(901);
    const auth = await articleOf(903);
    // What an import made before the rule could have left.
    const { error } = await svc.from('wordpress_redirects').insert([
      { path: '/search/', article_id: search.id },
      { path: '/admin/', article_id: search.id },
      { path: '/auth/', article_id: auth.id },
      { path: '/category/politique/', article_id: auth.id },
    ]);
    expect(error).toBeNull();
    const to = async (address: string) => {
      const res = await fetch(`${site.url}${address}`, { redirect: 'manual' });
      return { status: res.status, location: res.headers.get('location') };
    };
    for (const address of ['/search/', '/admin/', '/auth/', '/category/politique/'])
      expect(await to(address), address).toEqual({ status: 200, location: null });
    // The posts' other old addresses still lead to them.
    expect(await to('/2024/05/01/search/')).toEqual({ status: 301, location: `/article/${search.slug}` });
    expect(await to('/?p=903')).toEqual({ status: 301, location: `/article/${auth.slug}` });
  });
});

describe('a post near the limit', { timeout: 2 * COMMAND_MS }, () => {
  const near = (options: { imagesDir?: string; dryRun?: boolean }) => importInProcess(NEAR, options);
  const sizes = (report: Report) =>
    report.warnings.filter((w) => w.message.startsWith('non importé')).map((w) => `${w.post}: ${w.message}`);

  it('--dry-run says what the real run does, with the folder of pictures or without', async () => {
    const withPictures = await near({ imagesDir: UPLOADS, dryRun: true });
    expect(withPictures.report.counts, sizes(withPictures.report).join('\n')).toMatchObject({ posts: 3, imported: 2, tooBig: 1 });
    expect(warningsOf(withPictures.report, 921)).toEqual([expect.stringMatching(TOO_BIG)]);
    expect(warningsOf(withPictures.report, 923)).toEqual(['1 image(s) écrite(s) dans le texte (data:) non reprise(s)']);

    const without = await near({ dryRun: true });
    // No folder and no download: every picture is missing, as for real, and both posts fit.
    expect(without.report.counts, sizes(without.report).join('\n')).toMatchObject({ posts: 3, imported: 3, tooBig: 0 });

    const real = await near({ imagesDir: UPLOADS });
    expect(real.report.counts).toMatchObject({ posts: 3, imported: 2, tooBig: 1 });
    expect(warningsOf(real.report, 921)).toEqual(warningsOf(withPictures.report, 921));
    expect(await recordedIds(922, 923)).toEqual([922, 923]);
    const { data } = await svc.from('articles').select('content').eq('title', 'Images écrites dans le texte').single();
    expect(data!.content).toBe('<p>Le texte.</p>');

    const realWithout = await near({});
    expect(realWithout.report.counts).toMatchObject({ posts: 3, imported: 1, skipped: 2, tooBig: 0 });
    expect(await recordedIds(921, 923)).toEqual([921, 922, 923]);
  });
});
