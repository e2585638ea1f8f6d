import { describe, expect, it } from 'vitest';
import { responsiveBodyImages, tapBodyImages } from './bodyImages';

const BASE = 'http://127.0.0.1:54321/storage/v1/object/public/article-images';
const master = `${BASE}/1732280000-abc.1200x675.webp`;

describe('pictures of an article body', () => {
  it('gives a picture stored with renditions its srcset, sizes and intrinsic size', () => {
    const html = responsiveBodyImages(`<p>a</p><img src="${master}" alt="Le port" loading="lazy" decoding="async">`);
    expect(html).toContain(`srcset="${BASE}/1732280000-abc.1200x675.w320.webp 320w, `);
    expect(html).toContain(`${master} 1200w"`);
    expect(html).toContain('sizes="(min-width: 704px) 672px, 100vw" width="1200" height="675"');
    expect(html.startsWith('<p>a</p><img src=')).toBe(true);
  });

  it('leaves other pictures as they are', () => {
    const html = '<img src="https://example.org/a.jpg?x=1&amp;y=2" alt="">';
    expect(responsiveBodyImages(html)).toBe(html);
  });

  it('turns every picture into a tap button in data-saver mode, with a smaller copy where there is one', () => {
    const html = tapBodyImages(
      `<p>a</p><img src="${master}" alt="Le &quot;port&quot;"><img src="https://example.org/a.jpg?x=1&amp;y=2" alt="">`,
    );
    expect(html).not.toContain('<img');
    expect(html).toContain(
      `<button type="button" class="tap-image" data-tap-src="${BASE}/1732280000-abc.1200x675.w640.webp" data-tap-alt="Le &quot;port&quot;" data-tap-width="640" data-tap-height="360">Afficher l'image<span class="tap-image__size"></span></button>`,
    );
    expect(html).toContain('data-tap-src="https://example.org/a.jpg?x=1&amp;y=2" data-tap-alt="">');
  });
});
