// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { categoryPath } from '@/lib/readerPaths';
import { StaticRouter } from '../router/Router';
import { Pager } from './Pager';

const renderPager = (page: number, hasMore: boolean) =>
  render(
    <StaticRouter location={categoryPath('sport', page)}>
      <Pager page={page} hasMore={hasMore} path={(n) => categoryPath('sport', n)} label="Pages de la rubrique Sport" />
    </StaticRouter>,
  );

it('shows nothing for a list of one page', () => {
  const { container } = renderPager(1, false);
  expect(container.innerHTML).toBe('');
});

it('on page 1 with more: the current number, the next page by number and « Suivant », no « Précédent »', () => {
  renderPager(1, true);
  const nav = screen.getByRole('navigation', { name: 'Pages de la rubrique Sport' });
  expect(within(nav).getByText('1').getAttribute('aria-current')).toBe('page');
  expect(within(nav).getByRole('link', { name: '2' }).getAttribute('href')).toBe(categoryPath('sport', 2));
  expect(
    within(nav)
      .getByRole('link', { name: /Suivant/ })
      .getAttribute('rel'),
  ).toBe('next');
  expect(within(nav).queryByRole('link', { name: /Précédent/ })).toBeNull();
});

it('on the last page: « Précédent » and every earlier page by number, no « Suivant »', () => {
  renderPager(3, false);
  const nav = screen.getByRole('navigation');
  const previous = within(nav).getByRole('link', { name: /Précédent/ });
  expect(previous.getAttribute('href')).toBe(categoryPath('sport', 2));
  expect(previous.getAttribute('rel')).toBe('prev');
  expect(within(nav).getByRole('link', { name: '1' }).getAttribute('href')).toBe(categoryPath('sport', 1));
  expect(within(nav).getByText('3').getAttribute('aria-current')).toBe('page');
  expect(within(nav).queryByRole('link', { name: /Suivant/ })).toBeNull();
});
