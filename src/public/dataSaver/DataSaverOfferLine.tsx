import { answerDataSaverOffer } from './choice';
import { useDataSaver } from './DataSaverContext';
import './DataSaverOffer.css';

/** The offer itself: turn the mode on, or not now; either answer is remembered, so it comes once. */
export function DataSaverOfferLine({ onAnswer }: { onAnswer: () => void }) {
  const { set } = useDataSaver();
  const answer = (on: boolean) => {
    answerDataSaverOffer();
    if (on) set(true);
    onAnswer();
  };
  return (
    <p className="data-saver-offer" role="status">
      <span>Connexion lente ? Le mode léger allège les pages.</span>
      <button type="button" className="button button--small" onClick={() => answer(true)}>
        Activer
      </button>
      <button type="button" className="data-saver-offer__no" onClick={() => answer(false)}>
        Non merci
      </button>
    </p>
  );
}
