import { Link } from '@/public/router/Router';

/**
 * A list's pager: « Précédent », the page numbers the reader can reach (every page up to this one,
 * and the next one when there is more: the lists know no total), « Suivant ». Plain links, so
 * crawlers and readers without the app page through the whole archive.
 */
export function Pager({ page, hasMore, path, label }: { page: number; hasMore: boolean; path: (page: number) => string; label: string }) {
  const last = hasMore ? page + 1 : page;
  if (last < 2) return null;
  const numbers = Array.from({ length: last }, (_, i) => i + 1);
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 && (
        <Link to={path(page - 1)} rel="prev" className="pager__step">
          « Précédent
        </Link>
      )}
      <ol className="pager__pages">
        {numbers.map((n) => (
          <li key={n}>
            {n === page ? (
              <span className="pager__page" aria-current="page">
                {n}
              </span>
            ) : (
              <Link to={path(n)} className="pager__page">
                {n}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {hasMore && (
        <Link to={path(page + 1)} rel="next" className="pager__step">
          Suivant »
        </Link>
      )}
    </nav>
  );
}
