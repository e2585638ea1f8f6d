import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ArticleCard as Card } from '../../api/types';
import { StaticRouter } from '../../router/Router';
import { ArticleCard } from '../ArticleCard';
import { LiveMarksProvider } from './LiveMarks';

const card: Card = {
  id: 'a-live',
  slug: 'soiree-electorale',
  title: 'Présidentielle : la soirée électorale en direct',
  excerpt: null,
  image_url: null,
  image_alt: null,
  published_at: '2026-12-17T18:00:00Z',
  category: null,
};
const live = [
  {
    articleId: 'a-live',
    slug: 'soiree-electorale',
    latestKeyEvent: { id: 'k', body: 'Participation : 61 %', createdAt: '2026-12-17T20:00:00Z' },
  },
];

const html = (variant: 'default' | 'row', coverages = live, article = card) =>
  renderToStaticMarkup(
    <StaticRouter location="/">
      <LiveMarksProvider coverages={coverages}>
        <ArticleCard article={article} variant={variant} />
      </LiveMarksProvider>
    </StaticRouter>,
  );

describe('the front page’s « En direct » mark', () => {
  it('marks a live coverage’s card with its latest key event', () => {
    expect(html('default')).toContain(
      '<p class="card__live"><span class="card__live-mark">En direct</span><span class="card__live-event"> Participation : 61 %</span></p>',
    );
  });

  it('on a headline row, the mark alone beside the time (the row keeps its height)', () => {
    const row = html('row');
    expect(row).toMatch(/<p class="card__meta"><span class="card__live-mark">En direct<\/span><time/);
    expect(row).not.toContain('Participation');
  });

  it('leaves other cards, and a closed coverage (not in live_front), unmarked', () => {
    expect(html('default', live, { ...card, id: 'other' })).not.toContain('En direct');
    expect(html('default', [])).not.toContain('En direct');
  });
});
