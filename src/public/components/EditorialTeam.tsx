import { Link } from '@/public/router/Router';

/** The home page's 'Notre rédaction' block (docs/product.md#home): who writes the news. Styles: HomePage.css. */
export function EditorialTeam() {
  return (
    <section className="editorial" aria-labelledby="editorial-title">
      <h2 id="editorial-title" className="home-heading">
        Notre rédaction
      </h2>
      <div className="editorial__body">
        <p>
          AfriqueActu est une rédaction panafricaine : des journalistes installés à Dakar, Abidjan, Douala, Casablanca, Kigali et Paris, qui
          racontent le continent depuis le terrain, dans toute sa diversité.
        </p>
        <p>
          Politique, économie, culture, sport, réussites : chaque article est vérifié, sourcé et relu par notre équipe éditoriale. Nous
          donnons la parole à celles et ceux qui font l'Afrique d'aujourd'hui, loin des clichés et au plus près des faits.
        </p>
        <p className="editorial__links">
          <Link to="/about">Découvrir notre équipe</Link>
          <Link to="/contact">Rejoindre la rédaction</Link>
        </p>
      </div>
    </section>
  );
}
