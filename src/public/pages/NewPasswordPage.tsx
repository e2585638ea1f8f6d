import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN_HOME } from '@/lib/adminReturn';
import { setFlash } from '@/lib/flash';
import { Loading } from '@/lib/Loading';
import { loadAuth } from '@/lib/supabase';
import { Link, useNavigate } from '@/public/router/Router';
import { useToast } from '@/public/toast/Toaster';
import { describeAuthError } from '../auth/authErrors';
import { recoveryLanding, RESET_MESSAGES, validateNewPassword, type NewPasswordValues } from '../auth/passwordReset';
import { FORGOT_PASSWORD_HREF, NEW_PASSWORD_TITLE } from '../auth/paths';
import { MIN_PASSWORD_LENGTH, type FieldErrors } from '../auth/validation';
import { TextField } from '../components/FormField';
import { fetchIsNewsroom } from '../session/SessionProvider';
import './AuthPage.css';

/**
 * Where a recovery e-mail's link lands: GoTrue signed the reader in (the session comes in the
 * address's fragment, which the auth client reads) or said why not. Here the reader chooses the
 * new password; then readers go home and the newsroom to the back office.
 */
export function NewPasswordPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [status, setStatus] = useState<'checking' | 'ready' | 'refused'>('checking');
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors<NewPasswordValues>>({});
  const [busy, setBusy] = useState(false);
  const refs = { password: useRef<HTMLInputElement>(null), confirmation: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    let live = true;
    // Read before the auth client consumes (and clears) the fragment.
    const landing = recoveryLanding(window.location.hash);
    if (landing === 'refused') {
      window.history.replaceState(window.history.state, '', window.location.pathname);
      setStatus('refused');
      return;
    }
    // Initialisation reads a session from the fragment, else the stored one (a reload of this page).
    loadAuth()
      .then((auth) => auth.getSession())
      .then(({ data }) => {
        if (!live) return;
        // The auth client leaves an empty '#' where the tokens were.
        if (window.location.href.endsWith('#')) window.history.replaceState(window.history.state, '', window.location.pathname);
        setStatus(data.session ? 'ready' : 'refused');
      })
      .catch((error: unknown) => {
        console.error(error);
        if (live) setStatus('refused');
      });
    return () => {
      live = false;
    };
  }, []);

  if (status === 'checking') return <Loading />;

  const change = (field: keyof NewPasswordValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  // Failures become a toast or a field's message (catch below): the form's event does not wait on it.
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateNewPassword(values);
    setErrors(found);
    const first = (['password', 'confirmation'] as const).find((f) => found[f]);
    if (first) return refs[first].current?.focus();
    setBusy(true);
    try {
      const auth = await loadAuth();
      const { data, error } = await auth.updateUser({ password: values.password });
      if (error) {
        // The session of the link is gone (signed out meanwhile, or expired): a new link is needed.
        if (error.name === 'AuthSessionMissingError' || error.status === 401 || error.status === 403) setStatus('refused');
        else toast({ ...describeAuthError(error), variant: 'error' });
        setBusy(false);
        return;
      }
      if (await fetchIsNewsroom(data.user.id)) {
        // The back office is another application (a full page load): it shows this message itself.
        setFlash('Mot de passe modifié : vous êtes connecté.');
        navigate(ADMIN_HOME, { replace: true });
        return;
      }
      toast({ title: 'Mot de passe modifié !', description: 'Vous êtes connecté avec votre nouveau mot de passe.' });
      navigate('/', { replace: true });
    } catch (error) {
      toast({ ...describeAuthError(error), variant: 'error' });
      setBusy(false);
    }
  };

  return (
    <section className="auth">
      <header className="auth__intro">
        <h1 className="page-title">{NEW_PASSWORD_TITLE}</h1>
      </header>
      <div className="auth__card">
        <div className="auth__panel">
          {status === 'refused' ? (
            <div role="alert">
              <p className="auth__lead">{RESET_MESSAGES.expired}</p>
              <Link to={FORGOT_PASSWORD_HREF} className="button">
                Recevoir un nouveau lien
              </Link>
            </div>
          ) : (
            <>
              <p className="auth__lead">Choisissez le nouveau mot de passe de votre compte, puis confirmez-le.</p>
              <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
                <TextField
                  ref={refs.password}
                  id="new-password"
                  label="Nouveau mot de passe"
                  type="password"
                  value={values.password}
                  onChange={change('password')}
                  error={errors.password}
                  hint={`Au moins ${MIN_PASSWORD_LENGTH} caractères.`}
                  autoComplete="new-password"
                  required
                />
                <TextField
                  ref={refs.confirmation}
                  id="new-password-confirmation"
                  label="Confirmez le mot de passe"
                  type="password"
                  value={values.confirmation}
                  onChange={change('confirmation')}
                  error={errors.confirmation}
                  autoComplete="new-password"
                  required
                />
                <button type="submit" className="button auth-form__submit" disabled={busy}>
                  {busy ? 'Enregistrement...' : 'Enregistrer le mot de passe'}
                </button>
              </form>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
