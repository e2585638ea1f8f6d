import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { ViewsChartProps } from './types';

// recharts is the heaviest part of the statistics screens: it is fetched only when a chart is shown.
const ViewsChart = lazy(() => import('./ViewsChart').then((m) => ({ default: m.ViewsChart })));

/** A box of the chart's height while the chart (or its data) is on its way, so the page does not jump. */
export function ChartPlaceholder({ height, failed = false }: { height: number; failed?: boolean }) {
  return (
    <Box role="status" sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
      {failed ? 'Graphique indisponible' : 'Chargement...'}
    </Box>
  );
}

export function LazyViewsChart(props: ViewsChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder height={props.height} />}>
      <ViewsChart {...props} />
    </Suspense>
  );
}
