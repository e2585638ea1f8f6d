import { Alert, Box, Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { CHANNEL_LABELS } from '@/lib/channels';
import type { ChannelsNow } from '@/lib/database';
import { formatCount } from '@/lib/numbers';
import { StatCard } from '../../dashboard/StatCard';
import { describeError, logFailure } from '../../providers/frenchErrors';
import { useNewsroomDataProvider } from '../../providers/newsroomDataProvider';
import { formatDuration } from './channelRows';
import { RankingTable } from '../RankingTable';
import VisibilityIcon from '@mui/icons-material/Visibility';

/** Asked again this often while the tab is open. */
const REFRESH_MS = 30_000;

type Channels = ChannelsNow['channels'];

/** « WhatsApp 12 (1 min 40) · Direct 3 »: each channel's views, with its average engaged time once readings came in. */
export const channelsText = (channels: Channels) =>
  channels
    .map(
      (c) =>
        `${CHANNEL_LABELS[c.channel]} ${formatCount(c.views)}${c.readings > 0 ? ` (${formatDuration(c.engaged_seconds / c.readings)})` : ''}`,
    )
    .join(' · ');

/** « En ce moment »: the last 5 minutes' article views, their channels and the most read articles. */
export function NowTab() {
  const dataProvider = useNewsroomDataProvider();
  const { data, error } = useQuery({
    queryKey: ['newsroom', 'channelsNow'],
    queryFn: () => dataProvider.channelsNow().catch(logFailure('The last minutes could not be read')),
    refetchInterval: REFRESH_MS,
  });
  const articles = data?.articles ?? [];
  return (
    <Box>
      {error && <Alert severity="error">Impossible de charger les dernières minutes. {describeError(error)}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <StatCard
            icon={<VisibilityIcon />}
            label="Lectures en cours"
            value={data?.views}
            hint="Vues d'articles des 5 dernières minutes"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <RankingTable
            title="Par canal"
            file="en-ce-moment-canaux"
            columns={['Canal', 'Vues', 'Temps moyen']}
            rows={(data?.channels ?? []).map((c) => ({
              key: c.channel,
              cells: [CHANNEL_LABELS[c.channel], c.views, c.readings > 0 ? formatDuration(c.engaged_seconds / c.readings) : '—'],
            }))}
          />
        </Grid>
        <Grid size={12}>
          <RankingTable
            title="Articles les plus lus"
            file="en-ce-moment-articles"
            columns={['Article', 'Vues', 'Canaux (temps moyen)']}
            rows={articles.map((a) => ({ key: a.id, cells: [a.title, a.views, channelsText(a.channels)], to: `/articles/${a.id}` }))}
          />
        </Grid>
      </Grid>
    </Box>
  );
}
