// @vitest-environment jsdom
import { act, render, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArticleCard as Card } from '../api/types';
import { DataSaverProvider } from '../dataSaver/DataSaverContext';
import { ArticleCard } from './ArticleCard';

const card: Card = {
  id: 'a1',
  slug: 'marche-dakar',
  title: 'Le marché de Dakar se réinvente',
  excerpt: null,
  image_url: 'https://x.supabase.co/storage/v1/object/public/article-images/marche.2400x1350.webp',
  image_alt: 'Étals du marché Sandaga au matin',
  published_at: '2026-12-01T10:00:00Z',
  category: null,
};

const altOf = (
  article: Card,
  { dataSaver = false, variant = 'default' }: { dataSaver?: boolean; variant?: 'default' | 'featured' } = {},
) => {
  const { container, unmount } = render(
    <DataSaverProvider initial={dataSaver}>
      <ArticleCard article={article} variant={variant} />
    </DataSaverProvider>,
  );
  const alt = dataSaver
    ? (container.querySelector('button.tap-image')?.getAttribute('data-tap-alt') ?? null)
    : (container.querySelector('img')?.getAttribute('alt') ?? null);
  unmount();
  return alt;
};

it("a card's picture says what the main image shows, in every kind of card", () => {
  expect(altOf(card)).toBe('Étals du marché Sandaga au matin');
  expect(altOf(card, { variant: 'featured' })).toBe('Étals du marché Sandaga au matin');
  expect(altOf(card, { dataSaver: true })).toBe('Étals du marché Sandaga au matin');
});

it('an image nobody described is named by the headline; the stand-in picture of an article without one says nothing', () => {
  expect(altOf({ ...card, image_alt: null })).toBe(card.title);
  expect(altOf({ ...card, image_alt: undefined })).toBe(card.title);
  expect(altOf({ ...card, image_url: null, image_alt: null })).toBe('');
});

it("a card's read time comes from the article's length, « 5 min » when its length is unknown or it has no text", () => {
  const readTime = (article: Card) => {
    const { container, unmount } = render(
      <DataSaverProvider initial={false}>
        <ArticleCard article={article} showReadTime />
      </DataSaverProvider>,
    );
    const text = container.querySelector('.card__read-time')?.textContent ?? null;
    unmount();
    return text;
  };
  expect(readTime({ ...card, word_count: 120 })).toBe('1 min');
  expect(readTime({ ...card, word_count: 231 })).toBe('2 min');
  expect(readTime({ ...card, word_count: 1610 })).toBe('7 min');
  expect(readTime({ ...card, word_count: 0 })).toBe('5 min');
  expect(readTime({ ...card, word_count: null })).toBe('5 min');
  expect(readTime(card)).toBe('5 min');
});

describe('a row whose picture waits for the reader (deferPicture, rows below the first screen)', () => {
  const row = (
    <DataSaverProvider initial={false}>
      <ArticleCard article={card} variant="row" deferPicture />
    </DataSaverProvider>
  );
  // The browser's watcher, played by hand: `near()` is the reader scrolling the row near the screen.
  let near = () => {};
  let watched = false;
  beforeEach(() => {
    watched = false;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          near = () => callback([{ isIntersecting: true }]);
        }
        observe() {
          watched = true;
        }
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is sent without a picture to fetch, the picture only in <noscript> for readers without JavaScript', () => {
    const html = renderToString(row);
    expect(html).toContain('class="card__pending"');
    expect(html.split('<img').length - 1).toBe(1);
    expect(html.indexOf('<img')).toBeGreaterThan(html.indexOf('<noscript>'));
  });

  it('gets its thumbnail once the page has loaded and the reader nears it, and not before', async () => {
    const { container } = render(row);
    // Watched once the page has loaded (afterPageLoad), and still no picture to fetch.
    await waitFor(() => expect(watched).toBe(true));
    expect(container.querySelector('img')).toBeNull();
    act(() => near());
    const img = container.querySelector('img');
    expect(img?.getAttribute('srcset')).toContain('.w320.webp 320w');
    expect(img?.getAttribute('alt')).toBe(card.image_alt);
    expect(container.querySelector('.card__pending')).toBeNull();
  });
});
