import { lazy, Suspense, useState } from 'react';
import { supabase } from '@/lib/supabase';
import { Link } from '@/public/router/Router';
import { useToast } from '@/public/toast/Toaster';
import { fetchSavedArticles, type SavedArticle } from '../api/saved';
import { unsaveArticle } from '../api/savedState';
import { ArticleCard } from '../components/ArticleCard';
import { CardGridSkeleton } from '../components/CardGridSkeleton';
import { useLoader } from '../hooks/useLoader';
import { LoadFailure } from '../routing/LoadFailure';
import { loadErrorMessage } from '../routing/route';
import { SAVED_ARTICLES_TITLE } from '../saved/constants';
import { SAVE_LABEL, UNSAVE_FAILED } from '../saved/labels';
import { useSession } from '../session/SessionProvider';
import './SavedArticlesPage.css';

// The reader's alert devices: a chunk of its own, fetched once a signed-in reader is known (the
// server renders this page signed out), never with a page's first load.
const MyAlerts = lazy(() => import('../alerts/MyAlerts').then((m) => ({ default: m.MyAlerts })));

/**
 * "Mes articles": the articles a signed-in reader saved to read later, newest saved first, the
 * same on every device they sign in on. The list is the reader's own, so the browser loads it with
 * their session; the server sends the page loading. Under it, « Mes alertes »: their alert devices.
 */
export function SavedArticlesPage() {
  const { user, loading } = useSession();
  return (
    <section className="saved-page" aria-busy={loading}>
      <h1 className="page-title">{SAVED_ARTICLES_TITLE}</h1>
      {loading ? (
        <CardGridSkeleton count={3} />
      ) : user ? (
        <>
          <SavedList key={user.id} userId={user.id} />
          <Suspense fallback={null}>
            <MyAlerts key={user.id} userId={user.id} />
          </Suspense>
        </>
      ) : (
        <div className="empty">
          <p>Connectez-vous pour retrouver les articles que vous avez gardés pour plus tard, sur tous vos appareils.</p>
          <Link to="/auth" className="button">
            Se connecter
          </Link>
        </div>
      )}
    </section>
  );
}

function SavedList({ userId }: { userId: string }) {
  const { status, data, error, reload } = useLoader(`saved:${userId}`, () => fetchSavedArticles(supabase));
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const toast = useToast();

  if (!data && status === 'error')
    return <LoadFailure className="saved-page__failure" message={loadErrorMessage(error)} onRetry={reload} />;
  if (!data) return <CardGridSkeleton count={3} />;

  const remove = async ({ article }: SavedArticle) => {
    try {
      await unsaveArticle(supabase, article.id);
      setRemoved((ids) => new Set(ids).add(article.id));
      toast({ title: 'Article retiré de vos articles' });
    } catch (e) {
      console.error(e);
      toast({ title: UNSAVE_FAILED, variant: 'error' });
    }
  };

  const shown = data.filter((s) => !removed.has(s.article.id));
  if (!shown.length)
    return (
      <div className="empty">
        <p>Vous n'avez encore enregistré aucun article.</p>
        <p>Touchez « {SAVE_LABEL} » sous le titre d'un article pour le retrouver ici, sur tous vos appareils.</p>
        <Link to="/" className="button">
          Découvrir l'actualité
        </Link>
      </div>
    );
  return (
    <ul className="grid saved-list">
      {shown.map((saved, i) => (
        <li key={saved.article.id} className="saved-list__item">
          <ArticleCard article={saved.article} showReadTime eager={i < 2} priority={i === 0} />
          <button
            type="button"
            className="button button--ghost button--small saved-list__remove"
            aria-label={`Retirer « ${saved.article.title} » de mes articles`}
            onClick={() => void remove(saved)}
          >
            Retirer
          </button>
        </li>
      ))}
    </ul>
  );
}
