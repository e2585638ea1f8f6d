import { useRef, useState, type FormEvent } from 'react';
import { loadAuth } from '@/lib/supabase';
import { useToast } from '@/public/toast/Toaster';
import { TextField } from '../components/FormField';
import { describeAuthError } from './authErrors';
import { NEW_PASSWORD_PATH } from './paths';
import { emailError } from './validation';

interface ForgotPasswordFormProps {
  /** What was typed in the sign-in form, so the reader need not type it again. */
  initialEmail: string;
  idPrefix: string;
  onBack: () => void;
}

/**
 * Asks for the account's address and has auth send the recovery e-mail. The answer is the same
 * whether an account has that address or not (the server's too): the form tells no one who is a
 * reader or a journalist here.
 */
export function ForgotPasswordForm({ initialEmail, idPrefix, onBack }: ForgotPasswordFormProps) {
  const toast = useToast();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // Failures become a toast or a field's message (catch below): the form's event does not wait on it.
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = emailError(email);
    setError(found);
    if (found) return input.current?.focus();
    setBusy(true);
    const address = email.trim();
    try {
      const auth = await loadAuth();
      const { error: failure } = await auth.resetPasswordForEmail(address, { redirectTo: `${window.location.origin}${NEW_PASSWORD_PATH}` });
      if (failure) toast({ ...describeAuthError(failure), variant: 'error' });
      else setSentTo(address);
    } catch (failure) {
      toast({ ...describeAuthError(failure), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (sentTo)
    return (
      <div className="auth-form__sent" role="status">
        <p>
          <strong>Vérifiez votre boîte de réception.</strong> Si un compte existe pour {sentTo}, un e-mail vient d'y être envoyé avec un
          lien pour choisir un nouveau mot de passe. Le lien est valable une heure.
        </p>
        <p>Rien reçu ? Regardez dans les courriers indésirables, ou vérifiez l'adresse et recommencez.</p>
        <button type="button" className="link-button" onClick={onBack}>
          Retour à la connexion
        </button>
      </div>
    );

  return (
    <>
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <TextField
          ref={input}
          id={`${idPrefix}-reset-email`}
          label="E-mail"
          type="email"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (error) setError(undefined);
          }}
          error={error}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="nom@exemple.com"
          required
        />
        <button type="submit" className="button auth-form__submit" disabled={busy}>
          {busy ? 'Envoi...' : 'Recevoir le lien'}
        </button>
      </form>
      <p className="auth-form__switch">
        <button type="button" className="link-button" disabled={busy} onClick={onBack}>
          Retour à la connexion
        </button>
      </p>
    </>
  );
}
