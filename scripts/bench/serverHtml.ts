// What a reader on a slow phone sees before any JS runs: is the article's headline and first
// paragraph in the HTML the server sends, in normal and in data-saver mode? Used by bench:web.
import { JSDOM } from 'jsdom';
import { hasHtml, toParagraphs } from '../../src/lib/content.ts';

export interface BenchArticle {
  slug: string;
  title: string;
  content: string;
  imageCount: number;
}

/**
 * The newest published article with several images (the carousel is the heaviest article page),
 * else the newest one. Read through PostgREST as an anonymous reader would.
 */
export async function pickArticle(apiUrl: string, anonKey: string): Promise<BenchArticle> {
  const query = 'select=slug,title,content,article_images(id)&status=eq.published&order=published_at.desc&limit=30';
  const res = await fetch(`${apiUrl}/rest/v1/articles?${query}`, { headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` } });
  if (!res.ok) throw new Error(`Reading articles failed: ${res.status} ${await res.text()}`);
  const rows = (await res.json()) as { slug: string; title: string; content: string; article_images: unknown[] }[];
  if (rows.length === 0) throw new Error('No published article in the seed');
  const row = rows.find((r) => r.article_images.length >= 2) ?? rows[0];
  return { slug: row.slug, title: row.title, content: row.content, imageCount: row.article_images.length };
}

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The text the article body's first paragraph shows, whether the content is HTML or plain text. */
function firstParagraph(content: string): string {
  if (!hasHtml(content)) return squash(toParagraphs(content)[0]);
  return squash(JSDOM.fragment(content).querySelector('p')?.textContent);
}

export interface HtmlCheck {
  headline: boolean;
  firstParagraph: boolean;
}

/**
 * Plain fetch (no JS): the `<h1>` holds the title and `.article-body`'s first `<p>` is the body's
 * first paragraph. `saveData` asks as a data-saver phone does (`Save-Data: on`).
 */
export async function checkServerHtml(siteUrl: string, article: BenchArticle, { saveData = false } = {}): Promise<HtmlCheck> {
  const res = await fetch(`${siteUrl}/article/${article.slug}`, { headers: saveData ? { 'Save-Data': 'on' } : {} });
  if (!res.ok) throw new Error(`${siteUrl}/article/${article.slug} answered ${res.status}`);
  const doc = new JSDOM(await res.text()).window.document;
  const expected = firstParagraph(article.content);
  return {
    headline: squash(doc.querySelector('h1')?.textContent).includes(squash(article.title)),
    firstParagraph: expected.length > 0 && squash(doc.querySelector('.article-body p')?.textContent) === expected,
  };
}
