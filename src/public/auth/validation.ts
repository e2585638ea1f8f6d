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

/** The longest name and message the database stores (send_contact_message); e-mails are held to EMAIL_MAX_LENGTH by emailError. */
export const CONTACT_LIMITS = { fullName: 100, message: 5000 } as const;

export const MESSAGES = {
  emailRequired: "L'e-mail est requis.",
  emailInvalid: 'Saisissez une adresse e-mail valide (ex. : nom@exemple.com).',
  passwordRequired: 'Le mot de passe est requis.',
  passwordTooShort: `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`,
  passwordTooLong: `Le mot de passe ne peut pas dépasser ${MAX_PASSWORD_LENGTH} caractères.`,
  fullNameRequired: 'Le nom complet est requis.',
  messageRequired: 'Le message est requis.',
  nameTooLong: `Le nom ne peut pas dépasser ${CONTACT_LIMITS.fullName} caractères.`,
  messageTooLong: 'Le message ne peut pas dépasser 5\u00a0000 caractères.',
} as const;

// Deliberately loose: one @, something on each side, a dot in the domain. The server has the last word.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest address SMTP carries, and the database's limit. */
export const EMAIL_MAX_LENGTH = 254;

export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return MESSAGES.emailRequired;
  if (!EMAIL_SHAPE.test(value) || value.length > EMAIL_MAX_LENGTH) return MESSAGES.emailInvalid;
  return undefined;
}

export function validateAuth(values: AuthValues, mode: AuthMode): FieldErrors<AuthValues> {
  const errors: FieldErrors<AuthValues> = {};
  if (mode === 'signup' && !values.fullName.trim()) errors.fullName = MESSAGES.fullNameRequired;
  const email = emailError(values.email);
  if (email) errors.email = email;
  const password = passwordError(values.password);
  if (password) errors.password = password;
  return errors;
}

/** The password rules (sign-up, sign-in, a new password). Not trimmed: spaces are legitimate characters of a password. */
export function passwordError(password: string): string | undefined {
  if (!password) return MESSAGES.passwordRequired;
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return MESSAGES.passwordTooLong;
  return undefined;
}

export interface ContactValues {
  fullName: string;
  email: string;
  message: string;
}

export function validateContact(values: ContactValues): FieldErrors<ContactValues> {
  const errors: FieldErrors<ContactValues> = {};
  const name = values.fullName.trim();
  if (!name) errors.fullName = MESSAGES.fullNameRequired;
  else if (name.length > CONTACT_LIMITS.fullName) errors.fullName = MESSAGES.nameTooLong;
  const email = emailError(values.email);
  if (email) errors.email = email;
  const message = values.message.trim();
  if (!message) errors.message = MESSAGES.messageRequired;
  else if (message.length > CONTACT_LIMITS.message) errors.message = MESSAGES.messageTooLong;
  return errors;
}

export function hasErrors<T>(errors: FieldErrors<T>): boolean {
  return Object.values(errors).some(Boolean);
}
