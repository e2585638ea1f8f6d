import ArticleIcon from '@mui/icons-material/Article';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ScheduleIcon from '@mui/icons-material/Schedule';
import PublishedIcon from '@mui/icons-material/TaskAlt';
import RateReviewIcon from '@mui/icons-material/RateReview';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Card, CardContent, CardHeader, Grid, useTheme } from '@mui/material';
import { Title } from 'react-admin';
import { ChartPlaceholder, LazyViewsChart } from '../charts/LazyViewsChart';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import { InboxCards } from './newsroomInbox';
import { PurgeAlert } from './purgeAlert';
import { QuickActions, TO_REVIEW_PATH } from './QuickActions';
import { StatCard } from './StatCard';
import { useDashboardStats } from './useDashboardStats';
import { useFlashNotification } from './useFlashNotification';
import { describeError } from '../providers/frenchErrors';

const CHART_HEIGHT = 240;

// Six figures, three to a row: the content column stays about 800 px wide even on a large screen,
// and six in one row broke « Programmés » and the view count into cut words.
const FIGURE = { xs: 12, sm: 6, md: 4 } as const;

/**
 * The dashboard (docs/product.md#dashboard): the figures, quick actions, and the last two weeks of
 * audience. On a phone the actions come first: a reporter opens it to write, not to read figures.
 */
export function Dashboard() {
  useFlashNotification();
  // The newsroom's figures for an administrator, a journalist's own for a journalist (useDashboardStats); the inbox cards count their own lists.
  const { data, error: failure } = useDashboardStats();
  const error = failure ? describeError(failure) : null;
  const theme = useTheme();
  const role = useNewsroomRole();
  const journalist = role === 'journalist';
  // null: the figure could not be read (the error is shown above); undefined: still loading.
  const figure = (n: number | undefined) => (error ? null : n);
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Tableau de bord" />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Impossible de charger les statistiques. {error}
        </Alert>
      )}
      {role === 'admin' && <PurgeAlert />}
      <Grid container spacing={2}>
        {/* The figures get a row of their own: 'grow' items share whatever else is in their row. */}
        <Grid size={12} container spacing={2}>
          <Grid size={FIGURE}>
            <StatCard
              icon={<ArticleIcon />}
              label="Total des articles"
              value={figure(data?.total_articles)}
              hint={journalist ? 'Les vôtres, signés de votre nom' : undefined}
            />
          </Grid>
          <Grid size={FIGURE}>
            <StatCard icon={<PublishedIcon />} label="Publiés" value={figure(data?.published)} hint="Visibles des lecteurs" />
          </Grid>
          <Grid size={FIGURE}>
            <StatCard icon={<ScheduleIcon />} label="Programmés" value={figure(data?.scheduled)} hint="En attente de leur heure" />
          </Grid>
          <Grid size={FIGURE}>
            <StatCard
              icon={<RateReviewIcon />}
              label="À relire"
              value={figure(data?.to_review)}
              hint={journalist ? 'Les vôtres, en attente de relecture' : 'Soumis par la rédaction'}
              link={{ to: TO_REVIEW_PATH, label: journalist ? 'Voir mes articles à relire' : 'Voir les articles à relire' }}
            />
          </Grid>
          <Grid size={FIGURE}>
            <StatCard icon={<EditNoteIcon />} label="Brouillons" value={figure(data?.drafts)} />
          </Grid>
          <Grid size={FIGURE}>
            <StatCard
              icon={<VisibilityIcon />}
              label="Vues totales"
              value={figure(data?.total_views)}
              hint={journalist ? 'Lectures de vos articles' : "Lectures d'articles"}
            />
          </Grid>
          {role === 'admin' && <InboxCards size={FIGURE} />}
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card component="section" aria-labelledby="dashboard-chart-title">
            <CardHeader
              id="dashboard-chart-title"
              title={journalist ? 'Pages vues du site, 14 derniers jours' : 'Pages vues des 14 derniers jours'}
              slotProps={{ title: { variant: 'h6', component: 'h2' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              {data?.daily ? (
                <LazyViewsChart
                  data={data.daily}
                  series={[{ key: 'page_views', label: 'Pages vues', color: theme.palette.primary.main }]}
                  kind="bar"
                  height={CHART_HEIGHT}
                  label="Pages vues par jour sur les 14 derniers jours"
                />
              ) : (
                <ChartPlaceholder height={CHART_HEIGHT} failed={Boolean(error)} />
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: -1, md: 0 } }}>
          <QuickActions />
        </Grid>
      </Grid>
    </Box>
  );
}
