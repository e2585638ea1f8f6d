import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LiveEntry as Entry } from '@/lib/live';
import { PageProvider } from '../../page/PageContext';
import { LiveEntry } from './LiveEntry';

const entry: Entry = {
  id: '7b0c7a8e-0000-4000-8000-000000000007',
  seq: 7,
  revision: 12,
  body: 'Le taux de participation atteint 61 %. Détails : https://example.org/resultats.',
  image: null,
  keyEvent: true,
  pinned: false,
  author: 'Awa Diallo',
  createdAt: '2026-12-17T20:42:00Z',
  updatedAt: '2026-12-17T20:50:00Z',
  correction: { text: 'Le taux est de 61 %, pas 71 %.', at: '2026-12-17T20:50:00Z' },
};

const PAGE = 'https://afrique-actu.example/article/soiree-electorale';
const html = (props: Partial<Parameters<typeof LiveEntry>[0]> = {}) =>
  renderToStaticMarkup(
    <PageProvider value={{ origin: 'https://afrique-actu.example', seed: null, timeZone: 'Africa/Lagos' }}>
      <LiveEntry entry={entry} pageUrl={PAGE} {...props} />
    </PageProvider>,
  );

describe('a live entry', () => {
  it('has its anchor, its time on the newsroom clock linking to it, and the cursor attributes', () => {
    const out = html();
    expect(out).toContain('id="entree-7"');
    expect(out).toContain('data-live-seq="7"');
    expect(out).toContain('data-live-revision="12"');
    expect(out).toMatch(/href="#entree-7"[^>]*><time datetime="2026-12-17T20:42:00Z">21:42<\/time>/i);
    expect(out).toContain('Point clé');
  });

  it('makes its links clickable and keeps its text as text', () => {
    const out = html({ entry: { ...entry, body: '<b>pas du HTML</b> https://example.org/a' } });
    expect(out).toContain('&lt;b&gt;pas du HTML&lt;/b&gt;');
    expect(out).toContain('<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">https://example.org/a</a>');
  });

  it('shows its correction under it with the hour', () => {
    expect(html()).toMatch(/Correction à <time datetime="2026-12-17T20:50:00Z">21:50<\/time> :<\/strong> Le taux est de 61 %, pas 71 %\./i);
  });

  it('is shared on WhatsApp as its own text and the link to its anchor, tagged WhatsApp', () => {
    const href = /class="live-entry__share" href="([^"]+)"/.exec(html())![1].replace(/&amp;/g, '&');
    const text = new URL(href).searchParams.get('text');
    expect(text).toBe(`${entry.body}\n\n${PAGE}?s=wa#entree-7`);
  });

  it('a second showing (the pinned one on top) leaves the id to the listed one', () => {
    expect(html({ copy: true })).not.toContain('id="entree-7"');
  });
});
