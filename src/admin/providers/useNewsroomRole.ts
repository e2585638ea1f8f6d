import { usePermissions } from 'react-admin';
import type { NewsroomRole } from '@/lib/roles';

/** The signed-in member's role (react-admin's permissions, authProvider.getPermissions); undefined while it is read. */
export function useNewsroomRole(): NewsroomRole | undefined {
  const { permissions } = usePermissions<NewsroomRole | undefined>();
  return permissions;
}
