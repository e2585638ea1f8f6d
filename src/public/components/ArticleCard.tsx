import { Link } from '@/public/router/Router';
import { formatLongDate } from '@/lib/dates';
import type { ArticleCard as Card } from '../api/types';
import heroImage from '../assets/hero.webp';
import './ArticleCard.css';

export const DEFAULT_READ_TIME = '5 min';

interface Props {
  article: Card;
  /** Spec §9: '5 min' on featured, category and related cards; none on home carousels. */
  showReadTime?: boolean;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  /**
   * The page's main picture (its LCP): fetched first. One per page: two high-priority pictures
   * split a slow link and both arrive late.
   */
  priority?: boolean;
  variant?: 'default' | 'featured';
}

export function ArticleCard({ article, showReadTime = false, eager = false, priority = false, variant = 'default' }: Props) {
  const date = formatLongDate(article.published_at);
  return (
    <article className={`card card--${variant}`}>
      <Link to={`/article/${article.slug}`} className="card__media" tabIndex={-1} aria-hidden="true">
        <img
          src={article.image_url || heroImage}
          alt=""
          width={1200}
          height={675}
          loading={eager || priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority ? { fetchPriority: 'high' as const } : {})}
        />
      </Link>
      <div className="card__body">
        {article.category && (
          <Link to={`/category/${article.category.slug}`} className="badge">
            {article.category.name}
          </Link>
        )}
        <h3 className="card__title">
          <Link to={`/article/${article.slug}`}>{article.title}</Link>
        </h3>
        {article.excerpt && <p className="card__excerpt">{article.excerpt}</p>}
        <p className="card__meta">
          {date && <time dateTime={article.published_at ?? undefined}>{date}</time>}
          {showReadTime && <span className="card__read-time">{DEFAULT_READ_TIME}</span>}
        </p>
      </div>
    </article>
  );
}
