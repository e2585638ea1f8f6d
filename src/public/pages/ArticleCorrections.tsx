import { Link } from '@/public/router/Router';
import type { Correction } from '@/lib/corrections';
import { formatLongDate } from '@/lib/dates';

/** The article's correction notes, oldest first, at its end. */
export function ArticleCorrections({ corrections }: { corrections: Correction[] }) {
  return (
    <section className="article-corrections" aria-labelledby="article-corrections-title">
      <h2 id="article-corrections-title">Corrections</h2>
      <ul>
        {corrections.map((c) => (
          <li key={c.id}>
            <time dateTime={c.corrected_at}>{formatLongDate(c.corrected_at)}</time>
            <p>{c.note}</p>
          </li>
        ))}
      </ul>
      <p className="article-corrections__all">
        <Link to="/corrections">Toutes nos corrections</Link>
      </p>
    </section>
  );
}
