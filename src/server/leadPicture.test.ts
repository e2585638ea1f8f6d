import { describe, expect, it } from 'vitest';
import { hoistPreloads, leadPicturePreload } from './leadPicture';

// As React writes the featured card (ArticleCard): a phone's copy in a <source>, the wider one on the <img>.
const featured =
  '<a class="card__media"><picture><source media="(max-width: 767px)" srcSet="/a.w320.webp 320w, /a.w640.webp 640w" sizes="100vw"/>' +
  '<img src="/a.w640.webp" srcSet="/a.w320.webp 320w, /a.w960.webp 960w" sizes="(min-width: 768px) 58vw, 100vw" alt="L&#x27;image" width="1200" height="675" loading="eager" decoding="async" fetchPriority="high"/></picture></a>';
const lazyRow = '<picture><img src="/b.w320.webp" srcSet="/b.w320.webp 320w" sizes="104px" alt="" loading="lazy"/></picture>';

describe('leadPicturePreload', () => {
  it("preloads the high-priority picture's phone copy on phones and its wide copy elsewhere, never both", () => {
    expect(leadPicturePreload(lazyRow + featured)).toBe(
      '<link rel="preload" as="image" fetchpriority="high" media="(max-width: 767px)" imagesrcset="/a.w320.webp 320w, /a.w640.webp 640w" imagesizes="100vw" />' +
        '<link rel="preload" as="image" fetchpriority="high" media="(not (max-width: 767px))" imagesrcset="/a.w320.webp 320w, /a.w960.webp 960w" imagesizes="(min-width: 768px) 58vw, 100vw" />',
    );
  });

  it('preloads a picture without sources by its src when it has no srcset', () => {
    expect(leadPicturePreload('<picture><img src="/hero.webp" alt="" fetchPriority="high"/></picture>')).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/hero.webp" />',
    );
  });

  it('preloads nothing where no picture has priority (lazy rows, data-saver pages) or a source picks by format', () => {
    expect(leadPicturePreload(lazyRow)).toBe('');
    expect(leadPicturePreload('<p>Texte</p>')).toBe('');
    expect(
      leadPicturePreload('<picture><source type="image/avif" srcSet="/a.avif"/><img src="/a.webp" fetchPriority="high"/></picture>'),
    ).toBe('');
  });
});

describe('hoistPreloads', () => {
  it("takes the preloads React writes before the page's HTML out of it, and nothing else", () => {
    const link = '<link rel="preload" as="image" imageSrcSet="/a.w320.webp 320w" imageSizes="100vw" fetchPriority="high"/>';
    expect(hoistPreloads(`${link}<a class="skip-link" href="#main">Aller au contenu</a>`)).toEqual({
      html: '<a class="skip-link" href="#main">Aller au contenu</a>',
      preloads: link,
    });
    const inside = `<main>${link}</main>`;
    expect(hoistPreloads(inside)).toEqual({ html: inside, preloads: '' });
  });
});
