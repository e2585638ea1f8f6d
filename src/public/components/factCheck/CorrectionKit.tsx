import { SITE_NAME } from '@/lib/siteName';
import type { SharedVerdict } from './verdictText';
import { correctionKitMessage } from './correctionKit';

/**
 * « Kit de correction »: the ready message a reader sends back where they saw the rumour, shown
 * whole and sent to WhatsApp with one tap (a plain link: no script needed, on the lite page too).
 */
export function CorrectionKit({ verdict, url }: { verdict: SharedVerdict; url: string }) {
  const message = correctionKitMessage(verdict, url, SITE_NAME);
  return (
    <aside className="correction-kit" aria-labelledby="correction-kit-title">
      <h2 id="correction-kit-title">Kit de correction</h2>
      <p>Vous avez vu cette rumeur dans un groupe ? Renvoyez-y la vérification :</p>
      <p className="correction-kit__message">{message}</p>
      <a className="button" href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer">
        Renvoyer sur WhatsApp
      </a>
    </aside>
  );
}
