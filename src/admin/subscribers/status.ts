import { formatShortDate } from '@/lib/dates';
import type { Subscriber } from './types';

/** Where a subscription stands, as the list and the export say it. */
export const subscriptionLabel = (s: Pick<Subscriber, 'unsubscribed_at'>) =>
  s.unsubscribed_at ? `Désinscrit le ${formatShortDate(s.unsubscribed_at)}` : 'Abonné';
