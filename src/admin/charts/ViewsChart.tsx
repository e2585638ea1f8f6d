import { useTheme } from '@mui/material';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ViewsChartProps } from './types';
import { formatCount } from '@/lib/numbers';

// The database answers with calendar days ('2026-11-21', UTC): format them in UTC so a browser
// west of Greenwich does not show the day before.
const dayMonth = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const asDate = (day: unknown) => new Date(`${String(day)}T00:00:00Z`);

/**
 * Views per day. Only ever imported through LazyViewsChart, so recharts stays in its own chunk
 * and the rest of the back office does not wait for it.
 */
export function ViewsChart({ data, series, kind, height, label }: ViewsChartProps) {
  const theme = useTheme();
  const Chart = kind === 'bar' ? BarChart : AreaChart;
  return (
    <figure aria-label={label} style={{ margin: 0, height }} data-testid="views-chart">
      <ResponsiveContainer width="100%" height="100%">
        <Chart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="day" tickFormatter={(d) => dayMonth.format(asDate(d))} fontSize={12} minTickGap={16} />
          <YAxis allowDecimals={false} fontSize={12} width={40} tickFormatter={(n: number) => formatCount(n)} />
          <Tooltip labelFormatter={(d) => longDay.format(asDate(d))} formatter={(value, name) => [formatCount(Number(value)), name]} />
          {series.length > 1 && <Legend />}
          {series.map((s) =>
            kind === 'bar' ? (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            ) : (
              <Area
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                fill={s.color}
                fillOpacity={0.15}
                isAnimationActive={false}
              />
            ),
          )}
        </Chart>
      </ResponsiveContainer>
    </figure>
  );
}
