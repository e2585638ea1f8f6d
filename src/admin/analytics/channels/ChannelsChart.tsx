import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '@/lib/numbers';

/** Views per channel as bars. Only imported through lazy() (SourcesTab): recharts stays out of the screens' first load. */
export function ChannelsChart({ data, height, label }: { data: { name: string; views: number }[]; height: number; label: string }) {
  const theme = useTheme();
  return (
    <figure aria-label={label} style={{ margin: 0, height }} data-testid="channels-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke={theme.palette.divider} />
          <XAxis type="number" allowDecimals={false} fontSize={12} tickFormatter={(n: number) => formatCount(n)} />
          <YAxis type="category" dataKey="name" width={170} fontSize={12} />
          <Tooltip formatter={(value) => [formatCount(Number(value)), 'Vues']} />
          <Bar dataKey="views" name="Vues" fill={theme.palette.primary.main} radius={[0, 3, 3, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
