/**
 * Pure form rules of the reader side (docs/product.md#reader-forms), kept apart from the pages so they are unit-tested
 * and so an invalid form never reaches the server.
 */

/** The shortest password accepted (docs/product.md#reader-forms). */
export const MIN_PASSWORD_LENGTH = 6;
/** GoTrue refuses longer passwords (bcrypt only reads 72 bytes); say so before the round trip. */
export const MAX_PASSWORD_LENGTH = 72;

export type AuthMode = 'admin' | 'signin' | 'signup';

export interface AuthValues {
  email: string;
  password: string;
  fullName: string;
}
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export const MESSAGES = {
  emailRequired: "L'e-mail est requis.",
  emailInvalid: 'Saisissez une adresse e-mail valide (ex. : nom@exemple.com).',
  passwordRequired: 'Le mot de passe est requis.',
  passwordTooShort: `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`,
  passwordTooLong: `Le mot de passe ne peut pas dépasser ${MAX_PASSWORD_LENGTH} caractères.`,
  fullNameRequired: 'Le nom complet est requis.',
  messageRequired: 'Le message est requis.',
} as const;

// Deliberately loose: one @, something on each side, a dot in the domain. The server has the last word.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return MESSAGES.emailRequired;
  if (!EMAIL_SHAPE.test(value)) return MESSAGES.emailInvalid;
  return undefined;
}

export function validateAuth(values: AuthValues, mode: AuthMode): FieldErrors<AuthValues> {
  const errors: FieldErrors<AuthValues> = {};
  if (mode === 'signup' && !values.fullName.trim()) errors.fullName = MESSAGES.fullNameRequired;
  const email = emailError(values.email);
  if (email) errors.email = email;
  // Passwords are not trimmed: spaces are legitimate characters of a password.
  if (!values.password) errors.password = MESSAGES.passwordRequired;
  else if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = MESSAGES.passwordTooShort;
  else if (values.password.length > MAX_PASSWORD_LENGTH) errors.password = MESSAGES.passwordTooLong;
  return errors;
}

export interface ContactValues {
  fullName: string;
  email: string;
  message: string;
}

export function validateContact(values: ContactValues): FieldErrors<ContactValues> {
  const errors: FieldErrors<ContactValues> = {};
  if (!values.fullName.trim()) errors.fullName = MESSAGES.fullNameRequired;
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!values.message.trim()) errors.message = MESSAGES.messageRequired;
  return errors;
}

export function hasErrors<T>(errors: FieldErrors<T>): boolean {
  return Object.values(errors).some(Boolean);
}
