import { CONFIRM_PATH } from '@/lib/readerPaths';
import { CONFIRM_TITLE } from '../meta';
import { NewsletterLinkPage } from './NewsletterLinkPage';

export const CONFIRM_TEXTS = {
  title: CONFIRM_TITLE,
  ask: 'Un clic pour recevoir La Matinale chaque matin : les informations clés du jour, un lien de désinscription dans chaque envoi.',
  button: 'Confirmer mon inscription',
  done: 'Votre inscription est confirmée : vous recevrez La Matinale dès demain matin.',
  unknown:
    "Ce lien de confirmation n'est pas valide : il a peut-être expiré (48 heures) ou déjà servi. Réinscrivez-vous depuis le bas de chaque page.",
} as const;

/** Where a confirmation mail's link leads: a button that confirms the subscription. */
export function ConfirmSubscriptionPage() {
  return <NewsletterLinkPage texts={CONFIRM_TEXTS} path={CONFIRM_PATH} />;
}
