import CategoryIcon from '@mui/icons-material/Category';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Card, CardContent, CardHeader, Grid, LinearProgress, Stack, Tab, Tabs, useTheme } from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { ChartPlaceholder, LazyViewsChart } from '../charts/LazyViewsChart';
import { StatCard } from '../dashboard/StatCard';
import { BackToDashboard } from '../layout/BackToDashboard';
import { PeriodSelector } from './PeriodSelector';
import { RankingTable } from './RankingTable';
import type { Period } from './types';
import { useAnalyticsSummary } from './useAnalyticsSummary';
import { describeError } from '../providers/frenchErrors';
import { NowTab } from './channels/NowTab';
import { OutletsTab } from './channels/OutletsTab';
import { SourcesTab } from './channels/SourcesTab';

const CHART_HEIGHT = 280;

const TABS = [
  { label: "Vue d'ensemble", panel: Overview },
  { label: 'En ce moment', panel: NowTab },
  { label: 'Sources', panel: SourcesTab },
  { label: 'Canaux', panel: OutletsTab },
] as const;

/** « Statistiques » (docs/product.md#analytics): each view a tab; only the chosen one asks the database. */
export function AnalyticsPage() {
  const [tab, setTab] = useState(0);
  const Panel = TABS[tab]!.panel;
  return (
    // react-admin's layout grows to its content's widest line (`min-width: fit-content`): the
    // screen takes the window's width instead, so the tabs scroll, the charts fit and the tables
    // scroll inside their cards rather than the page sideways on a phone.
    <Box sx={{ py: 2, contain: 'inline-size' }}>
      <Title title="Statistiques d'audience" />
      {/* Scrollable: the four tabs are wider than a 360 px phone. */}
      <Tabs
        value={tab}
        onChange={(_, t: number) => setTab(t)}
        aria-label="Vues des statistiques"
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TABS.map((t, i) => (
          <Tab key={t.label} label={t.label} id={`statistiques-onglet-${i}`} aria-controls={`statistiques-panneau-${i}`} />
        ))}
      </Tabs>
      <div role="tabpanel" id={`statistiques-panneau-${tab}`} aria-labelledby={`statistiques-onglet-${tab}`}>
        <Panel />
      </div>
    </Box>
  );
}

/** The audience of the last 7, 30 or 90 days, computed by the database in one call. */
function Overview() {
  const [period, setPeriod] = useState<Period>(7);
  const { data, error: failure, isFetching: loading } = useAnalyticsSummary(period);
  const error = failure ? describeError(failure) : null;
  const theme = useTheme();
  const figure = (n: number | undefined) => (error ? null : n);
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <BackToDashboard />
        <PeriodSelector value={period} onChange={setPeriod} />
      </Stack>
      {/* The previous period's figures stay visible while the next ones load: a thin bar says so. */}
      <Box sx={{ height: 4, mb: 1 }}>{loading && data && <LinearProgress aria-label="Mise à jour des statistiques" />}</Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Impossible de charger les statistiques. {error}
        </Alert>
      )}
      <Grid container spacing={2} aria-busy={loading}>
        <Grid size={{ xs: 12, md: 4 }}>
          <StatCard
            icon={<VisibilityIcon />}
            label="Vues totales"
            value={figure(data?.total_page_views)}
            hint="Pages vues sur la période"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <StatCard
            icon={<TrendingUpIcon />}
            label="Articles lus"
            value={figure(data?.popular_articles)}
            hint="Lus au moins une fois sur la période"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <StatCard
            icon={<CategoryIcon />}
            label="Catégories actives"
            value={figure(data?.active_categories)}
            hint="Avec des articles publiés"
          />
        </Grid>
        <Grid size={12}>
          <Card component="section" aria-labelledby="analytics-chart-title">
            <CardHeader id="analytics-chart-title" title="Vues par jour" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
            <CardContent sx={{ pt: 0 }}>
              {data?.daily ? (
                <LazyViewsChart
                  data={data.daily}
                  series={[
                    { key: 'page_views', label: 'Pages vues', color: theme.palette.primary.main },
                    { key: 'article_views', label: "Lectures d'articles", color: theme.palette.secondary.main },
                  ]}
                  kind="area"
                  height={CHART_HEIGHT}
                  label={`Vues par jour sur les ${data.period_days} derniers jours`}
                />
              ) : (
                <ChartPlaceholder height={CHART_HEIGHT} failed={Boolean(error)} />
              )}
            </CardContent>
          </Card>
        </Grid>
        {data && (
          <>
            <Grid size={{ xs: 12, md: 6 }}>
              <RankingTable
                title="Articles les plus vus"
                file={`articles-${data.period_days}-jours`}
                columns={['Article', 'Vues']}
                rows={data.top_articles.map((a) => ({ key: a.id, cells: [a.title, a.views], to: `/articles/${a.id}` }))}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RankingTable
                title="Catégories les plus populaires"
                file={`categories-${data.period_days}-jours`}
                columns={['Catégorie', 'Articles', 'Vues totales']}
                rows={data.categories.map((c) => ({ key: c.id, cells: [c.name, c.articles, c.views], to: `/categories/${c.id}` }))}
              />
            </Grid>
          </>
        )}
      </Grid>
    </Box>
  );
}
