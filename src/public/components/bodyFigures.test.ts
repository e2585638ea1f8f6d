import { describe, expect, it } from 'vitest';
import type { ArticleImageFacts } from '../api/types';
import { describeBodyImages } from './bodyFigures';

const BASE = 'https://x.supabase.co/storage/v1/object/public/article-images';
const MASTER = `${BASE}/marche.2400x1350.webp`;
const facts = (over: Partial<ArticleImageFacts> = {}): ArticleImageFacts => ({
  url: MASTER,
  alt: 'Étals du marché Sandaga au matin',
  caption: 'Le marché rouvre après trois ans de travaux',
  credit: 'Awa Ndiaye / AfriqueActu',
  ...over,
});
const img = (src = MASTER, alt = '') => `<img src="${src}" alt="${alt}" loading="lazy" decoding="async">`;
const CAPTION =
  '<figcaption>Le marché rouvre après trois ans de travaux — <span class="image-credit">Awa Ndiaye / AfriqueActu</span></figcaption>';

describe('describeBodyImages: the body pictures with their facts', () => {
  it('a picture standing alone gets its alternative text, and its caption and credit in a figure', () => {
    const described = img(MASTER, 'Étals du marché Sandaga au matin');
    expect(describeBodyImages(`<p>Avant.</p>${img()}<p>Après.</p>`, [facts()])).toBe(
      `<p>Avant.</p><figure>${described}${CAPTION}</figure><p>Après.</p>`,
    );
    // Alone in its paragraph: the paragraph becomes the figure.
    expect(describeBodyImages(`<p>${img()}</p><p>Texte.</p>`, [facts()])).toBe(`<figure>${described}${CAPTION}</figure><p>Texte.</p>`);
    expect(describeBodyImages(`<p> ${img()}<br></p>`, [facts()])).toBe(`<figure>${described}${CAPTION}</figure>`);
  });

  it("a figure of the text keeps its own caption; one without gets the image's", () => {
    const own = `<figure>${img()}<figcaption>Légende du journaliste</figcaption></figure>`;
    expect(describeBodyImages(own, [facts()])).toBe(own.replace('alt=""', 'alt="Étals du marché Sandaga au matin"'));
    expect(describeBodyImages(`<figure>${img()}</figure>`, [facts()])).toBe(
      `<figure>${img(MASTER, 'Étals du marché Sandaga au matin')}${CAPTION}</figure>`,
    );
  });

  it('a picture inside a line of text keeps its place and gets only its alternative text', () => {
    const html = `<p>Voici ${img()} le marché.</p>`;
    expect(describeBodyImages(html, [facts()])).toBe(`<p>Voici ${img(MASTER, 'Étals du marché Sandaga au matin')} le marché.</p>`);
    const linked = `<p><a href="https://example.org">${img()}</a></p>`;
    expect(describeBodyImages(linked, [facts()])).toBe(linked.replace('alt=""', 'alt="Étals du marché Sandaga au matin"'));
  });

  it('finds the image shown as a rendition (or with &amp; in its address) by its master', () => {
    const rendition = `${BASE}/marche.2400x1350.w960.webp`;
    expect(describeBodyImages(img(rendition), [facts()])).toBe(
      `<figure>${img(rendition, 'Étals du marché Sandaga au matin')}${CAPTION}</figure>`,
    );
    const query = 'https://img.example.test/photo.jpg?a=1&b=2';
    expect(describeBodyImages(img(query.replace('&', '&amp;')), [facts({ url: query, caption: null, credit: null })])).toBe(
      img(query.replace('&', '&amp;'), 'Étals du marché Sandaga au matin'),
    );
  });

  it('keeps the alternative text the journalist wrote in the text, and leaves unknown pictures alone', () => {
    const own = img(MASTER, 'Mon texte');
    expect(describeBodyImages(`<p>${own}</p>`, [facts({ caption: null, credit: null })])).toBe(`<p>${own}</p>`);
    const other = img('https://img.example.test/autre.jpg');
    expect(describeBodyImages(other, [facts()])).toBe(other);
    expect(describeBodyImages(`<p>${img()}</p>`, [])).toBe(`<p>${img()}</p>`);
  });

  it('a picture without caption nor credit is not wrapped; a credit alone is shown alone', () => {
    expect(describeBodyImages(img(), [facts({ caption: null, credit: null })])).toBe(img(MASTER, 'Étals du marché Sandaga au matin'));
    expect(describeBodyImages(img(), [facts({ alt: null, caption: null })])).toBe(
      `<figure>${img()}<figcaption><span class="image-credit">Awa Ndiaye / AfriqueActu</span></figcaption></figure>`,
    );
  });

  it('escapes what the newsroom wrote: no markup from a caption, a credit or an alternative text', () => {
    const out = describeBodyImages(img(), [
      facts({ alt: '"><script>alert(1)</script>', caption: '<img src=x onerror=alert(2)>', credit: 'A & B </figure><script>' }),
    ]);
    expect(out).not.toMatch(/<script|<img src=x|onerror=alert\(2\)>/);
    expect(out).toContain('alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(out).toContain('&lt;img src=x onerror=alert(2)&gt; — <span class="image-credit">A &amp; B &lt;/figure&gt;&lt;script&gt;</span>');
  });

  it('adds an alt attribute to a picture that has none', () => {
    expect(describeBodyImages(`<p>Texte <img src="${MASTER}"> fin.</p>`, [facts()])).toBe(
      `<p>Texte <img alt="Étals du marché Sandaga au matin" src="${MASTER}"> fin.</p>`,
    );
  });
});
