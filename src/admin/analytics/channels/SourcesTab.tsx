import { Card, CardContent, Grid } from '@mui/material';
import { lazy, Suspense } from 'react';
import { CHANNEL_LABELS } from '@/lib/channels';
import { ChartPlaceholder } from '../../charts/LazyViewsChart';
import { useNewsroomDataProvider } from '../../providers/newsroomDataProvider';
import { RankingTable } from '../RankingTable';
import { CHANNEL_COLUMNS, channelRows } from './channelRows';
import { PeriodQuery } from './PeriodQuery';

const ChannelsChart = lazy(() => import('./ChannelsChart').then((m) => ({ default: m.ChannelsChart })));
const CHART_HEIGHT = 320;

/** « Sources »: where the period's article views came from, and how each channel's readers read. */
export function SourcesTab() {
  const dataProvider = useNewsroomDataProvider();
  return (
    <PeriodQuery name="channelSources" read={(days) => dataProvider.channelSources(days)} what="les sources">
      {(data, period, failed) => (
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
                  <ChartPlaceholder height={CHART_HEIGHT} failed={failed} />
                )}
              </CardContent>
            </Card>
          </Grid>
          <Grid size={12}>
            <RankingTable
              title="Canaux"
              file={`sources-${period}-jours`}
              columns={CHANNEL_COLUMNS}
              rows={data ? channelRows(data).map((cells) => ({ key: cells[0]!, cells })) : []}
            />
          </Grid>
        </Grid>
      )}
    </PeriodQuery>
  );
}
