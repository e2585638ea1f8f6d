import { useQuery } from '@tanstack/react-query';
import { useGetIdentity } from 'react-admin';
import { useNewsroomDataProvider } from '../providers/newsroomDataProvider';
import { logFailure } from '../providers/frenchErrors';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import { OWN_ARTICLE_COLUMNS, ownFigures, type OwnArticle } from './ownFigures';

/** A journalist's own articles, all of them (a reporter's count, far below this). */
const OWN_ARTICLES_READ = 1000;

/**
 * The dashboard's figures, cached by react-query: the newsroom's (dataProvider.dashboardStats, one
 * database call) for an administrator; a journalist's own articles' (ownFigures) for a journalist.
 * Nothing is read until the role, and a journalist's account, are known.
 */
export function useDashboardStats() {
  const dataProvider = useNewsroomDataProvider();
  const role = useNewsroomRole();
  const { identity } = useGetIdentity();
  const authorId = role === 'journalist' ? identity?.id : undefined;
  return useQuery({
    queryKey: ['newsroom', 'dashboardStats', authorId ?? 'newsroom'],
    enabled: role === 'admin' || authorId !== undefined,
    queryFn: () => read().catch(logFailure('The dashboard figures could not be read')),
  });

  async function read() {
    const site = await dataProvider.dashboardStats();
    if (authorId === undefined) return site;
    const { data } = await dataProvider.getList<OwnArticle & { id: string }>('articles', {
      filter: { author_id: authorId },
      pagination: { page: 1, perPage: OWN_ARTICLES_READ },
      sort: { field: 'created_at', order: 'DESC' },
      meta: { columns: OWN_ARTICLE_COLUMNS },
    });
    return ownFigures(data, site);
  }
}
