// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, expect, it } from 'vitest';
import { DataSaverProvider } from '../dataSaver/DataSaverContext';
import { PageProvider } from '../page/PageContext';
import { hasHtml } from '@/lib/hasHtml';
import { ArticleBody, bodyContent } from './ArticleBody';
import { sanitizer } from './sanitizer';

const page = { origin: 'https://afrique-actu.example', seed: null };

// Rendered in the browser (not hydrated), a body is made by its chunk: loaded first, it renders at once.
beforeAll(() => bodyContent.preload());

function renderBody(content: string, { sanitized = false, dataSaver = false } = {}) {
  return render(
    <PageProvider value={page}>
      <DataSaverProvider initial={dataSaver}>
        <ArticleBody content={content} sanitized={sanitized} />
      </DataSaverProvider>
    </PageProvider>,
  );
}

/**
 * An HTML body shows a skeleton until the sanitizer's chunk is in. Its arrival is awaited inside
 * act: React's test mode only resumes a suspended render there.
 */
async function renderHtmlBody(content: string, options?: { dataSaver?: boolean }) {
  let rendered: ReturnType<typeof renderBody> | undefined;
  await act(async () => {
    rendered = renderBody(content, options);
    await sanitizer.preload();
  });
  return rendered!;
}

it('shows plain text as paragraphs of five sentences', () => {
  const sentences = ['Un.', 'Deux.', 'Trois.', 'Quatre.', 'Cinq.', 'Six.', 'Sept.'];
  renderBody(sentences.join(' '));
  expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual(['Un. Deux. Trois. Quatre. Cinq.', 'Six. Sept.']);
});

it('makes the bare addresses of plain text clickable, opening in a new tab, without the full stop after them', () => {
  renderBody('Le rapport est en ligne sur https://example.org/rapport. Bonne lecture.');
  const link = screen.getByRole('link', { name: 'https://example.org/rapport' });
  expect(link).toHaveProperty('href', 'https://example.org/rapport');
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(screen.getByRole('paragraph').textContent).toBe('Le rapport est en ligne sur https://example.org/rapport. Bonne lecture.');
});

// Before any HTML body of this file loads the sanitizer, so it would fail if this one waited for it.
it('shows HTML the server already sanitized at once, without waiting for the sanitizer', () => {
  renderBody('<p>Déjà <strong>propre</strong></p>', { sanitized: true });
  expect(screen.getByRole('paragraph').textContent).toBe('Déjà propre');
});

it('shows HTML content as HTML once the sanitizer has removed scripts and event handlers', async () => {
  const { container } = await renderHtmlBody(
    '<h2>Le sommet</h2><p>Voir <a href="https://example.org/a">la source</a> ou <a href="/article/suite">la suite</a>.</p>' +
      '<script>window.hacked = true</script><img src="https://example.org/p.jpg" alt="La salle" onerror="window.hacked = true">' +
      '<p><a href="javascript:alert(1)">piège</a></p>',
  );
  expect(screen.getByRole('heading', { level: 2, name: 'Le sommet' })).toBeTruthy();
  const external = screen.getByRole('link', { name: 'la source' });
  expect(external.getAttribute('target')).toBe('_blank');
  expect(external.getAttribute('rel')).toBe('noopener noreferrer');
  // A link within the site opens in place.
  expect(screen.getByRole('link', { name: 'la suite' }).getAttribute('target')).toBeNull();
  expect(screen.getByRole('img', { name: 'La salle' }).hasAttribute('onerror')).toBe(false);
  expect(container.querySelector('script')).toBeNull();
  // The javascript: address is gone: the text stays, not as a link.
  expect(screen.queryByRole('link', { name: 'piège' })).toBeNull();
  expect(screen.getByText('piège')).toBeTruthy();
});

it('shows a button instead of each picture in data-saver mode', async () => {
  await renderHtmlBody('<p>Avant</p><img src="https://example.org/p.jpg" alt="La salle"><p>Après</p>', { dataSaver: true });
  const body = screen.getByText('Avant').parentElement!;
  expect(within(body).getByRole('button', { name: /Afficher l'image/ })).toBeTruthy();
  expect(within(body).queryByRole('img')).toBeNull();
});

it('shows the picture in place of its button once the button is pressed, with the picture’s alt text', async () => {
  await renderHtmlBody('<p>Avant</p><img src="https://example.org/p.jpg" alt="La salle"><p>Après</p>', { dataSaver: true });
  const body = screen.getByText('Avant').parentElement!;
  act(() =>
    within(body)
      .getByRole('button', { name: /Afficher l'image/ })
      .click(),
  );
  expect(within(body).queryByRole('button')).toBeNull();
  expect(within(body).getByRole('img', { name: 'La salle' }).getAttribute('src')).toMatch(/^https:\/\/example\.org\/p/);
});

// The first tap comes before the player's code (fetched on demand) and plays once it is in; the second finds it loaded.
it('a YouTube link alone on its line, in HTML or in plain text, is a placeholder until tapped, then the player', async () => {
  const video = 'dQw4w9WgXcQ';
  for (const content of [
    `<p>Le sommet en vidéo :</p><p><a href="https://youtu.be/${video}">https://youtu.be/${video}</a></p>`,
    `Le sommet en vidéo :\nhttps://youtu.be/${video}\nBonne lecture.`,
  ]) {
    const { container, unmount } = hasHtml(content) ? await renderHtmlBody(content) : renderBody(content);
    expect(container.querySelector('iframe')).toBeNull();
    const play = screen.getByRole('link', { name: 'Vidéo YouTube — Toucher pour lancer' });
    expect(play.getAttribute('href')).toBe(`https://youtu.be/${video}`);
    expect(screen.getByRole('link', { name: 'Voir sur YouTube' }).getAttribute('href')).toBe(`https://youtu.be/${video}`);
    act(() => play.click());
    await waitFor(() =>
      expect(container.querySelector('iframe')?.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${video}?autoplay=1`),
    );
    expect(screen.queryByRole('link', { name: /Toucher pour lancer/ })).toBeNull();
    unmount();
  }
});

it("hydrating the server's page keeps the body it made as it is, with no mismatch", async () => {
  const body = (saver: boolean, server: boolean) => (
    <PageProvider value={server ? { ...page, sanitizeHtml: (html: string) => html } : page}>
      <DataSaverProvider initial={saver}>
        <ArticleBody content={'<p>Premier.</p><p><img src="https://x.example/a.webp" alt="Une image"></p>'} sanitized />
      </DataSaverProvider>
    </PageProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(body(false, true));
  const served = container.querySelector('.article-body')!.innerHTML;
  expect(served).toContain('Premier.');
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, body(false, false), { onRecoverableError: (e) => errors.push(e) });
  });
  expect(errors).toEqual([]);
  expect(container.querySelector('.article-body')!.innerHTML).toBe(served);
});

it("keeps the server's body when the browser refreshes the same revision, whose body comes unsanitized; a new revision is made afresh", async () => {
  const served = '<p>Premier.</p><p><img src="https://x.example/a.webp" alt="Une image" loading="lazy"></p>';
  const raw = '<p>Premier.</p><p><img src="https://x.example/a.webp" alt="Une image"></p>';
  const body = (content: string, revision: string, server = false) => (
    <PageProvider value={server ? { ...page, sanitizeHtml: (html: string) => html } : page}>
      <DataSaverProvider initial={false}>
        <ArticleBody content={content} sanitized={server} revision={revision} />
      </DataSaverProvider>
    </PageProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(body(served, 'a1@2026-11-30T06:00:00Z', true));
  const markup = container.querySelector('.article-body')!.innerHTML;
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, body(served, 'a1@2026-11-30T06:00:00Z'));
  });
  // The page's data refreshed (a cached page): same revision, the body as the database has it.
  await act(async () => root!.render(body(raw, 'a1@2026-11-30T06:00:00Z')));
  expect(container.querySelector('.article-body')!.innerHTML).toBe(markup);
  expect(container.querySelector('.article-body__skeleton')).toBeNull();
  // Edited since: the new text replaces the server's.
  await act(async () => {
    root!.render(body('<p>Corrigé.</p>', 'a1@2026-11-30T07:00:00Z'));
    await sanitizer.preload();
  });
  await waitFor(() => expect(within(container as HTMLElement).getByText('Corrigé.')).toBeTruthy());
  expect(container.querySelector('.article-body')!.innerHTML).not.toContain('Premier.');
});
