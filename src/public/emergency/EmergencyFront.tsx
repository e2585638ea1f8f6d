import { articlePath } from '@/lib/readerPaths';
import { Link } from '@/public/router/Router';
import type { ArticleCard as Card, HomePageData } from '../api/types';
import { ArticleCard } from '../components/ArticleCard';
import { useOptionalPage } from '../page/PageContext';
import './Emergency.css';

/**
 * The front page in « Mode urgence »: « L'essentiel » (the lead story and the headlines), the live
 * coverages, and the newsroom's « Infos pratiques » (numbers, places, what works), as a plain list
 * of links: no carousel, no section, nothing that moves.
 */
export function EmergencyFront({ data, essentials }: { data: HomePageData; essentials: Card[] }) {
  const practicalInfo = useOptionalPage()?.emergency?.practicalInfo.trim() ?? '';
  const cards = new Map<string, Card>(
    [data.featured, ...(data.top ?? []), ...data.sections.flatMap((s) => s.articles), ...(data.mostRead ?? [])]
      .filter((card): card is Card => !!card)
      .map((card) => [card.id, card]),
  );
  const live = data.live ?? [];
  return (
    <div className="emergency-front" data-emergency-front="">
      {practicalInfo && (
        <section className="practical-info" aria-labelledby="practical-info-title">
          <h2 id="practical-info-title" className="home-heading">
            Infos pratiques
          </h2>
          <ul>
            {practicalInfo
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean)
              .map((line, i) => (
                <li key={i}>{line}</li>
              ))}
          </ul>
        </section>
      )}
      {live.length > 0 && (
        <section aria-labelledby="emergency-live-title">
          <h2 id="emergency-live-title" className="home-heading">
            En direct
          </h2>
          <ul className="emergency-front__list">
            {live.map((coverage) => {
              const card = cards.get(coverage.articleId);
              return (
                <li key={coverage.articleId}>
                  {card ? (
                    <ArticleCard article={card} variant="row" />
                  ) : (
                    <Link to={articlePath(coverage.slug)}>{coverage.latestKeyEvent?.body ?? 'Suivre le direct'}</Link>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section aria-labelledby="emergency-essentials-title">
        <h2 id="emergency-essentials-title" className="home-heading">
          L'essentiel
        </h2>
        <ul className="emergency-front__list">
          {essentials.map((card) => (
            <li key={card.id}>
              <ArticleCard article={card} variant="row" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
