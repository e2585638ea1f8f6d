import { FACT_CHECKS_PATH, type FactCheck } from '@/lib/factCheck';
import { formatLongDate } from '@/lib/dates';
import { Link } from '@/public/router/Router';

const day = (value: string | null | undefined) => (value ? formatLongDate(`${value}T12:00:00Z`) || null : null);
const host = (link: string) => {
  try {
    return new URL(link).hostname;
  } catch {
    return link;
  }
};

/**
 * A fact-check's explanation after the text: « Ce qui est vrai », « Pourquoi c'est important »,
 * where the claim circulates (its links open apart, never followed by search engines) and the
 * sources with the day each was consulted.
 */
export function FactCheckDetails({ factCheck }: { factCheck: FactCheck }) {
  const links = factCheck.links ?? [];
  const sources = factCheck.sources ?? [];
  const seen = day(factCheck.first_seen);
  return (
    <section className="fact-check" aria-labelledby="fact-check-title">
      <h2 id="fact-check-title" className="fact-check__title">
        Vrai ou faux : notre vérification
      </h2>
      {factCheck.what_is_true && (
        <>
          <h3>Ce qui est vrai</h3>
          <p className="fact-check__text">{factCheck.what_is_true}</p>
        </>
      )}
      {factCheck.why_it_matters && (
        <>
          <h3>Pourquoi c'est important</h3>
          <p className="fact-check__text">{factCheck.why_it_matters}</p>
        </>
      )}
      {(factCheck.channels || links.length > 0 || seen) && (
        <>
          <h3>Où elle circule</h3>
          {(factCheck.channels || seen) && (
            <p>
              {factCheck.channels}
              {factCheck.channels && seen ? ' — ' : ''}
              {seen && `vue pour la première fois le ${seen}`}
            </p>
          )}
          {links.length > 0 && (
            <ul>
              {links.map((link) => (
                <li key={link}>
                  <a href={link} target="_blank" rel="nofollow noopener noreferrer">
                    {host(link)}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {sources.length > 0 && (
        <>
          <h3>Sources</h3>
          <ul className="fact-check__sources">
            {sources.map((s) => (
              <li key={`${s.url} ${s.title}`}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.title}
                </a>
                {day(s.consulted) && <> (consultée le {day(s.consulted)})</>}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={FACT_CHECKS_PATH}>Toutes nos vérifications « Vrai ou faux »</Link>
      </p>
    </section>
  );
}
