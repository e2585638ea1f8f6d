import { newsroomTimeZone } from '@/lib/env';
import { Link } from '@/public/router/Router';
import { articlePath } from '@/lib/readerPaths';
import type { PreviewData } from '../api/types';
import { LoadFailure } from '../routing/LoadFailure';
import { useRouteData } from '../routing/RouteContext';
import { loadErrorMessage } from '../routing/route';
import { ArticleView } from './ArticlePage';
import { ROUTES } from '../routes';
import { DRAFT_NOTICE, previewBannerTitle, REVIEW_NOTICE, scheduledNotice } from './previewNotice';
import './PreviewPage.css';

export const PREVIEW_LOADING_TEXT = "Chargement de l'aperçu…";

/**
 * An article as its reader page will show it (the same ArticleView), under a banner saying where
 * it stands. Only the newsroom gets it; for anyone else it is the site's 404 page. The server
 * sends only the loading state (it never has the visitor's session).
 */
export function PreviewPage() {
  const { status, data, error, reload, notFound } = useRouteData('preview');
  if (notFound) return <ROUTES.notFound.page />;
  if (!data && status === 'error')
    return <LoadFailure heading className="article-state" message={loadErrorMessage(error)} onRetry={reload} />;
  if (!data)
    return (
      <p className="preview-loading" role="status">
        {PREVIEW_LOADING_TEXT}
      </p>
    );
  return (
    <>
      <PreviewBanner data={data} />
      <ArticleView data={data} />
    </>
  );
}

function PreviewBanner({ data: { state, article } }: { data: PreviewData }) {
  if (state === 'public')
    return (
      <aside className="preview-banner preview-banner--public" aria-label="Aperçu">
        <strong>Aperçu — article publié</strong>
        <span>
          Les lecteurs voient déjà cet article : <Link to={articlePath(article.slug)}>voir la page publique</Link>.
        </span>
      </aside>
    );
  return (
    <aside className="preview-banner" aria-label="Aperçu">
      <strong>{previewBannerTitle(state)}</strong>
      <span>
        {state === 'scheduled' && article.published_at
          ? scheduledNotice(article.published_at, newsroomTimeZone())
          : state === 'review'
            ? REVIEW_NOTICE
            : DRAFT_NOTICE}
      </span>
    </aside>
  );
}
