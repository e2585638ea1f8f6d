import { passwordError, type FieldErrors } from './validation';

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
  const invalid = passwordError(password);
  if (invalid) errors.password = invalid;
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
