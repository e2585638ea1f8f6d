/** Where a recovery e-mail's link lands (it must be the site URL or in the auth redirect allow-list). */
export const NEW_PASSWORD_PATH = '/auth/nouveau-mot-de-passe';
/** That page's title and heading. */
export const NEW_PASSWORD_TITLE = 'Nouveau mot de passe';
/** The sign-in page opened on its "Mot de passe oublié ?" form. */
export const FORGOT_PASSWORD_HREF = '/auth?oubli=1';
