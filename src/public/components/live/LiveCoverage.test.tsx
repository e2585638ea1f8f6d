// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LiveEntry } from '@/lib/live';
import type { LiveView } from '../../api/live';
import { DataSaverProvider } from '../../dataSaver/DataSaverContext';
import { PageProvider } from '../../page/PageContext';
import { StaticRouter } from '../../router/Router';
import { LiveCoverage } from './LiveCoverage';

const entry = (seq: number, over: Partial<LiveEntry> = {}): LiveEntry => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  revision: seq,
  body: `Message ${seq}`,
  image: null,
  keyEvent: false,
  pinned: false,
  author: null,
  createdAt: new Date(Date.UTC(2026, 11, 17, 20, seq)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 11, 17, 20, seq)).toISOString(),
  correction: null,
  ...over,
});

const view = (over: Partial<LiveView> = {}): LiveView => ({
  coverage: { state: 'open', startedAt: '2026-12-17T18:00:00Z', endedAt: null, revision: 40, pollSeconds: 30 },
  pinned: null,
  keyEvents: [],
  entries: Array.from({ length: 20 }, (_, i) => entry(25 - i)),
  older: true,
  before: null,
  since: null,
  ...over,
});

function doc(live: LiveView | null, { dataSaver = false } = {}): Document {
  const html = renderToStaticMarkup(
    <PageProvider value={{ origin: 'https://afrique-actu.example', seed: null, timeZone: 'UTC' }}>
      <DataSaverProvider initial={dataSaver}>
        <StaticRouter location="/article/soiree">
          <LiveCoverage live={live} slug="soiree" />
        </StaticRouter>
      </DataSaverProvider>
    </PageProvider>,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('a live coverage section', () => {
  it('lists its entries newest first, then « Plus anciens » before the last one shown', () => {
    const d = doc(view());
    const seqs = [...d.querySelectorAll('[data-live-entries] > article')].map((a) => a.id);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => `entree-${25 - i}`));
    const older = [...d.querySelectorAll('a')].find((a) => a.textContent === 'Plus anciens');
    expect(older?.getAttribute('href')).toBe('/article/soiree?avant=6');
    expect(d.querySelector('.live')?.getAttribute('data-live-revision')).toBe('40');
    expect(d.querySelector('.live')?.getAttribute('data-live-poll')).toBe('30');
    expect(d.querySelector('.live__state')?.textContent).toBe('En direct');
  });

  it('puts the key events above as links to their entries, and the pinned one on top without a second id', () => {
    const pinned = entry(10, { pinned: true });
    const d = doc(
      view({
        pinned,
        keyEvents: [
          { id: 'k1', seq: 24, body: 'Le taux de participation atteint 61 %', createdAt: '2026-12-17T20:24:00Z' },
          { id: 'k2', seq: 2, body: 'Ouverture des bureaux', createdAt: '2026-12-17T20:02:00Z' },
        ],
      }),
    );
    const links = [...d.querySelectorAll('.live__key-events a')].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(links).toEqual([
      ['#entree-24', '20:24 Le taux de participation atteint 61 %'],
      // Not on this page: the older page that lists it.
      ['/article/soiree?avant=3#entree-2', '20:02 Ouverture des bureaux'],
    ]);
    expect(d.querySelectorAll('#entree-10')).toHaveLength(1);
    expect(d.querySelector('.live__pinned [data-live-seq="10"]')).not.toBeNull();
  });

  it('says when a closed coverage ended, and that a paused one pauses', () => {
    const closed = doc(
      view({
        coverage: { state: 'closed', startedAt: '2026-12-17T18:00:00Z', endedAt: '2026-12-18T01:10:00Z', revision: 9, pollSeconds: 0 },
      }),
    );
    expect(closed.querySelector('.live__status')?.textContent).toBe('Terminé le 18 déc. 2026, 01:10 UTC');
    const paused = doc(view({ coverage: { ...view().coverage, state: 'paused' } }));
    expect(paused.querySelector('.live__state')?.textContent).toBe('En pause');
  });

  it('on a refresh, shows only the new entries, how many, and « Rafraîchir » from the new revision', () => {
    const d = doc(
      view({ since: 37, entries: [entry(27), entry(26), entry(25)], older: false, coverage: { ...view().coverage, revision: 41 } }),
    );
    expect(d.querySelector('.live__count')?.textContent).toBe('3 nouveaux messages');
    expect(d.querySelectorAll('[data-live-entries] > article')).toHaveLength(3);
    const refresh = [...d.querySelectorAll('a')].find((a) => a.textContent === 'Rafraîchir');
    expect(refresh?.getAttribute('href')).toBe('/article/soiree?depuis=41');
    expect(d.querySelector('.live__key-events')).toBeNull();
    expect(doc(view({ since: 41, entries: [], older: false })).querySelector('.live__count')?.textContent).toBe('Aucun nouveau message');
    expect(doc(view({ since: 41, entries: [entry(3)], older: false })).querySelector('.live__count')?.textContent).toBe(
      '1 nouveau message',
    );
  });

  it('gives the first page a « Rafraîchir » for readers without JavaScript, hidden where the script follows the coverage', () => {
    // A link a browser running scripts shows: none inside <noscript>.
    const refresh = (d: Document) => [...d.querySelectorAll('a')].find((a) => a.textContent === 'Rafraîchir' && !a.closest('noscript'));
    // Normal mode: only inside <noscript> (the page's script polls).
    const normal = doc(view());
    expect(refresh(normal)).toBeUndefined();
    expect(normal.querySelector('noscript a')?.getAttribute('href')).toBe('/article/soiree?depuis=40');
    // Data-saver mode (the lite page, Opera Mini): a plain link, nothing polls there.
    const saver = doc(view(), { dataSaver: true });
    expect(refresh(saver)?.getAttribute('href')).toBe('/article/soiree?depuis=40');
    expect(saver.querySelector('noscript')).toBeNull();
    // Nothing to ask for once closed, nor on an older page.
    const closed = view({ coverage: { ...view().coverage, state: 'closed', endedAt: '2026-12-18T01:10:00Z', pollSeconds: 0 } });
    expect(refresh(doc(closed, { dataSaver: true }))).toBeUndefined();
    expect(doc(closed).querySelector('noscript')).toBeNull();
    expect(refresh(doc(view({ before: 6 }), { dataSaver: true }))).toBeUndefined();
  });

  it('on a refresh with more changes than one answer holds, « Rafraîchir » leads to the whole live page', () => {
    const d = doc(view({ since: 3, reload: true, entries: [], older: false }));
    expect(d.querySelector('.live__count')?.textContent).toBe('Beaucoup de nouveaux messages');
    const refresh = [...d.querySelectorAll('a')].find((a) => a.textContent === 'Rafraîchir');
    expect(refresh?.getAttribute('href')).toBe('/article/soiree');
  });

  it('on a refresh holding edits, counts them as new or edited messages, not as new ones', () => {
    const edited = entry(4, { updatedAt: '2026-12-17T21:00:00Z', body: 'Message 4, corrigé' });
    const d = doc(view({ since: 37, entries: [entry(27), edited], older: false }));
    expect(d.querySelector('.live__count')?.textContent).toBe('2 messages nouveaux ou modifiés');
    expect(doc(view({ since: 37, entries: [edited], older: false })).querySelector('.live__count')?.textContent).toBe(
      '1 message nouveau ou modifié',
    );
  });

  it('says so when the coverage could not be loaded', () => {
    expect(doc(null).querySelector('[role="alert"]')?.textContent).toMatch(/n'a pas pu être chargé/);
  });
});
