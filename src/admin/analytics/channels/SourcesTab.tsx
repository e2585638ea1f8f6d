import { Alert, Box, Card, CardContent, Grid, LinearProgress } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { CHANNEL_LABELS } from '@/lib/channels';
import { ChartPlaceholder } from '../../charts/LazyViewsChart';
import { describeError, logFailure } from '../../providers/frenchErrors';
import { useNewsroomDataProvider } from '../../providers/newsroomDataProvider';
import { PeriodSelector } from '../PeriodSelector';
import type { Period } from '../types';
import { CHANNEL_COLUMNS, channelRows } from './channelRows';
import { RankingTable } from '../RankingTable';

const ChannelsChart = lazy(() => import('./ChannelsChart').then((m) => ({ default: m.ChannelsChart })));
const CHART_HEIGHT = 320;

/** « Sources »: where the period's article views came from, and how each channel's readers read. */
export function SourcesTab() {
  const [period, setPeriod] = useState<Period>(7);
  const dataProvider = useNewsroomDataProvider();
  const { data, error, isFetching } = useQuery({
    queryKey: ['newsroom', 'channelSources', period],
    queryFn: () => dataProvider.channelSources(period).catch(logFailure('The channel figures could not be read')),
    placeholderData: keepPreviousData,
  });
  const rows = data ? channelRows(data).map((cells) => ({ key: cells[0]!, cells })) : [];
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <PeriodSelector value={period} onChange={setPeriod} />
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && data && <LinearProgress aria-label="Mise à jour des sources" />}</Box>
      {error && <Alert severity="error">Impossible de charger les sources. {describeError(error)}</Alert>}
      <Grid container spacing={2}>
        <Grid size={12}>
          <Card>
            <CardContent>
              {data ? (
                <Suspense fallback={<ChartPlaceholder height={CHART_HEIGHT} />}>
                  <ChannelsChart
                    data={[...data].sort((a, b) => b.views - a.views).map((f) => ({ name: CHANNEL_LABELS[f.channel], views: f.views }))}
                    height={CHART_HEIGHT}
                    label={`Vues d'articles par canal sur les ${period} derniers jours`}
                  />
                </Suspense>
              ) : (
                <ChartPlaceholder height={CHART_HEIGHT} failed={Boolean(error)} />
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <RankingTable title="Canaux" file={`sources-${period}-jours`} columns={CHANNEL_COLUMNS} rows={rows} />
        </Grid>
      </Grid>
    </Box>
  );
}
