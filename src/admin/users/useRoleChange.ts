import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { useNewsroomDataProvider } from '../providers/newsroomDataProvider';
import { ROLE_TEXTS } from './roleNames';
import { describeRoleError, type DbError } from './roleErrors';
import type { GrantableRole } from './types';

interface RoleChange {
  userId: string;
  name: string;
  role: GrantableRole;
  granted: boolean;
}

/**
 * Grants or revokes a role (dataProvider.setRole). RLS lets only admins write user_roles and a
 * trigger keeps the last admin, so this hook only reports what the database decided, in French,
 * then refreshes the list.
 */
export function useRoleChange() {
  const dataProvider = useNewsroomDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const mutation = useMutation<void, DbError, RoleChange>({
    mutationFn: ({ userId, role, granted }) => dataProvider.setRole(userId, role, granted),
    onSuccess: (_, { name, role, granted }) => {
      const done = granted ? ROLE_TEXTS[role].granted(name) : ROLE_TEXTS[role].revoked(name);
      notify(done, { type: 'success', messageArgs: { _: done } });
    },
    onError: (error) => {
      console.error('Role change refused', error);
      const message = describeRoleError(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
    onSettled: () => refresh(),
  });

  /** Resolves true when the role was changed. */
  const change = (userId: string, name: string, role: GrantableRole, granted: boolean): Promise<boolean> =>
    mutation.mutateAsync({ userId, name, role, granted }).then(
      () => true,
      () => false,
    );
  return { change, busy: mutation.isPending };
}
