import type { ReactNode } from 'react';
import { NEWSLETTER_NAME, newsletterPromise } from '@/lib/newsletterPromise';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from '@/lib/readerPaths';
import { useOptionalPage } from '@/public/page/PageContext';
import { Link, useSearchParams } from '@/public/router/Router';
import { MaMatinale } from './MaMatinale';
import { CONFIRM_DONE_TITLE, CONFIRM_TITLE, UNSUBSCRIBE_DONE_TITLE, UNSUBSCRIBE_TITLE } from '../meta';

/** What a newsletter link's page says, by the `etat` the server's answer to its button gave. */
export interface LinkPageTexts {
  title: string;
  /** The heading once the button did it (the page's question is answered). */
  doneTitle: string;
  /** Above the button: what clicking it does. */
  ask: string;
  button: string;
  done: string;
  after?: string;
  unknown: string;
}

const FAILED = "L'opération n'a pas pu aboutir. Réessayez dans un instant.";

/**
 * A newsletter link's page (confirm, unsubscribe): the link only opens it; its button POSTs the
 * token to the same address, and the server answers with this page again, `?etat=fait|inconnu|erreur`.
 * Nothing happens on the GET, so a mail scanner following links confirms or unsubscribes nobody.
 * A plain form: it works without JavaScript, and adds none.
 */
export function NewsletterLinkPage({
  texts,
  path,
  children,
}: {
  texts: LinkPageTexts;
  path: string;
  /** What the page offers beside its button while the link is unused, given the link's token. */
  children?: (token: string) => ReactNode;
}) {
  const [search] = useSearchParams();
  const token = (search.get('jeton') ?? '').trim().slice(0, 64);
  const state = search.get('etat');
  return (
    <section>
      <h1 className="page-title">{state === 'fait' ? texts.doneTitle : texts.title}</h1>
      {state === 'fait' ? (
        <>
          <p role="status">{texts.done}</p>
          {texts.after && <p>{texts.after}</p>}
        </>
      ) : state === 'inconnu' || (!state && !token) ? (
        <p role="alert">
          {texts.unknown} Copiez le lien entier depuis l'e-mail reçu, ou écrivez-nous depuis la page <Link to="/contact">Contact</Link>.
        </p>
      ) : state === 'erreur' ? (
        <p role="alert">{FAILED}</p>
      ) : (
        <form method="post" action={`${path}?jeton=${encodeURIComponent(token)}`}>
          <p>{texts.ask}</p>
          <button type="submit" className="button">
            {texts.button}
          </button>
        </form>
      )}
      {!state && token && children?.(token)}
      <p>
        <Link to="/">Retour à l'accueil</Link>
      </p>
    </section>
  );
}

// Both pages in one module: one chunk, one file name in the reader's first load.

export const UNSUBSCRIBE_TEXTS = {
  title: UNSUBSCRIBE_TITLE,
  doneTitle: UNSUBSCRIBE_DONE_TITLE,
  // A question until the button is pressed: nothing has changed yet.
  ask: `Pour ne plus recevoir ${NEWSLETTER_NAME} à cette adresse, confirmez avec le bouton ci-dessous.`,
  button: 'Me désinscrire',
  done: 'Vous êtes désinscrit de la newsletter. Vous ne recevrez plus nos envois à cette adresse.',
  after: 'Vous pourrez vous réinscrire à tout moment depuis le bas de chaque page.',
  unknown: "Ce lien de désinscription n'est pas valide : il est peut-être incomplet.",
} as const;

/** Where a newsletter's unsubscribe link leads: a button that unsubscribes (mail clients POST the link themselves, RFC 8058). */
export function UnsubscribePage() {
  // The same link also chooses « Ma Matinale »'s country (a subscriber who stays).
  return (
    <NewsletterLinkPage texts={UNSUBSCRIBE_TEXTS} path={UNSUBSCRIBE_PATH}>
      {(token) => <MaMatinale token={token} />}
    </NewsletterLinkPage>
  );
}

/** The confirmation page's texts: the newsletter's promise (newsletterPromise), at the settings' send time. */
export function confirmTexts(sendTime?: string | null): LinkPageTexts {
  const promise = newsletterPromise(sendTime);
  return {
    title: CONFIRM_TITLE,
    doneTitle: CONFIRM_DONE_TITLE,
    ask: `Un clic pour recevoir ${promise.sentence} Un lien de désinscription dans chaque envoi.`,
    button: 'Confirmer mon inscription',
    done: `Votre inscription est confirmée : vous recevrez ${promise.name} ${promise.when}, dès la prochaine édition.`,
    unknown:
      "Ce lien de confirmation n'est pas valide : il a peut-être expiré (48 heures) ou déjà servi. Réinscrivez-vous depuis le bas de chaque page.",
  };
}

/** Where a confirmation mail's link leads: a button that confirms the subscription. */
export function ConfirmPage() {
  return <NewsletterLinkPage texts={confirmTexts(useOptionalPage()?.newsletterTime)} path={CONFIRM_PATH} />;
}
