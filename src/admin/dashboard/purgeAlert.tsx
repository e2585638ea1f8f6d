import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNewsroomDataProvider } from '../providers/newsroomDataProvider';
import { purgeLine } from './purgeLine';

/** How often the dashboard asks again: a CDN failing starts showing within this. */
const REFRESH_MS = 30_000;

/** For administrators only (purge_status refuses anyone else). */
export function PurgeAlert() {
  const dataProvider = useNewsroomDataProvider();
  const { data } = useQuery({
    queryKey: ['newsroom', 'purgeStatus'],
    queryFn: () => dataProvider.purgeStatus(),
    refetchInterval: REFRESH_MS,
  });
  const line = purgeLine(data);
  return line ? (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {line}
    </Alert>
  ) : null;
}
