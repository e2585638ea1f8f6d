import { Alert, Box, Grid, LinearProgress } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChannelOutlets } from '@/lib/database';
import { describeError, logFailure } from '../../providers/frenchErrors';
import { useNewsroomDataProvider } from '../../providers/newsroomDataProvider';
import { PeriodSelector } from '../PeriodSelector';
import { RankingTable } from '../RankingTable';
import type { Period } from '../types';

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
  const [period, setPeriod] = useState<Period>(7);
  const dataProvider = useNewsroomDataProvider();
  const { data, error, isFetching } = useQuery({
    queryKey: ['newsroom', 'channelOutlets', period],
    queryFn: () => dataProvider.channelOutlets(period).catch(logFailure('The channels sent could not be read')),
    placeholderData: keepPreviousData,
  });
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <PeriodSelector value={period} onChange={setPeriod} />
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && data && <LinearProgress aria-label="Mise à jour des canaux" />}</Box>
      {error && <Alert severity="error">Impossible de charger les canaux. {describeError(error)}</Alert>}
      <Grid container spacing={2}>
        <Grid size={12}>
          <RankingTable title="Nos envois" file={`canaux-${period}-jours`} columns={OUTLET_COLUMNS} rows={data ? outletRows(data) : []} />
        </Grid>
      </Grid>
    </Box>
  );
}
