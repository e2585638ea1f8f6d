// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LiveEntry as Entry } from '@/lib/live';
import { LiveEntry } from '../components/live/LiveEntry';
import { DataSaverProvider } from '../dataSaver/DataSaverContext';
import { PageProvider } from '../page/PageContext';
import { entryElement } from './entryDom';
import { entry } from './testEntries';

const PAGE = 'https://afrique-actu.example/article/soiree-electorale';
const ZONE = 'Africa/Lagos';

/** The reader app's markup for an entry in data-saver mode, as the server renders it on the lite page, as the browser parses it. */
const appMarkup = (e: Entry) => {
  const html = renderToStaticMarkup(
    <PageProvider value={{ origin: 'https://afrique-actu.example', seed: null, timeZone: ZONE }}>
      <DataSaverProvider initial>
        <LiveEntry entry={e} pageUrl={PAGE} />
      </DataSaverProvider>
    </PageProvider>,
  );
  const parsed = document.createElement('template');
  parsed.innerHTML = html;
  return (parsed.content.firstElementChild as HTMLElement).outerHTML;
};

const liteMarkup = (e: Entry) => entryElement(e, PAGE, ZONE).outerHTML;

describe('a live entry added on the lite page', () => {
  it('has the markup the reader app renders: plain, marked, with links, picture and correction', () => {
    const cases: Entry[] = [
      entry(3),
      entry(4, {
        body: 'Premiers résultats : https://example.org/resultats.\n\n<b>pas du HTML</b> & la suite',
        keyEvent: true,
        pinned: true,
        author: null,
        image: { url: 'https://x.supabase.co/storage/v1/object/public/article-images/a.1200x675.webp', alt: 'Le bureau de vote' },
        correction: { text: 'Il était écrit 25 %.', at: '2026-12-17T21:50:00Z' },
      }),
    ];
    for (const e of cases) expect(liteMarkup(e)).toBe(appMarkup(e));
  });
});
