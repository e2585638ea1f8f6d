import { UNSUBSCRIBE_PATH } from '@/lib/readerPaths';
import { UNSUBSCRIBE_TITLE } from '../meta';
import { NewsletterLinkPage } from './NewsletterLinkPage';

export const UNSUBSCRIBE_TEXTS = {
  title: UNSUBSCRIBE_TITLE,
  ask: 'Vous ne recevrez plus La Matinale à cette adresse.',
  button: 'Me désinscrire',
  done: 'Vous êtes désinscrit de la newsletter. Vous ne recevrez plus nos envois à cette adresse.',
  after: 'Vous pourrez vous réinscrire à tout moment depuis le bas de chaque page.',
  unknown: "Ce lien de désinscription n'est pas valide : il est peut-être incomplet.",
} as const;

/** Where a newsletter's unsubscribe link leads: a button that unsubscribes (mail clients POST the link themselves, RFC 8058). */
export function UnsubscribePage() {
  return <NewsletterLinkPage texts={UNSUBSCRIBE_TEXTS} path={UNSUBSCRIBE_PATH} />;
}
