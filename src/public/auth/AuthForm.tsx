import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../components/FormField';
import { hasErrors, MIN_PASSWORD_LENGTH, validateAuth, type AuthMode, type AuthValues, type FieldErrors } from './validation';

interface AuthFormProps {
  mode: AuthMode;
  busy: boolean;
  /** Called only with values that pass the form rules (docs/product.md#reader-forms). */
  onSubmit: (values: AuthValues) => void;
  /** Reader only: switch between sign-in and sign-up, keeping what was typed. */
  onModeChange?: (mode: 'signin' | 'signup') => void;
  /** Sign-in forms: open the "Mot de passe oublié ?" form with the address typed so far. */
  onForgotPassword?: (email: string) => void;
}

const LABELS: Record<AuthMode, { idle: string; busy: string }> = {
  admin: { idle: 'Se connecter', busy: 'Connexion...' },
  signin: { idle: 'Se connecter', busy: 'Connexion...' },
  signup: { idle: 'Créer mon compte', busy: 'Création...' },
};

export function AuthForm({ mode, busy, onSubmit, onModeChange, onForgotPassword }: AuthFormProps) {
  const [values, setValues] = useState<AuthValues>({ email: '', password: '', fullName: '' });
  const [errors, setErrors] = useState<FieldErrors<AuthValues>>({});
  const refs = {
    fullName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const prefix = mode === 'admin' ? 'auth-admin' : 'auth-reader';
  const signup = mode === 'signup';

  const change = (field: keyof AuthValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    // The message goes as soon as the reader starts fixing the field; it comes back on submit if needed.
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateAuth(values, mode);
    setErrors(found);
    if (hasErrors(found)) {
      const first = (['fullName', 'email', 'password'] as const).find((f) => found[f]);
      if (first) refs[first].current?.focus();
      return;
    }
    onSubmit(values);
  };

  const switchTo = (next: 'signin' | 'signup') => {
    setErrors({});
    onModeChange?.(next);
  };

  return (
    <>
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
        {signup && (
          <TextField
            ref={refs.fullName}
            id={`${prefix}-fullname`}
            label="Nom complet"
            value={values.fullName}
            onChange={change('fullName')}
            error={errors.fullName}
            autoComplete="name"
            // profiles.full_name is capped at 120 characters in the schema.
            maxLength={120}
            required
          />
        )}
        <TextField
          ref={refs.email}
          id={`${prefix}-email`}
          label="E-mail"
          type="email"
          inputMode="email"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          // Password managers pair 'username' with 'current-password' on sign-in forms.
          autoComplete={signup ? 'email' : 'username'}
          autoCapitalize="none"
          spellCheck={false}
          placeholder="nom@exemple.com"
          required
        />
        <TextField
          ref={refs.password}
          id={`${prefix}-password`}
          label="Mot de passe"
          type="password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          hint={signup ? `Au moins ${MIN_PASSWORD_LENGTH} caractères.` : undefined}
          autoComplete={signup ? 'new-password' : 'current-password'}
          required
        />
        {!signup && onForgotPassword && (
          <p className="auth-form__forgot">
            <button type="button" className="link-button" disabled={busy} onClick={() => onForgotPassword(values.email.trim())}>
              Mot de passe oublié ?
            </button>
          </p>
        )}
        <button type="submit" className="button auth-form__submit" disabled={busy}>
          {busy ? LABELS[mode].busy : LABELS[mode].idle}
        </button>
      </form>
      {mode !== 'admin' && (
        <p className="auth-form__switch">
          {signup ? 'Déjà inscrit ?' : 'Pas encore de compte ?'}{' '}
          <button type="button" className="link-button" disabled={busy} onClick={() => switchTo(signup ? 'signin' : 'signup')}>
            {signup ? 'Se connecter' : 'Créer un compte'}
          </button>
        </p>
      )}
    </>
  );
}
