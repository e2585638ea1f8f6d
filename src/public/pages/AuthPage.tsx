import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from '@/public/router/Router';
import { ADMIN_HOME, safeAdminReturn } from '@/lib/adminReturn';
import { Loading } from '@/lib/Loading';
import { setFlash } from '@/lib/flash';
import { loadAuth } from '@/lib/supabase';
import { AuthForm } from '../auth/AuthForm';
import { ForgotPasswordForm } from '../auth/ForgotPasswordForm';
import { describeAuthError } from '../auth/authErrors';
import type { AuthValues } from '../auth/validation';
import { useToast } from '@/public/toast/Toaster';
import { useRouteTitle } from '../routing/RouteContext';
import { fetchIsNewsroom, useSession } from '../session/SessionProvider';
import './AuthPage.css';

type Tab = 'admin' | 'reader';
const TABS: { id: Tab; label: string }[] = [
  { id: 'admin', label: 'Administrateur' },
  { id: 'reader', label: 'Lecteur' },
];
export const NOT_ADMIN_MESSAGE = "Cet utilisateur n'a pas de droits administrateur.";

const PANEL: Record<'admin' | 'signin' | 'signup' | 'forgot', { title: string; heading: string; lead: string }> = {
  admin: {
    title: 'Connexion administrateur',
    heading: 'Espace rédaction',
    lead: "Réservé à l'équipe éditoriale : publication des articles, gestion des images, des comptes et des statistiques.",
  },
  signin: {
    title: 'Connexion',
    heading: 'Connexion lecteur',
    lead: 'Retrouvez votre compte Afrique Actu.',
  },
  signup: {
    title: 'Créer un compte',
    heading: 'Créer un compte lecteur',
    lead: "Gratuit, en moins d'une minute. Il suffit d'un nom, d'une adresse e-mail et d'un mot de passe.",
  },
  forgot: {
    title: 'Mot de passe oublié',
    heading: 'Mot de passe oublié ?',
    lead: "Indiquez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
  },
};

/** The sign-in page (docs/product.md#sign-in-and-sign-up): admin and reader tabs; the reader tab toggles between sign-in and sign-up. */
export function AuthPage() {
  const { user, loading, checkingRole, isNewsroom } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  // The back office sends a signed-out visitor here with ?tab=admin and the page they asked for
  // (next, only ever a path of the back office: adminReturn.ts).
  const [query] = useSearchParams();
  const backOffice = safeAdminReturn(query.get('next')) ?? ADMIN_HOME;
  // Readers are the many who click the header's sign-in icon; the newsroom knows where its tab is.
  const [tab, setTab] = useState<Tab>(() => (query.get('tab') === 'admin' ? 'admin' : 'reader'));
  const [readerMode, setReaderMode] = useState<'signin' | 'signup'>('signin');
  // The "Mot de passe oublié ?" form, in place of the sign-in form (?oubli=1 opens the page on it),
  // with the address typed so far.
  const [forgot, setForgot] = useState<{ email: string } | null>(() => (query.get('oubli') === '1' ? { email: '' } : null));
  // While a submit runs, this page drives navigation itself; the redirect below stands aside.
  const [busy, setBusy] = useState(false);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ admin: null, reader: null });
  const mode = tab === 'admin' ? 'admin' : readerMode;
  useRouteTitle(PANEL[forgot ? 'forgot' : mode].title);
  // Readers who never sign in never download auth: it starts loading when this page opens, so it is
  // ready by the time the form is sent (a failed download is tried again on submit).
  useEffect(() => void loadAuth().catch((error: unknown) => console.error(error)), []);

  // A visitor already signed in goes to the back office if a newsroom member, otherwise home, once
  // the stored session is read and the role check is over (docs/product.md#sign-in-and-sign-up).
  const settled = !loading && !checkingRole;
  useEffect(() => {
    if (busy || !settled || !user) return;
    navigate(isNewsroom ? backOffice : '/', { replace: true });
  }, [busy, settled, user, isNewsroom, backOffice, navigate]);

  if (loading || (user && !busy)) return <Loading />;

  const fail = (error: unknown) => {
    toast({ ...describeAuthError(error), variant: 'error' });
    setBusy(false);
  };

  // Failures become a toast (catch below): the form's event does not wait on it.
  const submit = async (values: AuthValues) => {
    setBusy(true);
    const email = values.email.trim();
    try {
      const auth = await loadAuth();
      if (mode === 'signup') {
        const fullName = values.fullName.trim();
        const { data, error } = await auth.signUp({
          email,
          password: values.password,
          options: { data: { full_name: fullName }, emailRedirectTo: `${window.location.origin}/` },
        });
        if (error) return fail(error);
        toast({
          title: 'Compte créé avec succès !',
          // A hosted project may ask for e-mail confirmation first: then there is no session yet.
          description: data.session
            ? `Bienvenue sur Afrique Actu, ${fullName}.`
            : 'Confirmez votre adresse avec le lien reçu par e-mail, puis connectez-vous.',
        });
        navigate('/', { replace: true });
        return;
      }
      const { data, error } = await auth.signInWithPassword({ email, password: values.password });
      if (error) return fail(error);
      if (mode === 'admin') {
        if (!(await fetchIsNewsroom(data.user.id))) {
          // Refused (docs/product.md#sign-in-and-sign-up). The session just opened is closed again, on
          // the server too if it answers.
          const { error: outError } = await auth.signOut();
          if (outError) await auth.signOut({ scope: 'local' });
          toast({ title: NOT_ADMIN_MESSAGE, variant: 'error' });
          setBusy(false);
          return;
        }
        // The back office is another application (a full page load): it shows this message itself.
        setFlash('Connexion administrateur réussie !');
        navigate(backOffice, { replace: true });
        return;
      }
      const name = data.user.user_metadata?.full_name;
      toast({
        title: 'Connexion réussie !',
        description: typeof name === 'string' && name ? `Heureux de vous revoir, ${name}.` : undefined,
      });
      navigate('/', { replace: true });
    } catch (error) {
      fail(error);
    }
  };

  const select = (next: Tab) => {
    if (busy) return;
    setTab(next);
    setForgot(null);
    tabRefs.current[next]?.focus();
  };
  // WAI-ARIA tabs: arrows move and activate, Home/End jump to the ends. Each tab listens, as only
  // the selected tab is in the tab order (the list itself is not focusable).
  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(TABS[(to + TABS.length) % TABS.length].id);
  };

  const panel = PANEL[forgot ? 'forgot' : mode];
  return (
    <section className="auth">
      <header className="auth__intro">
        <h1 className="page-title">Votre espace Afrique Actu</h1>
        <p>Connectez-vous pour suivre l'actualité du continent avec votre compte lecteur, ou accédez à l'espace de la rédaction.</p>
      </header>
      <div className="auth__card">
        <div className="auth__tabs" role="tablist" aria-label="Type de compte">
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`auth-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls="auth-panel"
              tabIndex={tab === t.id ? 0 : -1}
              className="auth__tab"
              onClick={() => select(t.id)}
              onKeyDown={onTabKey}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className="auth__panel" role="tabpanel" id="auth-panel" aria-labelledby={`auth-tab-${tab}`}>
          <h2 className="auth__heading">{panel.heading}</h2>
          <p className="auth__lead">{panel.lead}</p>
          {forgot ? (
            <ForgotPasswordForm key={tab} idPrefix={`auth-${tab}`} initialEmail={forgot.email} onBack={() => setForgot(null)} />
          ) : (
            <AuthForm
              key={tab}
              mode={mode}
              busy={busy}
              onSubmit={(values) => void submit(values)}
              onModeChange={setReaderMode}
              onForgotPassword={(email) => setForgot({ email })}
            />
          )}
        </div>
      </div>
    </section>
  );
}
