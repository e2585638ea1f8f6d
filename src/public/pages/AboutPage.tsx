import { Link } from '@/public/router/Router';
import { NewsletterForm } from '../components/NewsletterForm';
import { MirrorLink } from '../emergency/MirrorLink';
import { useOptionalPage } from '../page/PageContext';
import './AboutPage.css';

const VALUES = [
  {
    name: 'Excellence',
    text: "Chaque information est vérifiée, sourcée et recoupée avant d'être publiée. Nous séparons toujours les faits des opinions et corrigeons nos erreurs au grand jour.",
    icon: <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
  },
  {
    name: 'Diversité',
    text: 'Cinquante-quatre pays, des centaines de langues, autant de regards. De Dakar à Nairobi, de Casablanca à Johannesburg, nos contributeurs font entendre la pluralité du continent et de ses diasporas.',
    icon: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </>
    ),
  },
  {
    name: 'Impact',
    text: "Nous choisissons les sujets qui changent le quotidien : l'école, la santé, l'emploi, l'innovation. Un journalisme utile, qui éclaire les choix des citoyens et met en lumière les réussites africaines.",
    icon: <path d="M4 17l5-5 4 4 7-8M14 8h6v6" />,
  },
];

/** The About page (docs/product.md#about): mission, vision, the three values, the team, and the newsletter box (stores nothing). */
export function AboutPage() {
  const mirrorUrl = useOptionalPage()?.emergency?.mirrorUrl;
  return (
    <article className="about">
      <header className="about__hero">
        <p className="about__kicker">Qui sommes-nous</p>
        <h1 className="page-title">L'Afrique racontée par celles et ceux qui la vivent</h1>
        <p className="about__lead">
          Afrique Actu est un média numérique francophone consacré à l'actualité du continent africain et de ses diasporas. Politique,
          économie, culture, sport, parcours inspirants : nous racontons une Afrique qui débat, entreprend et crée, loin des clichés.
        </p>
        {/* The static mirror set in « Mode urgence » (docs/deployment.md#mirror): announced here whether the mode is on or not. */}
        {mirrorUrl && (
          <p className="about__mirror" data-mirror="">
            <MirrorLink url={mirrorUrl} />
          </p>
        )}
      </header>

      <div className="about__pillars">
        <section className="about__pillar" aria-labelledby="about-mission">
          <h2 id="about-mission">Notre mission</h2>
          <p>
            Offrir chaque jour une information fiable, claire et accessible sur l'Afrique. Nous expliquons les décisions politiques,
            décryptons les chiffres de l'économie et donnons la parole aux acteurs de terrain, pour que chacun puisse comprendre ce qui se
            joue, se faire sa propre opinion et agir.
          </p>
        </section>
        <section className="about__pillar" aria-labelledby="about-vision">
          <h2 id="about-vision">Notre vision</h2>
          <p>
            Un continent qui se raconte lui-même. Nous voulons devenir la référence francophone de l'actualité africaine : un média
            indépendant, lu aussi bien à Abidjan qu'à Kinshasa, Paris ou Montréal, où la jeunesse africaine trouve des repères et le monde
            un regard juste sur l'Afrique.
          </p>
        </section>
      </div>

      <section className="about__values" aria-labelledby="about-values">
        <h2 id="about-values">Nos valeurs</h2>
        <ul className="about__value-list">
          {VALUES.map((v) => (
            <li key={v.name} className="about__value">
              <svg className="about__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
                <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                  {v.icon}
                </g>
              </svg>
              <h3>{v.name}</h3>
              <p>{v.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="about__team" aria-labelledby="about-team">
        <h2 id="about-team">Notre équipe</h2>
        <p>
          Notre rédaction réunit des journalistes, éditeurs, photographes et vérificateurs de faits installés à Paris, épaulés par un réseau
          de correspondants à travers le continent. Ils partagent une même exigence : aller sur le terrain, croiser les sources et écrire
          pour être compris par tous.
        </p>
        <p>
          Notre rubrique <Link to="/category/tribune-libre">Tribune libre</Link> accueille aussi des chercheurs, entrepreneurs, artistes et
          citoyens qui veulent partager leur analyse. Une idée de sujet, une réaction, une envie de nous rejoindre ?{' '}
          <Link to="/contact">Écrivez-nous</Link>.
        </p>
      </section>

      <section className="about__newsletter" aria-labelledby="about-newsletter">
        <h2 id="about-newsletter">Restez informé</h2>
        <p>Chaque vendredi, l'essentiel de l'actualité africaine de la semaine dans votre boîte mail. Gratuit, sans publicité.</p>
        <NewsletterForm idPrefix="about" />
      </section>
    </article>
  );
}
