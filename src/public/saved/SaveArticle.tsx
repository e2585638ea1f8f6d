import { lazy, Suspense } from 'react';
import { supabase } from '@/lib/supabase';
import { useSession } from '../session/SessionProvider';

// The toggle's code and its queries are a chunk of their own, fetched only for a signed-in reader:
// anonymous readers, most of them, download nothing more with an article.
const SaveButton = lazy(() => import('./SaveButton').then((m) => ({ default: m.SaveButton })));

/**
 * "À lire plus tard" under an article's title, for a signed-in reader. Signed out, nothing: the
 * sign-in page brings nobody back to the article they were reading, so a prompt there would lose
 * their place, and the account menu's sign-in is where a reader finds "Mes articles" anyway.
 */
export function SaveArticle({ articleId }: { articleId: string }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed: another reader signing in, or the next article, starts from what the database says. */}
      {/* The client is handed over rather than imported there: a module both the first load and a
          chunk loaded from another lazy chunk import is split out of the first load by the bundler,
          which costs every reader about 1 KB more. */}
      <SaveButton key={`${user.id}:${articleId}`} articleId={articleId} db={supabase} />
    </Suspense>
  );
}
