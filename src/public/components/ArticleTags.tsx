import { Link } from '@/public/router/Router';
import { tagPath } from '@/lib/readerPaths';
import type { ArticleTag } from '../api/types';

/** An article's (or a search's) countries first, then its topics, as links to their pages; nothing when there is none. */
export function ArticleTags({ tags = [], label = "Pays et sujets de l'article" }: { tags?: ArticleTag[]; label?: string }) {
  if (!tags.length) return null;
  const ordered = [...tags.filter((t) => t.kind === 'pays'), ...tags.filter((t) => t.kind !== 'pays')];
  return (
    <nav aria-label={label}>
      <ul className="article-tags">
        {ordered.map((t) => (
          <li key={t.slug}>
            <Link to={tagPath(t.kind, t.slug)} className="badge">
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
