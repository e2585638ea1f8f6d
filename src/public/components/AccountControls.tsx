import { Suspense, type ComponentProps } from 'react';
import { Link } from '@/public/router/Router';
import { preloadable } from '../page/preloadable';
import { useSession } from '../session/SessionProvider';

/** Only a stored session shows these, once auth (a chunk of its own) has loaded: a chunk of their own too. */
export const signedInControls = preloadable(() => import('./SignedInControls'));
type SignedInProps = ComponentProps<typeof import('./SignedInControls').SignedInControls>;
const SignedInControls = (props: SignedInProps) => {
  const { SignedInControls: Controls } = signedInControls.read();
  return <Controls {...props} />;
};

/** Signed out: a sign-in icon. Signed in: Mes articles, sign-out, and for the newsroom (administrators and journalists) Admin. */
export function AccountControls({ onNavigate }: { onNavigate?: () => void }) {
  const { user, isNewsroom, loading, signOut } = useSession();
  // While the session is read, the sign-in link holds its place unseen (the server renders it so;
  // a lite page, which has no session to read, reveals it: see dataSaver/lite.ts).
  if (loading || !user) return <SignInLink pending={loading} onNavigate={onNavigate} />;
  return (
    <Suspense fallback={<SignInLink pending onNavigate={onNavigate} />}>
      <SignedInControls isNewsroom={isNewsroom} signOut={signOut} onNavigate={onNavigate} />
    </Suspense>
  );
}

function SignInLink({ pending, onNavigate }: { pending: boolean; onNavigate?: () => void }) {
  return (
    <Link
      to="/auth"
      className={pending ? 'account__icon account--pending' : 'account__icon'}
      aria-label="Se connecter"
      title="Se connecter"
      onClick={onNavigate}
      {...(pending ? { 'aria-hidden': true, tabIndex: -1 } : {})}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </Link>
  );
}
