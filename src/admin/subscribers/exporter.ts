import { downloadCSV, type Exporter } from 'react-admin';
import { unsubscribePath } from '@/lib/readerPaths';
import { toCsv } from './csv';
import { subscriptionLabel } from './status';
import type { Subscriber } from './types';

const HEADER = ['E-mail', 'Statut', 'Consentement', 'Désinscription', 'Lien de désinscription'] as const;

/**
 * The subscribers as a CSV file for the mailing tool: each address with its state, the moment of
 * its consent and its own unsubscribe link (on this site's origin, where the back office runs),
 * to put in every mailing sent to it. Moments in ISO 8601, UTC, as a mailing tool imports them.
 */
export const exportSubscribers: Exporter<Subscriber> = (subscribers) => {
  const rows = subscribers.map((s) => [
    s.email,
    subscriptionLabel(s),
    s.consented_at ? new Date(s.consented_at).toISOString() : null,
    s.unsubscribed_at ? new Date(s.unsubscribed_at).toISOString() : null,
    new URL(unsubscribePath(s.unsubscribe_token), window.location.origin).href,
  ]);
  downloadCSV(toCsv(HEADER, rows), 'abonnes-newsletter');
};
