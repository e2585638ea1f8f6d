import { Link, useSearchParams } from '@/public/router/Router';

/** What a newsletter link's page says, by the `etat` the server's answer to its button gave. */
export interface LinkPageTexts {
  title: string;
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
export function NewsletterLinkPage({ texts, path }: { texts: LinkPageTexts; path: string }) {
  const [search] = useSearchParams();
  const token = (search.get('jeton') ?? '').trim().slice(0, 64);
  const state = search.get('etat');
  return (
    <section>
      <h1 className="page-title">{texts.title}</h1>
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
      <p>
        <Link to="/">Retour à l'accueil</Link>
      </p>
    </section>
  );
}
