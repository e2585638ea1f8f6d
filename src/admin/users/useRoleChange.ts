import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { useNewsroomDataProvider } from '../providers/dataProvider';
import { describeRoleError, type DbError } from './roleErrors';

interface RoleChange {
  userId: string;
  name: string;
  makeAdmin: boolean;
}

/**
 * Grants or revokes the admin role (dataProvider.setAdminRole). RLS lets only admins write
 * user_roles and a trigger keeps the last admin, so this hook only reports what the database
 * decided, in French, then refreshes the list.
 */
export function useRoleChange() {
  const dataProvider = useNewsroomDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const mutation = useMutation<void, DbError, RoleChange>({
    mutationFn: ({ userId, makeAdmin }) => dataProvider.setAdminRole(userId, makeAdmin),
    onSuccess: (_, { name, makeAdmin }) => {
      const done = makeAdmin ? `${name} est désormais administrateur.` : `${name} n'est plus administrateur.`;
      notify(done, { type: 'success', messageArgs: { _: done } });
    },
    onError: (error) => {
      const message = describeRoleError(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
    onSettled: () => refresh(),
  });

  /** Resolves true when the role was changed. */
  const change = (userId: string, name: string, makeAdmin: boolean): Promise<boolean> =>
    mutation.mutateAsync({ userId, name, makeAdmin }).then(
      () => true,
      () => false,
    );
  return { change, busy: mutation.isPending };
}
