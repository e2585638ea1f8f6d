import type { ChannelOutlets } from '@/lib/database';
import { useNewsroomDataProvider } from '../../providers/newsroomDataProvider';
import { RankingTable } from '../RankingTable';
import { PeriodQuery } from './PeriodQuery';

export const OUTLET_COLUMNS = ['Canal', 'Envoyés', 'Reçus', 'Ouverts', 'Lectures amenées'] as const;

/** « Canaux »'s rows: what each of our own channels sent, and the article views it brought. */
export function outletRows(o: ChannelOutlets): { key: string; cells: (string | number)[] }[] {
  const views = (channel: keyof ChannelOutlets['arrivals']) => o.arrivals[channel] ?? 0;
  return [
    { key: 'alertes', cells: ['Alertes', o.alerts.sent, o.alerts.targeted, o.alerts.opened, views('alertes')] },
    { key: 'matinale', cells: ['La Matinale (éditions)', o.newsletter_editions, '—', '—', views('matinale')] },
    { key: 'whatsapp', cells: ['WhatsApp (partages)', o.shares.whatsapp ?? 0, '—', '—', views('whatsapp')] },
    { key: 'facebook', cells: ['Facebook (partages)', o.shares.facebook ?? 0, '—', '—', views('facebook')] },
    { key: 'x', cells: ['X (partages)', o.shares.x ?? 0, '—', '—', views('x')] },
    { key: 'telegram', cells: ['Telegram', '—', '—', '—', views('telegram')] },
    { key: 'hors-ligne', cells: ['Édition hors ligne', '—', '—', '—', views('hors-ligne')] },
  ];
}

/** « Canaux »: the alerts and editions the newsroom sent over the period, against the readers each channel brought. */
export function OutletsTab() {
  const dataProvider = useNewsroomDataProvider();
  return (
    <PeriodQuery name="channelOutlets" read={(days) => dataProvider.channelOutlets(days)} what="les canaux">
      {(data, period) => (
        <RankingTable title="Nos envois" file={`canaux-${period}-jours`} columns={OUTLET_COLUMNS} rows={data ? outletRows(data) : []} />
      )}
    </PeriodQuery>
  );
}
