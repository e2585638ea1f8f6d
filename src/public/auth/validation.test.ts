import { describe, expect, it } from 'vitest';
import { describeAuthError, GENERIC_AUTH_ERROR, TOO_MANY_ATTEMPTS } from './authErrors';
import { CONTACT_LIMITS, emailError, hasErrors, MESSAGES, validateAuth, validateContact } from './validation';

const ok = { email: 'awa@exemple.sn', password: 'secret6', fullName: 'Awa Ndiaye' };

describe('sign-in and sign-up rules (docs/product.md#reader-forms)', () => {
  it('accepts a complete sign-in, admin login and sign-up', () => {
    for (const mode of ['signin', 'admin', 'signup'] as const) expect(validateAuth(ok, mode)).toEqual({});
  });

  it('requires the e-mail and the password', () => {
    expect(validateAuth({ email: '', password: '', fullName: '' }, 'signin')).toEqual({
      email: MESSAGES.emailRequired,
      password: MESSAGES.passwordRequired,
    });
    expect(validateAuth({ ...ok, email: '   ' }, 'admin').email).toBe("L'e-mail est requis.");
  });

  it('wants at least 6 characters of password, counting spaces, and at most 72', () => {
    expect(validateAuth({ ...ok, password: '12345' }, 'signin').password).toBe('Le mot de passe doit contenir au moins 6 caractères.');
    expect(validateAuth({ ...ok, password: '123456' }, 'signin').password).toBeUndefined();
    expect(validateAuth({ ...ok, password: '      ' }, 'signin').password).toBeUndefined();
    expect(validateAuth({ ...ok, password: 'x'.repeat(73) }, 'signup').password).toBe(MESSAGES.passwordTooLong);
  });

  it('requires a full name on sign-up only', () => {
    expect(validateAuth({ ...ok, fullName: ' ' }, 'signup')).toEqual({ fullName: 'Le nom complet est requis.' });
    expect(validateAuth({ ...ok, fullName: '' }, 'signin')).toEqual({});
    expect(validateAuth({ ...ok, fullName: '' }, 'admin')).toEqual({});
  });

  it('rejects an address that cannot be an e-mail, and tolerates surrounding spaces', () => {
    for (const bad of ['awa', 'awa@', '@exemple.sn', 'awa@exemple', 'awa ndiaye@exemple.sn'])
      expect(emailError(bad), bad).toBe(MESSAGES.emailInvalid);
    expect(emailError('  lecteur@afrique-actu.local ')).toBeUndefined();
  });
});

describe('contact form rules', () => {
  it('requires name, e-mail and message', () => {
    const errors = validateContact({ fullName: '', email: '', message: ' \n ' });
    expect(errors).toEqual({
      fullName: MESSAGES.fullNameRequired,
      email: MESSAGES.emailRequired,
      message: 'Le message est requis.',
    });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(validateContact({ fullName: 'Awa', email: 'awa@exemple.sn', message: 'Bonjour' }))).toBe(false);
  });

  it('holds name and message to what the database stores, counted without the spaces around them', () => {
    const at = (fullName: string, message: string) => validateContact({ fullName, email: 'awa@exemple.sn', message });
    expect(at(` ${'n'.repeat(100)} `, ` ${'m'.repeat(5000)}\n`)).toEqual({});
    expect(at('n'.repeat(101), 'm'.repeat(5001))).toEqual({
      fullName: 'Le nom ne peut pas dépasser 100 caractères.',
      message: 'Le message ne peut pas dépasser 5\u00a0000 caractères.',
    });
    expect(CONTACT_LIMITS).toEqual({ fullName: 100, message: 5000 });
    expect(emailError(`${'a'.repeat(249)}@x.fr`)).toBeUndefined();
    expect(emailError(`${'a'.repeat(250)}@x.fr`)).toBe(MESSAGES.emailInvalid);
  });
});

describe('auth failure toasts (docs/product.md#auth-messages)', () => {
  it('renders common GoTrue errors in French and keeps the server text', () => {
    expect(describeAuthError({ message: 'Invalid login credentials', code: 'invalid_credentials', status: 400 })).toEqual({
      title: 'Identifiants de connexion invalides',
      description: 'Invalid login credentials',
    });
    // Servers that predate error codes are matched on their message.
    expect(describeAuthError({ message: 'User already registered', status: 422 }).title).toBe(
      'Un compte existe déjà avec cette adresse e-mail',
    );
    // GoTrue's format check shares validation_failed with other checks: its words tell it apart.
    expect(
      describeAuthError({ message: 'Unable to validate email address: invalid format', code: 'validation_failed', status: 400 }),
    ).toEqual({ title: 'Adresse e-mail invalide', description: 'Unable to validate email address: invalid format' });
  });

  it("shows any other server message as is, or 'Une erreur s'est produite' without one", () => {
    expect(describeAuthError({ message: 'Database error saving new user', status: 500 })).toEqual({
      title: 'Database error saving new user',
    });
    expect(describeAuthError(new Error(''))).toEqual({ title: GENERIC_AUTH_ERROR });
    expect(describeAuthError(null)).toEqual({ title: "Une erreur s'est produite" });
    expect(describeAuthError(42)).toEqual({ title: GENERIC_AUTH_ERROR });
  });

  it('asks to wait after too many attempts from one address (429), with or without a code', () => {
    expect(describeAuthError({ message: 'Request rate limit reached', code: 'over_request_rate_limit', status: 429 })).toEqual({
      title: 'Trop de tentatives. Réessayez dans quelques minutes.',
      description: 'Request rate limit reached',
    });
    expect(describeAuthError({ message: 'Too Many Requests', status: 429 }).title).toBe(TOO_MANY_ATTEMPTS);
    expect(describeAuthError({ message: 'Email rate limit exceeded', code: 'over_email_send_rate_limit', status: 429 }).title).toBe(
      TOO_MANY_ATTEMPTS,
    );
  });

  it('explains a request that never reached the server', () => {
    expect(describeAuthError({ message: 'Failed to fetch', status: 0 })).toEqual({
      title: 'Impossible de joindre le serveur. Vérifiez votre connexion.',
      description: 'Failed to fetch',
    });
  });
});
