// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { ArticleCard } from '../api/types';
import { MostRead } from './MostRead';

const card = (n: number, category: ArticleCard['category']): ArticleCard => ({
  id: `a${n}`,
  slug: `article-${n}`,
  title: `Titre ${n}`,
  excerpt: null,
  image_url: null,
  published_at: '2026-12-01T10:00:00Z',
  category,
});

it('numbers the articles in order, each title linking to its article, with its category when it has one', () => {
  const { getByRole, getAllByRole } = render(<MostRead articles={[card(1, { name: 'Sport', slug: 'sport' }), card(2, null)]} />);
  expect(getByRole('region', { name: 'Les plus lus' })).toBeTruthy();
  const items = getAllByRole('listitem');
  expect(items.map((li) => li.textContent)).toEqual(['Titre 1Sport', 'Titre 2']);
  expect(items[0].closest('ol')).not.toBeNull();
  expect(getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/article/article-1', '/article/article-2']);
});

it('is not shown at all when nobody read anything this week', () => {
  const { container } = render(<MostRead articles={[]} />);
  expect(container.innerHTML).toBe('');
});
