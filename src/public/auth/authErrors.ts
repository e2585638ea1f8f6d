export const GENERIC_AUTH_ERROR = "Une erreur s'est produite";

export interface AuthErrorToast {
  title: string;
  /** The server's own words, kept visible whenever the title is our French rendering of them. */
  description?: string;
}

/** GoTrue's answer to too many requests from one address (429), whatever its code. */
export const TOO_MANY_ATTEMPTS = 'Trop de tentatives. Réessayez dans quelques minutes.';

// GoTrue's error codes (and, for older servers without codes, its messages) that readers meet.
const FRENCH_BY_CODE: Record<string, string> = {
  invalid_credentials: 'Identifiants de connexion invalides',
  user_already_exists: 'Un compte existe déjà avec cette adresse e-mail',
  email_exists: 'Un compte existe déjà avec cette adresse e-mail',
  weak_password: 'Mot de passe trop faible',
  same_password: "Le nouveau mot de passe doit être différent de l'ancien",
  email_not_confirmed: 'Adresse e-mail non confirmée : ouvrez le lien reçu par e-mail',
  email_address_invalid: 'Adresse e-mail invalide',
  signup_disabled: 'Les inscriptions sont momentanément fermées',
  over_request_rate_limit: TOO_MANY_ATTEMPTS,
  over_email_send_rate_limit: TOO_MANY_ATTEMPTS,
  user_banned: 'Ce compte est suspendu',
};
const FRENCH_BY_MESSAGE: Record<string, string> = {
  'invalid login credentials': FRENCH_BY_CODE.invalid_credentials,
  'user already registered': FRENCH_BY_CODE.user_already_exists,
  'email not confirmed': FRENCH_BY_CODE.email_not_confirmed,
  // GoTrue's format check answers validation_failed, a code shared with other checks: told by its words.
  'unable to validate email address: invalid format': FRENCH_BY_CODE.email_address_invalid,
};
const NETWORK = 'Impossible de joindre le serveur. Vérifiez votre connexion.';

/**
 * A failed sign-in or sign-up shows the server's message, or 'Une erreur s'est produite'
 * (docs/product.md#auth-messages).
 * Readers are French-speaking, so the common GoTrue messages get a French title; the server's
 * original text then stays in the description, so nothing the server said is hidden.
 */
export function describeAuthError(error: unknown): AuthErrorToast {
  const { message, code, status } = readError(error);
  if (!message) return { title: GENERIC_AUTH_ERROR };
  const french =
    (code && FRENCH_BY_CODE[code]) ||
    FRENCH_BY_MESSAGE[message.trim().toLowerCase()] ||
    (status === 429 ? TOO_MANY_ATTEMPTS : undefined) ||
    // supabase-js reports a request that never got an answer with status 0.
    (status === 0 ? NETWORK : undefined);
  return french ? { title: french, description: message } : { title: message };
}

function readError(error: unknown): { message?: string; code?: string; status?: number } {
  if (typeof error === 'string') return { message: error };
  if (!error || typeof error !== 'object') return {};
  const e = error as { message?: unknown; code?: unknown; status?: unknown };
  return {
    message: typeof e.message === 'string' && e.message.trim() ? e.message : undefined,
    code: typeof e.code === 'string' ? e.code : undefined,
    status: typeof e.status === 'number' ? e.status : undefined,
  };
}
