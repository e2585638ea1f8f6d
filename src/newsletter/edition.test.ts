import { describe, expect, it } from 'vitest';
import { buildEdition, MAX_HTML_BYTES, personalize, UNSUBSCRIBE_URL, type EditionArticle } from './edition';

const article = (n: number, extra: Partial<EditionArticle> = {}): EditionArticle => ({
  slug: `article-${n}`,
  title: `Titre ${n} <à échapper>`,
  excerpt: `Résumé ${n}`,
  content: `<p>Contenu ${n}</p>`,
  key_points: [],
  published_at: new Date(Date.UTC(2026, 10, 26, 6, n)).toISOString(),
  image_url: 'https://cdn.example/articles/a/photo-1600x900.webp',
  ...extra,
});
const options = {
  origin: 'https://afriqueactu.example',
  date: new Date('2026-11-26T05:30:00Z'),
  timeZone: 'Africa/Lagos',
  postalAddress: 'BP 1234, Dakar',
};

describe('buildEdition', () => {
  it('puts the lead first, then the others in the order given, in the HTML and the text part', () => {
    const edition = buildEdition([article(1), article(2, { key_points: ['Point A', 'Point B'] }), article(3)], options)!;
    expect(edition.slugs).toEqual(['article-1', 'article-2', 'article-3']);
    expect(edition.subject).toBe('La Matinale du 26 novembre 2026 : Titre 1 <à échapper>');
    const positions = (body: string) => [1, 2, 3].map((n) => body.indexOf(`Titre ${n}`));
    for (const body of [edition.text, edition.html]) {
      const at = positions(body);
      expect(at.every((p) => p >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
    // « Points clés » when the article has them, its excerpt otherwise; HTML escaped.
    expect(edition.text).toContain('- Point A\n- Point B');
    expect(edition.text).toContain('Résumé 1');
    expect(edition.html).toContain('Titre 1 &lt;à échapper&gt;');
    expect(edition.html).not.toContain('<à échapper>');
  });

  it("links every article with La Matinale's channel tag s=nl (and no per-reader tag), in both parts", () => {
    const edition = buildEdition([article(1), article(2)], options)!;
    const link = 'https://afriqueactu.example/article/article-2?s=nl';
    expect(edition.text).toContain(link);
    expect(edition.html).toContain(link);
    const hrefs = [...edition.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs.filter((h) => h !== UNSUBSCRIBE_URL).every((h) => h.endsWith('?s=nl'))).toBe(true);
  });

  it('carries the unsubscribe placeholder and the postal address in both parts; no remote image unless asked', () => {
    const edition = buildEdition([article(1)], options)!;
    for (const body of [edition.html, edition.text]) {
      expect(body).toContain(UNSUBSCRIBE_URL);
      expect(body).toContain('BP 1234, Dakar');
    }
    expect(edition.html).not.toMatch(/<img/);
    const withImage = buildEdition([article(1), article(2)], { ...options, leadImage: true })!;
    expect(withImage.html.match(/<img/g)).toHaveLength(1);
    const personal = personalize(edition.html, 'https://afriqueactu.example/newsletter/desinscription?jeton=abc&x=1', true);
    expect(personal).toContain('href="https://afriqueactu.example/newsletter/desinscription?jeton=abc&amp;x=1"');
    expect(personal).not.toContain(UNSUBSCRIBE_URL);
  });

  it('announces the mirror set in « Mode urgence » in both parts, and says nothing of one when there is none', () => {
    const edition = buildEdition([article(1)], { ...options, mirrorUrl: 'https://miroir.example.org/' })!;
    expect(edition.html).toContain(
      '<a href="https://miroir.example.org/" style="color:#666666">Si le site ne répond plus : miroir.example.org</a>',
    );
    expect(edition.text).toContain('Si le site ne répond plus : miroir.example.org (https://miroir.example.org/)');
    for (const body of Object.values(buildEdition([article(1)], options)!)) expect(String(body)).not.toContain('ne répond plus');
  });

  it('stays under 30 KB whatever the articles: the ones that do not fit are left out', () => {
    const long = Array.from({ length: 40 }, (_, n) =>
      article(n, {
        title: 'Un titre très long '.repeat(20),
        excerpt: 'Un résumé interminable. '.repeat(200),
        key_points: n % 2 ? ['Point '.repeat(100)] : [],
      }),
    );
    const edition = buildEdition(long, options)!;
    expect(Buffer.byteLength(edition.html)).toBeLessThanOrEqual(MAX_HTML_BYTES);
    expect(edition.slugs.length).toBeGreaterThan(3);
    expect(edition.slugs.length).toBeLessThanOrEqual(12);
  });

  it('makes no edition without articles', () => {
    expect(buildEdition([], options)).toBeNull();
  });
});
