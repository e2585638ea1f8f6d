import { lazy, Suspense } from 'react';
import { loadDataClient } from '../api/dataClient';
import { useSession } from '../session/SessionProvider';

// The toggle's code, its queries and the data client are chunks of their own, fetched only for a
// signed-in reader: anonymous readers, most of them, download nothing more with an article.
const SaveButton = lazy(() =>
  Promise.all([import('./SaveButton'), loadDataClient()]).then(([{ SaveButton: Button }, db]) => ({
    default: (props: { articleId: string }) => <Button {...props} db={db} />,
  })),
);

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
      <SaveButton key={`${user.id}:${articleId}`} articleId={articleId} />
    </Suspense>
  );
}
