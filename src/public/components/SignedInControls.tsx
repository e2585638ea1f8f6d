import { Link, useNavigate } from '@/public/router/Router';
import { useToast } from '@/public/toast/Toaster';
import { BookmarkIcon } from '../saved/BookmarkIcon';
import { SAVED_ARTICLES_PATH, SAVED_ARTICLES_TITLE } from '../saved/constants';

/**
 * A signed-in reader's controls: Mes articles, sign-out, and for the newsroom (administrators and
 * journalists) Admin. A chunk of its own: only a stored session shows them, once auth has loaded.
 */
export function SignedInControls({
  isNewsroom,
  signOut,
  onNavigate,
}: {
  isNewsroom: boolean;
  signOut: () => Promise<unknown>;
  onNavigate?: () => void;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <span className="account">
      {isNewsroom && (
        <Link to="/admin/dashboard" className="button button--small account__admin" onClick={onNavigate}>
          Admin
        </Link>
      )}
      <Link
        to={SAVED_ARTICLES_PATH}
        className="account__icon"
        aria-label={SAVED_ARTICLES_TITLE}
        title={SAVED_ARTICLES_TITLE}
        onClick={onNavigate}
      >
        <BookmarkIcon />
      </Link>
      <button
        type="button"
        className="button button--ghost button--small account__sign-out"
        // signOut() does not reject: supabase-js clears the local session and returns a server
        // refusal as a value, so the reader is signed out here either way.
        onClick={() =>
          void signOut().then(() => {
            toast({ title: 'Déconnexion réussie' });
            onNavigate?.();
            navigate('/');
          })
        }
      >
        Se déconnecter
      </button>
    </span>
  );
}
