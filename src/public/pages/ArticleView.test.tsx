// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { Toaster } from '@/public/toast/Toaster';
import type { ArticleImageFacts, ArticlePageData } from '../api/types';
import { DataSaverProvider } from '../dataSaver/DataSaverContext';
import { PageProvider } from '../page/PageContext';
import { StaticRouter } from '../router/Router';
import { bodyContent } from '../components/ArticleBody';
import { shareButtons } from '../components/ShareBar';
import { ArticleView } from './ArticlePage';

// Rendered in the browser (not hydrated), a body and the share bar are made by their chunks: loaded
// first, they render at once.
beforeAll(() => Promise.all([bodyContent.preload(), shareButtons.preload()]));

// An article page as readers get it, with the facts the newsroom gave its pictures.
const BASE = 'https://x.supabase.co/storage/v1/object/public/article-images';
const images: ArticleImageFacts[] = [
  { url: `${BASE}/marche.2400x1350.webp`, alt: 'Étals du marché Sandaga au matin', caption: 'Le marché rouvre', credit: 'Awa Ndiaye' },
  { url: `${BASE}/quai.2400x1350.webp`, alt: null, caption: null, credit: 'AFP' },
  { url: `${BASE}/foule.2400x1350.webp`, alt: 'La foule devant les grilles', caption: 'Dès 6 heures', credit: null },
];

function article(over: Partial<ArticlePageData> = {}): ArticlePageData {
  return {
    article: {
      id: 'a1',
      slug: 'marche-dakar',
      title: 'Le marché de Dakar se réinvente',
      excerpt: null,
      image_url: images[0].url,
      image_alt: images[0].alt,
      published_at: '2026-12-01T10:00:00Z',
      category: { name: 'Économie', slug: 'economie' },
      // As the server hands it over: already through the sanitizer.
      content: `<p>Le marché rouvre.</p><img src="${BASE}/foule.2400x1350.w640.webp" alt="" loading="lazy" decoding="async"><p>Fin.</p>`,
      sanitized: true,
      author_id: 'u1',
      category_id: 'c1',
      updated_at: '2026-12-01T10:00:00Z',
      key_points: [],
      format: 'article',
    },
    authorName: 'Awa Ndiaye',
    authorSlug: 'awa-ndiaye',
    images,
    related: [],
    corrections: [],
    ...over,
  };
}

function renderArticle(data: ArticlePageData, { dataSaver = false } = {}) {
  return render(
    <StaticRouter location={`/article/${data.article.slug}`}>
      <PageProvider value={{ origin: 'https://afrique-actu.example', seed: null }}>
        <DataSaverProvider initial={dataSaver}>
          <Toaster>
            <ArticleView data={data} />
          </Toaster>
        </DataSaverProvider>
      </PageProvider>
    </StaticRouter>,
  );
}

it("the byline links to the author's page; the newsroom's own byline links nowhere", () => {
  const { unmount } = renderArticle(article());
  const link = screen.getByRole('link', { name: 'Awa Ndiaye' });
  expect(link.getAttribute('href')).toBe('/auteur/awa-ndiaye');
  expect(link.closest('.article__byline')?.textContent).toContain('Par Awa Ndiaye');
  unmount();
  renderArticle(article({ authorName: 'Rédaction', authorSlug: null }));
  expect(screen.queryByRole('link', { name: 'Rédaction' })).toBeNull();
  expect(screen.getByText('Par Rédaction')).toBeTruthy();
});

it("the main picture says what it shows and carries its caption and credit; the others' wait their turn", () => {
  renderArticle(article());
  const figure = document.querySelector('figure.article-media')!;
  const still = figure.querySelector('.article-media__frame img')!;
  expect(still.getAttribute('alt')).toBe('Étals du marché Sandaga au matin');
  const caption = figure.querySelector('figcaption')!;
  const shown = caption.querySelector('.article-media__caption--shown')!;
  expect(shown.textContent).toBe('Le marché rouvre — Awa Ndiaye');
  expect(shown.querySelector('.image-credit')?.textContent).toBe('Awa Ndiaye');
  expect(shown.getAttribute('aria-hidden')).toBeNull();
  // The carousel's other captions hold their room, hidden from everyone until their image shows.
  const others = [...caption.querySelectorAll('.article-media__caption:not(.article-media__caption--shown)')];
  expect(others.map((c) => [c.textContent, c.getAttribute('aria-hidden')])).toEqual([
    ['AFP', 'true'],
    ['Dès 6 heures', 'true'],
  ]);
});

it("a picture nobody described is named by the title; a body picture takes its image's facts", () => {
  renderArticle(article({ images: [{ ...images[1] }, images[2]] }));
  expect(document.querySelector('.article-media__frame img')?.getAttribute('alt')).toBe('Le marché de Dakar se réinvente');
  const body = document.querySelector('.article-body')!;
  const inline = within(body as HTMLElement).getByRole('img');
  // Shown as a rendition, found by its master.
  expect(inline.getAttribute('alt')).toBe('La foule devant les grilles');
  expect(inline.closest('figure')?.querySelector('figcaption')?.textContent).toBe('Dès 6 heures');
});

it('data-saver mode: the pictures are one button after the first paragraph, which shows them all, described and captioned', () => {
  renderArticle(article(), { dataSaver: true });
  // Nothing before the text: no frame, no list of bars.
  expect(document.querySelector('.article-media__frame')).toBeNull();
  const gallery = screen.getByRole('button', { name: 'Afficher les 3 images' });
  expect(gallery.closest('.tap-gallery')?.previousElementSibling?.textContent).toBe('Le marché rouvre.');
  expect(screen.queryByRole('list', { name: "Images de l'article" })).toBeNull();

  fireEvent.click(gallery);
  expect(screen.queryByRole('button', { name: 'Afficher les 3 images' })).toBeNull();
  const list = screen.getByRole('list', { name: "Images de l'article" });
  expect(document.activeElement).toBe(list);
  const items = within(list).getAllByRole('listitem');
  expect(items.map((li) => li.querySelector('img')?.getAttribute('alt'))).toEqual([
    'Étals du marché Sandaga au matin',
    'Le marché de Dakar se réinvente (image 2)',
    'La foule devant les grilles',
  ]);
  // The small copies data-saver mode shows.
  expect(items.every((li) => /\.w640\.webp$/.test(li.querySelector('img')!.getAttribute('src')!))).toBe(true);
  expect(items.map((li) => li.querySelector('figcaption')?.textContent ?? null)).toEqual([
    'Le marché rouvre — Awa Ndiaye',
    'AFP',
    'Dès 6 heures',
  ]);
  // The body's own picture stays its own button, showing it with its alternative text.
  const bodyButton = document.querySelector('.article-body button.tap-image[data-tap-src]')!;
  expect(bodyButton.getAttribute('data-tap-alt')).toBe('La foule devant les grilles');
  expect(bodyButton.closest('figure')?.querySelector('figcaption')?.textContent).toBe('Dès 6 heures');
});

it('data-saver mode: a plain-text body takes the gallery after its first paragraph too; one picture says so', () => {
  const data = article({ images: [images[0]] });
  renderArticle({ ...data, article: { ...data.article, content: 'Un. Deux. Trois. Quatre. Cinq. Six.' } }, { dataSaver: true });
  const gallery = screen.getByRole('button', { name: "Afficher l'image" });
  // Five sentences to a paragraph (toParagraphs): the sixth is the second paragraph, after the gallery.
  const slot = gallery.closest('.tap-gallery')!.parentElement!;
  expect(slot.previousElementSibling?.tagName).toBe('P');
  expect(slot.nextElementSibling?.textContent).toBe('Six.');
  fireEvent.click(gallery);
  expect(
    within(screen.getByRole('list', { name: "Images de l'article" }))
      .getByRole('img')
      .getAttribute('alt'),
  ).toBe('Étals du marché Sandaga au matin');
});
