import { formatLongDate } from '@/lib/dates';
import { Link } from '@/public/router/Router';
import { articlePath } from '@/lib/readerPaths';
import { CORRECTIONS_TITLE } from '../meta';
import { LoadFailure } from '../routing/LoadFailure';
import { useRouteData } from '../routing/RouteContext';
import { loadErrorMessage } from '../routing/route';
import './CorrectionsPage.css';

export const NO_CORRECTIONS_TEXT = 'Aucune correction publiée pour le moment.';

/** The latest corrections of the newsroom, each with a link to the article as it reads now. */
export function CorrectionsPage() {
  const { status, data, error, reload } = useRouteData('corrections');
  return (
    <section className="corrections" aria-busy={status === 'loading'}>
      <h1 className="page-title">{CORRECTIONS_TITLE}</h1>
      <p className="corrections__intro">
        Quand une erreur se glisse dans un article, nous la corrigeons et le signalons à la fin de l'article, avec la date de la correction.
        Voici les dernières corrections apportées par la rédaction.
      </p>
      {data && data.length > 0 ? (
        <ol className="corrections__list">
          {data.map((c) => (
            <li key={c.id}>
              <time dateTime={c.corrected_at}>{formatLongDate(c.corrected_at)}</time>
              <Link to={articlePath(c.article.slug)} className="corrections__article">
                {c.article.title}
              </Link>
              <p>{c.note}</p>
            </li>
          ))}
        </ol>
      ) : data ? (
        <p className="empty">{NO_CORRECTIONS_TEXT}</p>
      ) : status === 'error' ? (
        <LoadFailure className="empty" message={loadErrorMessage(error)} onRetry={reload} />
      ) : (
        <p className="empty" role="status">
          Chargement...
        </p>
      )}
    </section>
  );
}
