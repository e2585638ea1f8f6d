import { articlePath, tagPath } from '@/lib/readerPaths';
import { Link } from '@/public/router/Router';
import type { TopicStrip as Strip } from '../api/types';

/**
 * The front page's topic strip (« Élections au Sénégal »), pinned from « La une »: the country's or
 * topic's name as a link to its page, then its newest titles. Text only: no picture, no script of
 * its own, so the home page's weight and first paint stay what they were.
 */
export function TopicStrip({ topic }: { topic: Strip }) {
  return (
    <nav className="topic-strip" aria-labelledby="topic-strip-title">
      <h2 id="topic-strip-title" className="topic-strip__title">
        <Link to={tagPath(topic.kind, topic.slug)}>
          {topic.name}
          <span aria-hidden="true"> →</span>
        </Link>
      </h2>
      {topic.articles.length > 0 && (
        <ul className="topic-strip__list">
          {topic.articles.map((a) => (
            <li key={a.id}>
              <Link to={articlePath(a.slug)}>{a.title}</Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
