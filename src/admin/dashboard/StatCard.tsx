import { Box, Card, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCount } from '@/lib/numbers';

interface StatCardProps {
  icon: ReactNode;
  label: string;
  /** undefined while loading (a skeleton of the same height keeps the grid still); null if unavailable. */
  value: number | null | undefined;
  hint?: string;
  /** A link under the figure to the articles it counts (a path of the back office's router). */
  link?: { to: string; label: string };
}

/** One figure with its label, in the manner of react-admin's demo dashboard cards. */
export function StatCard({ icon, label, value, hint, link }: StatCardProps) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, height: '100%' }}>
      <Box sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 40 } }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography id={id} variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" data-testid="stat-value" sx={{ fontWeight: 600 }}>
          {value === undefined ? <Skeleton width={64} /> : value === null ? '—' : formatCount(value)}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
        {link && (
          <MuiLink component={Link} to={link.to} variant="body2" sx={{ display: 'block' }}>
            {link.label}
          </MuiLink>
        )}
      </Box>
    </Card>
  );
}
