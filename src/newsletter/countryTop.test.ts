import { describe, expect, it } from 'vitest';
import { buildEdition, MAX_HTML_BYTES, type EditionArticle } from './edition';
import { countryHeading, inCountry, withCountryTop } from './countryTop';

const article = (n: number, extra: Partial<EditionArticle> = {}): EditionArticle => ({
  slug: `article-${n}`,
  title: `Titre ${n}`,
  excerpt: `Résumé ${n}`,
  content: `<p>Contenu ${n}</p>`,
  key_points: [],
  published_at: new Date(Date.UTC(2026, 10, 26, 6, n)).toISOString(),
  image_url: null,
  ...extra,
});
const origin = 'https://afriqueactu.example';
const options = { origin, date: new Date('2026-11-26T05:30:00Z'), timeZone: 'Africa/Lagos', postalAddress: 'BP 1234, Dakar' };
const edition = buildEdition([article(1), article(2), article(3)], options)!;
const at = (body: string, text: string) => body.indexOf(text);

describe('countryHeading', () => {
  it('says « au », « en », « aux » or « à » as French does', () => {
    expect(countryHeading('Sénégal')).toBe('À la une au Sénégal');
    expect(["Côte d'Ivoire", 'Guinée', 'Égypte', 'Angola', 'Afrique du Sud', 'RD Congo', 'Eswatini'].map(inCountry)).toEqual([
      "en Côte d'Ivoire",
      'en Guinée',
      'en Égypte',
      'en Angola',
      'en Afrique du Sud',
      'en RD Congo',
      'en Eswatini',
    ]);
    expect(['Comores', 'Seychelles', 'États-Unis', 'Émirats arabes unis'].map(inCountry)).toEqual([
      'aux Comores',
      'aux Seychelles',
      'aux États-Unis',
      'aux Émirats arabes unis',
    ]);
    expect(['Mozambique', 'Zimbabwe', 'Burkina Faso', 'Royaume-Uni', 'Soudan du Sud'].map(inCountry)).toEqual([
      'au Mozambique',
      'au Zimbabwe',
      'au Burkina Faso',
      'au Royaume-Uni',
      'au Soudan du Sud',
    ]);
    expect(['Madagascar', 'Maurice', 'Djibouti'].map(inCountry)).toEqual(['à Madagascar', 'à Maurice', 'à Djibouti']);
  });
});

describe('withCountryTop', () => {
  it("puts the country's article above the selection, under « À la une au Sénégal », in both parts", () => {
    const top = withCountryTop(edition, { name: 'Sénégal', article: article(9, { title: 'Dakar <vote>' }) }, origin);
    for (const body of [top.html, top.text]) {
      expect(at(body, 'la une au Sénégal')).toBeGreaterThan(0);
      expect(at(body, 'Dakar')).toBeGreaterThan(at(body, 'la une au Sénégal'));
      expect(at(body, 'article-1?s=nl')).toBeGreaterThan(at(body, 'Dakar'));
      expect(body).toContain(`${origin}/article/article-9?s=nl`);
    }
    expect(top.html).toContain('Dakar &lt;vote&gt;');
    expect(top.text).toContain('À la une au Sénégal\nDakar <vote>\n');
    expect(top.subject).toBe(edition.subject);
  });

  it('does not repeat the article when the selection carries it already', () => {
    const top = withCountryTop(edition, { name: 'Sénégal', article: article(2) }, origin);
    for (const body of [top.html, top.text]) {
      expect(body.split('Titre 2').length - 1).toBe(1);
      expect(at(body, 'article-2?s=nl')).toBeLessThan(at(body, 'article-1?s=nl'));
      expect(body).toContain('Titre 3');
    }
    expect(top.text).not.toMatch(/\n{3}/);
  });

  it('changes nothing but the markers for a subscriber without a country, and no mail carries a marker', () => {
    const plain = withCountryTop(edition, null, origin);
    expect(edition.html).toContain('<!--matinale:top-->');
    for (const body of [plain.html, plain.text]) expect(body).not.toMatch(/<!--(matinale|a:|\/a)/);
    expect(plain.html).toBe(edition.html.replace(/<!--(?:matinale:top|a:[a-z0-9-]+|\/a)-->/g, ''));
    // An edition stored before the country blocks goes as it was.
    const old = { subject: 's', html: '<p>Titre 1</p>', text: 'Titre 1' };
    expect(withCountryTop(old, { name: 'Sénégal', article: article(9) }, origin)).toEqual(old);
  });

  it('leaves the last articles out rather than go past 30 KB', () => {
    const long = (n: number) => article(n, { title: 'Un titre très long '.repeat(20), excerpt: 'Un résumé interminable. '.repeat(200) });
    const full = buildEdition(
      Array.from({ length: 12 }, (_, n) => long(n)),
      options,
    )!;
    const top = withCountryTop(full, { name: 'Mali', article: long(40) }, origin);
    expect(Buffer.byteLength(top.html)).toBeLessThanOrEqual(MAX_HTML_BYTES);
    expect(top.html).toContain('la une au Mali');
    expect(top.html).toContain('article-0?s=nl');
  });
});
