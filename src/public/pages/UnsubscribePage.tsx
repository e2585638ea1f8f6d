import { Link } from '@/public/router/Router';
import { UNSUBSCRIBE_TITLE } from '../meta';
import { LoadFailure } from '../routing/LoadFailure';
import { useRouteData } from '../routing/RouteContext';
import { loadErrorMessage } from '../routing/route';

export const UNSUBSCRIBE_TEXTS = {
  done: 'Vous êtes désinscrit de la newsletter. Vous ne recevrez plus nos envois à cette adresse.',
  again: 'Vous pourrez vous réinscrire à tout moment depuis le bas de chaque page.',
  unknown: "Ce lien de désinscription n'est pas valide : il est peut-être incomplet.",
} as const;

/** Where a newsletter's unsubscribe link leads: the server has unsubscribed the address when this shows. */
export function UnsubscribePage() {
  const { status, data, error, reload, notFound } = useRouteData('unsubscribe');
  return (
    <section aria-busy={status === 'loading'}>
      <h1 className="page-title">{UNSUBSCRIBE_TITLE}</h1>
      {notFound ? (
        <p role="alert">
          {UNSUBSCRIBE_TEXTS.unknown} Copiez le lien entier depuis l'e-mail reçu, ou écrivez-nous depuis la page{' '}
          <Link to="/contact">Contact</Link>.
        </p>
      ) : data === 'unsubscribed' ? (
        <>
          <p role="status">{UNSUBSCRIBE_TEXTS.done}</p>
          <p>{UNSUBSCRIBE_TEXTS.again}</p>
        </>
      ) : status === 'error' ? (
        <LoadFailure className="empty" message={loadErrorMessage(error)} onRetry={reload} />
      ) : (
        <p className="empty" role="status">
          Chargement...
        </p>
      )}
      <Link to="/" className="button">
        Retour à l'accueil
      </Link>
    </section>
  );
}
