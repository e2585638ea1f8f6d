import { describe, expect, it } from 'vitest';
import {
  EDITION_BUDGET,
  EDITION_MAX_ARTICLES,
  EDITION_MIN_ARTICLES,
  editionArticles,
  editionBytes,
  editionSavedText,
  editionSizeText,
  fitEdition,
  offlineEditionText,
  withLiveCoverages,
} from './edition';

const now = new Date('2026-11-22T12:00:00Z');
const hoursAgo = (h: number) => ({ published_at: new Date(now.getTime() - h * 3600_000).toISOString(), h });

describe("today's edition", () => {
  it('carries the articles of the last 48 hours, at most 12, newest first as given', () => {
    const latest = Array.from({ length: 20 }, (_, i) => hoursAgo(i * 2));
    const chosen = editionArticles(latest, now);
    expect(chosen).toHaveLength(EDITION_MAX_ARTICLES);
    expect(chosen.map((a) => a.h)).toEqual(latest.slice(0, 12).map((a) => a.h));
    const fewer = [hoursAgo(1), hoursAgo(10), hoursAgo(20), hoursAgo(30), hoursAgo(40), hoursAgo(47), hoursAgo(49), hoursAgo(100)];
    expect(editionArticles(fewer, now).map((a) => a.h)).toEqual([1, 10, 20, 30, 40, 47]);
  });

  it('tops a quiet day up with the latest articles, however old', () => {
    const quiet = [hoursAgo(5), hoursAgo(72), hoursAgo(96), hoursAgo(200), hoursAgo(300), hoursAgo(400)];
    expect(editionArticles(quiet, now).map((a) => a.h)).toEqual([5, 72, 96, 200, 300]);
    expect(EDITION_MIN_ARTICLES).toBe(5);
    expect(editionArticles([], now)).toEqual([]);
  });

  it('puts the live coverages not closed first, once each, within the 12', () => {
    const a = (slug: string) => ({ slug });
    const latest = Array.from({ length: 12 }, (_, i) => a(`article-${i}`));
    const chosen = withLiveCoverages([a('soiree-electorale'), a('article-3')], latest);
    expect(chosen.map((x) => x.slug).slice(0, 3)).toEqual(['soiree-electorale', 'article-3', 'article-0']);
    expect(chosen).toHaveLength(EDITION_MAX_ARTICLES);
    expect(new Set(chosen.map((x) => x.slug)).size).toBe(EDITION_MAX_ARTICLES);
    expect(withLiveCoverages([], latest)).toEqual(latest);
  });

  it('sums its size and says it in French', () => {
    expect(editionBytes([{ url: '/', bytes: 20_000 }], [{ url: 'a.webp', bytes: 299_488 }])).toBe(319_488);
    expect(editionSizeText(319_488)).toBe('≈ 312 Ko');
    expect(editionSizeText(9_216)).toBe('≈ 9,0 Ko');
    expect(offlineEditionText('2026-11-22T08:30:00Z')).toBe('Hors ligne — édition du 22 novembre');
    expect(editionSavedText('2026-11-22T08:30:00Z', 12)).toBe('Édition du 22 novembre enregistrée : 12 articles à lire hors ligne.');
    expect(editionSavedText('2026-11-22T08:30:00Z', 1)).toBe('Édition du 22 novembre enregistrée : 1 article à lire hors ligne.');
  });
});

describe('the edition within its budget', () => {
  const home = { url: '/', title: 'Accueil', bytes: 30 };
  const item = (n: number, page: number, image?: number) => ({
    page: { url: `/article/${n}`, title: `Article ${n}`, bytes: page },
    image: image === undefined ? undefined : { url: `https://cdn.example/${n}.webp`, bytes: image },
  });

  it('takes the articles in order while they fit, pictures counted, and always the home page', () => {
    const fitted = fitEdition(home, [item(1, 20, 20), item(2, 20, 20), item(3, 5)], 100);
    expect(fitted.pages.map((p) => p.url)).toEqual(['/', '/article/1']);
    expect(fitted.images.map((i) => i.url)).toEqual(['https://cdn.example/1.webp']);
    expect(editionBytes(fitted.pages, fitted.images)).toBe(70);
    expect(fitEdition(home, [item(1, 80)], 50).pages).toEqual([home]);
    expect(EDITION_BUDGET).toEqual({ full: 500 * 1024, dataSaver: 100 * 1024 });
  });
});
