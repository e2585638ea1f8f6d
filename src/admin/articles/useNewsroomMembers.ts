import { useGetList } from 'react-admin';
import { NEWSROOM_FILTER, type BylineMember } from './byline';

const MEMBER_COLUMNS = ['id', 'user_id', 'full_name', 'email'];

/**
 * The newsroom's members from the accounts view, which answers administrators only (`enabled`
 * false for a journalist: no call the database would refuse). A newsroom is a few dozen people:
 * one read, shared by the byline choice, the list's author column and its author filter.
 */
export function useNewsroomMembers(enabled = true) {
  return useGetList<BylineMember & { id: string }>(
    'accounts',
    {
      filter: NEWSROOM_FILTER,
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'full_name', order: 'ASC' },
      meta: { columns: MEMBER_COLUMNS },
    },
    { enabled },
  );
}
