import { CHANNEL_LABELS, CHANNELS } from '@/lib/channels';
import './AboutPage.css';

/**
 * « Mesure d'audience » (docs/product.md#audience-measurement): what the site counts about its
 * readers and what it does not, in plain words. Static: server-rendered, no data to load.
 */
export function AudiencePage() {
  return (
    <article className="about">
      <header className="about__hero">
        <p className="about__kicker">Mesure d'audience</p>
        <h1 className="page-title">Ce que nous mesurons, et ce que nous ne mesurons pas</h1>
        <p className="about__lead">
          Pour savoir quels articles vous lisez et par quel chemin ils vous parviennent, nous comptons les lectures. Sans cookie, sans
          identifiant, sans garder votre adresse IP.
        </p>
      </header>
      <section>
        <h2>Ce que nous comptons</h2>
        <ul>
          <li>Chaque lecture d'un article, une fois par lecteur et par demi-heure, avec le canal qui l'a amenée.</li>
          <li>
            Le temps passé sur la page pendant qu'elle est visible à l'écran (au plus 30 minutes), et si la fin du texte a été atteinte.
          </li>
          <li>Si la page a été lue en mode économie de données, et son poids en kilo-octets.</li>
          <li>
            Les inscriptions à La Matinale et aux alertes faites depuis un article : un nombre par article et par jour, sans l'adresse ni
            l'appareil inscrit.
          </li>
          <li>
            Une catégorie de lecteur calculée sur votre téléphone : « nouveau », « régulier » ou « fidèle » (8 jours de lecture sur les 16
            derniers). La liste de vos jours de lecture reste dans votre navigateur : seule la catégorie nous parvient.
          </li>
        </ul>
        <p>
          Les canaux : {CHANNELS.map((c) => CHANNEL_LABELS[c]).join(', ')}. Les liens que nous envoyons (partages WhatsApp, La Matinale,
          alertes, édition hors ligne) portent une courte étiquette (<code>?s=</code>) qui disparaît de la barre d'adresse dès la lecture
          comptée.
        </p>
      </section>
      <section>
        <h2>Ce que nous ne faisons pas</h2>
        <ul>
          <li>Aucun cookie de mesure, aucun identifiant, aucune empreinte de votre appareil.</li>
          <li>
            Aucune adresse IP conservée : pour ne pas compter deux fois la même lecture, nous gardons une empreinte de l'adresse et du
            navigateur, mêlée à un secret tiré au hasard chaque jour et effacé au bout de deux jours. Ni l'adresse ni le navigateur ne sont
            enregistrés.
          </li>
          <li>
            Aucun outil de mesure d'une autre entreprise : les chiffres restent chez nous, et seules des sommes par jour sont gardées.
          </li>
          <li>Les robots et les aperçus de liens (WhatsApp, Facebook, Telegram, moteurs de recherche) ne sont pas comptés.</li>
        </ul>
      </section>
    </article>
  );
}
