import { Alert, Box, LinearProgress } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { describeError, logFailure } from '../../providers/frenchErrors';
import { PeriodSelector } from '../PeriodSelector';
import type { Period } from '../types';

interface PeriodQueryProps<T> {
  /** The query's name in the back office's cache, one entry per period. */
  name: string;
  read: (period: Period) => Promise<T>;
  /** What the tab is, in the loading bar's label and the French failure: « les sources ». */
  what: string;
  children: (data: T | undefined, period: Period, failed: boolean) => ReactNode;
}

/**
 * A channel tab over 7, 30 or 90 days: the period chosen, one database call per period, the
 * previous period's figures on screen while the next load (a thin bar says so), and the failure
 * said in French above them.
 */
export function PeriodQuery<T>({ name, read, what, children }: PeriodQueryProps<T>) {
  const [period, setPeriod] = useState<Period>(7);
  const { data, error, isFetching } = useQuery({
    queryKey: ['newsroom', name, period],
    queryFn: () => read(period).catch(logFailure(`${name} could not be read`)),
    placeholderData: keepPreviousData,
  });
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <PeriodSelector value={period} onChange={setPeriod} />
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && data && <LinearProgress aria-label={`Mise à jour de ${what}`} />}</Box>
      {error && (
        <Alert severity="error">
          Impossible de charger {what}. {describeError(error)}
        </Alert>
      )}
      {children(data, period, Boolean(error))}
    </Box>
  );
}
