import { articlePath } from '@/lib/readerPaths';
import { Link } from '@/public/router/Router';
import type { ArticleCard } from '../api/types';
import './MostRead.css';

/**
 * "Les plus lus": the week's most-read articles as a numbered list of links (rank, title,
 * category). Plain markup, no picture: it is on the home page's first load and on lite pages.
 * Nothing at all when the week has no reads.
 */
export function MostRead({ articles }: { articles: readonly ArticleCard[] }) {
  if (!articles.length) return null;
  return (
    <section className="most-read" aria-labelledby="most-read-title">
      <h2 id="most-read-title" className="most-read__title">
        Les plus lus
      </h2>
      <ol className="most-read__list">
        {articles.map((a) => (
          <li key={a.id}>
            <Link to={articlePath(a.slug)}>{a.title}</Link>
            {a.category && <span className="most-read__category">{a.category.name}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
