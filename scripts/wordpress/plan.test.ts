import { describe, expect, it } from 'vitest';
import {
  articleId,
  articleStatus,
  charLength,
  excerptText,
  gmtDate,
  headline,
  oldPaths,
  RAW_CONTENT_MAX,
  sitePathsApart,
  wantedSlug,
  withoutDataImages,
} from './plan.ts';

// What a WordPress post becomes, from the export alone (issue 31).

describe('WordPress post to article', () => {
  it('maps statuses: publish, future, draft and pending; private, trash and the rest are not imported', () => {
    expect(['publish', 'future', 'draft', 'pending', 'private', 'trash', 'auto-draft'].map(articleStatus)).toEqual([
      'published',
      'scheduled',
      'draft',
      'review',
      null,
      null,
      null,
    ]);
  });

  it('reads WordPress GMT dates, and its zero date as none', () => {
    expect(gmtDate('2024-03-15 09:30:00')).toBe('2024-03-15T09:30:00.000Z');
    expect(gmtDate('0000-00-00 00:00:00')).toBeNull();
    expect(gmtDate('')).toBeNull();
  });

  it('takes post_name as the slug (decoded), else the title by the product’s rule', () => {
    expect(wantedSlug({ name: '%c3%a9conomie-du-senegal', title: 'x' })).toBe('economie-du-senegal');
    expect(wantedSlug({ name: '', title: 'Élections : le « oui » l’emporte' })).toBe('elections-le-oui-l-emporte');
    expect(wantedSlug({ name: '', title: '!!!' })).toBe('article');
  });

  it('keeps excerpts as text and headlines within 150 characters, cut at a word', () => {
    expect(excerptText('Un accord <em>historique</em>&nbsp;!')).toBe('Un accord historique !');
    expect(excerptText('  ')).toBeNull();
    const long = headline(`${'mot '.repeat(60)}fin`);
    expect(long.length).toBeLessThanOrEqual(150);
    expect(long.endsWith('mot…')).toBe(true);
  });

  it('lists the addresses WordPress answered: the permalink, the dated and bare forms, ?p=', () => {
    const channel = { baseBlogUrl: 'https://site.test/journal', link: 'https://site.test/journal' };
    const item = {
      id: 42,
      link: 'https://site.test/journal/politique/Sommet-De-Dakar/',
      name: 'sommet-de-dakar',
      localDate: '2024-03-15 23:30:00',
    };
    expect(oldPaths(item, channel).sort()).toEqual([
      '/journal/2024/03/15/sommet-de-dakar/',
      '/journal/?p=42',
      '/journal/politique/sommet-de-dakar/',
      '/journal/sommet-de-dakar/',
    ]);
    // A draft with no name: only its ?p= address.
    expect(
      oldPaths(
        { id: 7, link: 'https://site.test/?p=7', name: '', localDate: '0000-00-00 00:00:00' },
        { baseBlogUrl: 'https://site.test', link: '' },
      ),
    ).toEqual(['/?p=7']);
  });

  it('gives each post of a site the same article id on every run, and another to another site’s', () => {
    const site = { baseSiteUrl: 'https://site.test', link: '' };
    expect(articleId(site, 42)).toBe(articleId(site, 42));
    expect(articleId(site, 42)).not.toBe(articleId(site, 43));
    expect(articleId({ baseSiteUrl: 'https://autre.test', link: '' }, 42)).not.toBe(articleId(site, 42));
    expect(articleId(site, 42)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps none of a post’s old addresses that are the site’s own (reported by the importer), and the others', () => {
    const channel = { baseBlogUrl: 'https://site.test', link: 'https://site.test' };
    const paths = oldPaths(
      { id: 9, link: 'https://site.test/category/politique/', name: 'admin', localDate: '2024-05-01 10:00:00' },
      channel,
    );
    expect(sitePathsApart(paths)).toEqual({
      kept: ['/?p=9', '/2024/05/01/admin/'],
      taken: ['/category/politique/', '/admin/'],
    });
    // The home page reads no `p`: /?p=<id> stays an old address.
    expect(sitePathsApart(['/?p=9', '/sommet-de-dakar/'])).toEqual({ kept: ['/?p=9', '/sommet-de-dakar/'], taken: [] });
  });

  it('counts characters as the database does: a pair of surrogates is one', () => {
    expect(charLength('été')).toBe(3);
    expect(charLength('🌍🌍')).toBe(2);
  });

  it('takes the pictures written into the text (data:) out before a post is measured, the rest kept', () => {
    const base64 = 'iVBORw0KGgo'.repeat(RAW_CONTENT_MAX / 10);
    const post = `<p>Avant</p><img src="data:image/png;base64,${base64}" alt="x"><p><IMG class="a" SRC='data:image/jpeg;base64,${base64}'></p><img src="https://old.test/a.jpg"><p>data: le mot reste</p>`;
    expect(post.length).toBeGreaterThan(RAW_CONTENT_MAX);
    expect(withoutDataImages(post)).toEqual({
      html: '<p>Avant</p><p></p><img src="https://old.test/a.jpg"><p>data: le mot reste</p>',
      removed: 2,
    });
    expect(withoutDataImages('<p>rien</p>')).toEqual({ html: '<p>rien</p>', removed: 0 });
  });
});
