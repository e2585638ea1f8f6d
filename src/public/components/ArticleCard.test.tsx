// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
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
