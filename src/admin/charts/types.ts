/** One day of the statistics functions' `daily` arrays ('2026-11-21' plus counts). */
export interface DailyPoint {
  day: string;
  page_views: number;
  article_views?: number;
}

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
