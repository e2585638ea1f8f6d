import { displayName, hasRole, type Account, type GrantableRole } from './types';

/**
 * The confirmation before a role change: what the person will be able to do afterwards, said
 * plainly, and for an administrator stepping down, what they lose at once.
 */
export function roleChangeDialog(account: Account, role: GrantableRole, grant: boolean, self: boolean): { title: string; content: string } {
  const name = displayName(account);
  if (role === 'admin') {
    if (grant)
      return {
        title: `Nommer ${name} administrateur ?`,
        content: `${name} pourra gérer les articles, les utilisateurs et consulter les statistiques.`,
      };
    const staysJournalist = hasRole(account, 'journalist');
    const content = self
      ? staysJournalist
        ? 'Vous resterez journaliste : vous ne pourrez plus publier, gérer les utilisateurs ni consulter les statistiques.'
        : "Vous redeviendrez client et perdrez immédiatement l'accès au back-office."
      : staysJournalist
        ? `${name} restera journaliste : ${name} ne pourra plus publier, gérer les utilisateurs ni consulter les statistiques.`
        : `${name} redeviendra client et perdra l'accès au back-office.`;
    return { title: `Retirer le rôle administrateur de ${name} ?`, content };
  }
  const admin = hasRole(account, 'admin');
  if (grant)
    return {
      title: `Nommer ${name} journaliste ?`,
      content: admin
        ? `${name} est administrateur et garde tous ses droits ; le rôle de journaliste lui restera s'il cesse d'être administrateur.`
        : `${name} pourra écrire des articles, ajouter des images et les soumettre à la relecture (« À relire »), sans pouvoir les publier.`,
    };
  return {
    title: `Retirer le rôle journaliste de ${name} ?`,
    content: admin ? `${name} reste administrateur.` : `${name} redeviendra client et perdra l'accès au back-office.`,
  };
}
