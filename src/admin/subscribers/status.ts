import { newsroomDate } from '../dates';
import type { Subscriber } from './types';

/** Where a subscription stands, as the list and the export say it. */
export function subscriptionLabel(s: Pick<Subscriber, 'status' | 'unsubscribed_at' | 'suppressed_at'>): string {
  switch (s.status) {
    case 'pending':
      return 'En attente de confirmation';
    case 'suppressed':
      return s.suppressed_at ? `Exclu le ${newsroomDate(s.suppressed_at)}` : 'Exclu';
    case 'unsubscribed':
      return s.unsubscribed_at ? `Désinscrit le ${newsroomDate(s.unsubscribed_at)}` : 'Désinscrit';
    default:
      return 'Abonné';
  }
}
