import { describe, expect, it } from 'vitest';
import { editionArticles, EDITION_MAX_ARTICLES, PREPARED_EDITION, withLiveCoverages } from '@/offline/edition';
import { EMERGENCY_FRESH_FACTOR, EmergencyState, isEmergencyVersion } from './emergency';
import { mirrorFile, staticPage } from './mirror';
import { versionNumber } from './purge/drain';
import { RenderLimit } from './renderLimit';
import { StalePages } from './stalePages';

// « Mode urgence »'s pure parts: the version's mark, the loosened render limit, kept pages that
// answer longer, the prepared edition's size and the mirror's static pages.

describe('the content version says whether the mode is on', () => {
  it('reads the mark, keeps the last state while nothing new is read, and leaves the purge number alone', () => {
    expect(isEmergencyVersion('42@2026-12-18 10:00:00+00@urgence')).toBe(true);
    expect(isEmergencyVersion('42@')).toBe(false);
    const state = new EmergencyState();
    expect(state.isOn()).toBe(false);
    state.update('43@@urgence');
    expect(state.isOn()).toBe(true);
    state.update('44@');
    expect(state.isOn()).toBe(false);
    expect(versionNumber('43@@urgence')).toBe(43);
  });
});

describe('the render limit of a shared address', () => {
  it('refuses a fourth render of one address off; on, the address may take the whole server (2 at once + 8 queued)', async () => {
    let shared = false;
    const limit = new RenderLimit({ perClient: 3, atOnce: 2, queue: 8, queueMs: 50 }, () => shared);
    // Two run, the others queue (and give up after queueMs): the fourth of one address is refused at once off.
    const off = await Promise.all(Array.from({ length: 4 }, () => limit.enter('10.0.0.1')));
    expect(off.filter((s) => s === 'client')).toHaveLength(1);
    for (const slot of off) if (typeof slot !== 'string') slot.release();
    shared = true;
    const on = await Promise.all(Array.from({ length: 4 }, () => limit.enter('10.0.0.1')));
    // No 'client' refusal: beyond the server's two places, they wait like anyone's, and time out as 'busy'.
    expect(on.filter((s) => s === 'client')).toEqual([]);
    expect(on.filter((s) => s === 'busy')).toHaveLength(2);
    for (const slot of on) if (typeof slot !== 'string') slot.release();
  });
});

describe('kept pages while the mode is on', () => {
  it('answer EMERGENCY_FRESH_FACTOR times longer, never past their maximum age, and a "never" setting stays never', () => {
    let now = 0;
    let factor = 1;
    const pages = new StalePages<{ bytes: number }>({ freshMs: 30_000, maxAgeMs: 60_000, freshFactor: () => factor, now: () => now });
    pages.set('/', { bytes: 10 }, 'v1');
    now = 45_000;
    expect(pages.fresh('/', 'v1')).toBeUndefined();
    factor = EMERGENCY_FRESH_FACTOR;
    expect(pages.freshMs).toBe(60_000);
    expect(pages.fresh('/', 'v1')).toEqual({ bytes: 10 });
    expect(pages.fresh('/', 'v2'), 'another version: never').toBeUndefined();
    expect(new StalePages({ freshMs: -1, freshFactor: () => 10 }).freshMs).toBe(-1);
  });
});

describe('the prepared edition', () => {
  it('carries up to 24 articles, live coverages first', () => {
    const now = new Date('2026-12-18T12:00:00Z');
    const recent = Array.from({ length: 30 }, (_, i) => ({ slug: `a${i}`, published_at: '2026-12-18T10:00:00Z' }));
    expect(editionArticles(recent, now)).toHaveLength(EDITION_MAX_ARTICLES);
    const prepared = withLiveCoverages(
      [{ slug: 'direct', published_at: '2026-12-01T00:00:00Z' }],
      editionArticles(recent, now, PREPARED_EDITION.maxArticles),
      PREPARED_EDITION.maxArticles,
    );
    expect(prepared).toHaveLength(24);
    expect(prepared[0]!.slug).toBe('direct');
  });
});

describe('a mirror page', () => {
  const html = `<html><head><title>T</title><meta name="robots" content="index" /><link rel="canonical" href="https://site.example/article/a" /><link rel="modulepreload" href="/assets/x.js" /></head><body><a href="/article/a">A</a> <a href="/category/politique">P</a> <a href="/search?q=x">S</a><script type="module" src="/assets/lite.js"></script><script id="page-data" type="application/json">{"secret":1}</script></body></html>`;
  const page = staticPage(html, { origin: 'https://site.example', mirrored: new Set(['/article/a']) });

  it('has no script, one noindex, keeps its canonical link, sends links it lacks to the main site', () => {
    expect(page).not.toMatch(/<script|modulepreload|secret/);
    expect(page.match(/name="robots"/g)).toHaveLength(1);
    expect(page).toContain('<meta name="robots" content="noindex" />');
    expect(page).toContain('<link rel="canonical" href="https://site.example/article/a" />');
    expect(page).toContain('<a href="/article/a">A</a>');
    expect(page).toContain('<a href="https://site.example/category/politique">P</a>');
    expect(page).toContain('<a href="https://site.example/search?q=x">S</a>');
  });

  it('goes where a static host serves its address', () => {
    expect(mirrorFile('/')).toBe('index.html');
    expect(mirrorFile('/article/le-maroc')).toBe('article/le-maroc/index.html');
    expect(mirrorFile('/corrections')).toBe('corrections/index.html');
  });
});
