import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '@afriqueactu/supabase-local/testing';
import { startTestSite } from '../../tests/integration/site.ts';
import { COMMAND_MS, importCommand } from './importCommand.ts';

// What an export cannot do to the site (issue « Abuse-proof, fourth round »): take one of the
// site's own addresses with an old permalink, or stop the import with a post too big for an
// article. The rest of the export is imported all the same, and a dry run says what the real run does.

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

/** Four posts: two whose addresses are partly the site's, a 50 MB one, one just over the content's limit. */
function writeExport(): void {
  const out = fs.openSync(EXPORT, 'w');
  fs.writeSync(
    out,
    `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <link>https://ancien-journal.test</link>
  <wp:base_site_url>https://ancien-journal.test</wp:base_site_url>
  <wp:base_blog_url>https://ancien-journal.test</wp:base_blog_url>
  <wp:author><wp:author_login><![CDATA[moussa]]></wp:author_login><wp:author_email><![CDATA[journaliste@afrique-actu.local]]></wp:author_email><wp:author_display_name><![CDATA[Moussa T.]]></wp:author_display_name></wp:author>
  ${post(901, 'Enquête sur la recherche', 'search', 'https://ancien-journal.test/search/', '<p>Le moteur de recherche.</p>')}
  ${post(902, HUGE_TITLE, 'archives', 'https://ancien-journal.test/archives/', `<p>${'x'.repeat(50 * 1024 * 1024)}</p>`)}
  ${post(903, 'Connexion des lecteurs', 'auth', 'https://ancien-journal.test/category/politique/', '<p>Se connecter.</p>')}
  ${post(904, LONG_TITLE, 'dossier', 'https://ancien-journal.test/dossier/', `<p>${'mot '.repeat(52_500)}</p>`)}
</channel>
</rss>
`,
  );
  fs.closeSync(out);
}

const run = (args: string[]) => importCommand([EXPORT, '--no-download', ...args], work);

async function recordedIds(): Promise<number[]> {
  const { data, error } = await svc.from('wordpress_posts').select('wordpress_id').gte('wordpress_id', 901).lte('wordpress_id', 904);
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
  writeExport();
  site = await startTestSite();
});

afterAll(async () => {
  await site?.close();
  // Back to the seed: the articles go, their records and old addresses with them.
  const { data } = await svc.from('wordpress_posts').select('article_id').gte('wordpress_id', 901).lte('wordpress_id', 904);
  const ids = (data ?? []).map((r) => r.article_id);
  if (ids.length) await svc.from('articles').delete().in('id', ids);
  fs.rmSync(work, { recursive: true, force: true });
});

/** The report's warnings about one post. */
const warningsOf = (report: Awaited<ReturnType<typeof run>>['report'], id: number) =>
  report.warnings.filter((w) => w.post === id).map((w) => w.message);

const TOO_BIG = /^non importé, trop volumineux \([\d  ]+ caractères\) : Le contenu dépasse 200 000 caractères/;

describe('an export that reaches for the site', { timeout: 2 * COMMAND_MS + 20_000 }, () => {
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
    const { code, out, report } = await run([]);
    expect(code, out).toBe(0);
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
