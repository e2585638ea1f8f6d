import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNewsroomDataProvider } from '../providers/newsroomDataProvider';
import { logFailure } from '../providers/frenchErrors';
import type { Period } from './types';

/**
 * The audience of the chosen period (dataProvider.analyticsSummary). The previous period's figures
 * stay on screen while the next ones load, never after a failure; each period has its own cache
 * entry, so an answer that arrives late never shows under another period.
 */
export function useAnalyticsSummary(period: Period) {
  const dataProvider = useNewsroomDataProvider();
  return useQuery({
    queryKey: ['newsroom', 'analyticsSummary', period],
    queryFn: () => dataProvider.analyticsSummary(period).catch(logFailure('The audience figures could not be read')),
    placeholderData: keepPreviousData,
  });
}
