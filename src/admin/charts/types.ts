import type { DailyPoint } from '@/lib/database';

export interface ChartSeries {
  key: keyof Omit<DailyPoint, 'day'>;
  label: string;
  color: string;
}

export interface ViewsChartProps {
  data: DailyPoint[];
  series: ChartSeries[];
  kind: 'bar' | 'area';
  height: number;
  /** Read by screen readers: what the chart shows, over which period. */
  label: string;
}
