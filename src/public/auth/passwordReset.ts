import { MAX_PASSWORD_LENGTH, MESSAGES, MIN_PASSWORD_LENGTH, type FieldErrors } from './validation';

export const RESET_MESSAGES = {
  mismatch: 'Les deux mots de passe ne correspondent pas.',
  confirmRequired: 'Confirmez le nouveau mot de passe.',
  expired: 'Ce lien a expiré ou a déjà servi. Demandez un nouveau lien : il arrive en quelques instants.',
} as const;

export interface NewPasswordValues {
  password: string;
  confirmation: string;
}

/** The new password's rules: the sign-up's, typed twice alike. */
export function validateNewPassword({ password, confirmation }: NewPasswordValues): FieldErrors<NewPasswordValues> {
  const errors: FieldErrors<NewPasswordValues> = {};
  if (!password) errors.password = MESSAGES.passwordRequired;
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = MESSAGES.passwordTooShort;
  else if (password.length > MAX_PASSWORD_LENGTH) errors.password = MESSAGES.passwordTooLong;
  if (!confirmation) errors.confirmation = RESET_MESSAGES.confirmRequired;
  else if (!errors.password && confirmation !== password) errors.confirmation = RESET_MESSAGES.mismatch;
  return errors;
}

/**
 * What a recovery link brought in the address's fragment: GoTrue's error when the link was
 * refused (expired, used, unknown), else whether it carried a session.
 */
export function recoveryLanding(hash: string): 'refused' | 'session' | 'none' {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.has('error') || params.has('error_code')) return 'refused';
  return params.has('access_token') ? 'session' : 'none';
}
