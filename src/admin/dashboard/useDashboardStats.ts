import { useQuery } from '@tanstack/react-query';
import { useNewsroomDataProvider } from '../providers/newsroomDataProvider';
import { logFailure } from '../providers/frenchErrors';

/** The dashboard's figures, one database call (dataProvider.dashboardStats), cached by react-query. */
export function useDashboardStats() {
  const dataProvider = useNewsroomDataProvider();
  return useQuery({
    queryKey: ['newsroom', 'dashboardStats'],
    queryFn: () => dataProvider.dashboardStats().catch(logFailure('The dashboard figures could not be read')),
  });
}
