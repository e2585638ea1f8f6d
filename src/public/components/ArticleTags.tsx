import { Link } from '@/public/router/Router';
import { tagPath } from '@/lib/readerPaths';
import type { ArticleTag } from '../api/types';

/** An article's countries first, then its topics, as links to their pages; nothing when it has none. */
export function ArticleTags({ tags = [] }: { tags?: ArticleTag[] }) {
  if (!tags.length) return null;
  const ordered = [...tags.filter((t) => t.kind === 'pays'), ...tags.filter((t) => t.kind !== 'pays')];
  return (
    <nav aria-label="Pays et sujets de l'article">
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
