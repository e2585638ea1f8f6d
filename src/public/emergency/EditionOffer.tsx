import { formatDayMonth } from '@/lib/dates';
import { useOptionalPage } from '../page/PageContext';
import './Emergency.css';

/** « Téléchargez l'édition avant le 14 décembre. » (the date « Préparer » set, noon UTC: the same day everywhere). */
export const editionOfferText = (preparedUntil: string) =>
  `Téléchargez l'édition avant le ${formatDayMonth(`${preparedUntil}T12:00:00Z`)} : elle se lit sans connexion.`;

/**
 * Before a known date (an election, an exam week) the newsroom « Prépare » the site: the front page
 * asks readers to download the enlarged edition while the network still works. The button itself
 * is the edition's (EditionSlot), just below.
 */
export function EditionOffer() {
  const preparedUntil = useOptionalPage()?.emergency?.preparedUntil;
  if (!preparedUntil) return null;
  return (
    <p className="edition-offer" data-edition-offer="">
      {editionOfferText(preparedUntil)}
    </p>
  );
}
