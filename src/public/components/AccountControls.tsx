import { Link, useNavigate } from '@/public/router/Router';
import { useSession } from '../session/SessionProvider';
import { useToast } from '@/public/toast/Toaster';
import { BookmarkIcon } from '../saved/BookmarkIcon';
import { SAVED_ARTICLES_PATH, SAVED_ARTICLES_TITLE } from '../saved/constants';

/** Signed out: a sign-in icon. Signed in: Mes articles, sign-out, and for the newsroom (administrators and journalists) Admin. */
export function AccountControls({ onNavigate }: { onNavigate?: () => void }) {
  const { user, isNewsroom, loading, signOut } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  // While the session is read, the sign-in link holds its place unseen (the server renders it so;
  // a lite page, which has no session to read, reveals it: see dataSaver/lite.ts).
  if (loading || !user)
    return (
      <Link
        to="/auth"
        className={loading ? 'account__icon account--pending' : 'account__icon'}
        aria-label="Se connecter"
        title="Se connecter"
        onClick={onNavigate}
        {...(loading ? { 'aria-hidden': true, tabIndex: -1 } : {})}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Link>
    );
  return (
    <span className="account">
      {isNewsroom && (
        <Link to="/admin/dashboard" className="button button--small" onClick={onNavigate}>
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
