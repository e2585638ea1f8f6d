import { Box, Stack } from '@mui/material';
import { DataTable, List, SearchInput } from 'react-admin';
import { formatShortDate } from '@/lib/dates';
import { useErrorNotify } from '../articles/notify';
import { BackToDashboard } from '../layout/BackToDashboard';
import { ListEmpty } from '../layout/ListEmpty';
import { NameCell, RoleBadges } from './cells';
import { RoleToggleButton } from './RoleToggleButton';
import type { Account } from './types';

// Name or e-mail, accents and case aside, every word in any order: the data provider turns `q` into search_key filters (accountSearch.ts).
const filters = [<SearchInput key="q" source="q" placeholder="Rechercher par nom ou e-mail" alwaysOn />];

const nowrap = { whiteSpace: 'nowrap' } as const;

// What the screen shows; search_key stays in the database.
const queryOptions = { meta: { columns: ['id', 'user_id', 'email', 'full_name', 'avatar_url', 'roles', 'created_at'] } };

/**
 * The users screen (docs/product.md#users), administrators only (the accounts view refuses
 * anyone else): every account with its e-mail and roles; administrators grant and revoke the
 * Administrateur and Journaliste roles here.
 */
export function UserList() {
  const notifyError = useErrorNotify();
  return (
    <Box sx={{ pt: 2 }}>
      <BackToDashboard />
      <List<Account>
        title="Gestion des utilisateurs"
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        queryOptions={{
          ...queryOptions,
          onError: (error) => notifyError(error, { failed: 'Impossible de charger les comptes', topic: 'account' }),
        }}
        exporter={false}
        empty={false}
      >
        <DataTable<Account>
          rowClick={false}
          bulkActionButtons={false}
          empty={<ListEmpty none="Aucun utilisateur inscrit" noMatch="Aucun utilisateur ne correspond à cette recherche" />}
        >
          <DataTable.Col<Account> source="full_name" render={(r) => <NameCell record={r} />} sx={{ minWidth: 180 }} />
          <DataTable.Col<Account> source="email" sx={{ wordBreak: 'break-all' }} />
          <DataTable.Col<Account> source="roles" disableSort render={(r) => <RoleBadges record={r} />} sx={nowrap} />
          <DataTable.Col<Account> source="created_at" render={(r) => formatShortDate(r.created_at)} cellSx={() => nowrap} />
          <DataTable.Col<Account>
            label="newsroom.actions"
            disableSort
            align="right"
            render={(r) => (
              <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                <RoleToggleButton record={r} newsroomRole="journalist" />
                <RoleToggleButton record={r} newsroomRole="admin" />
              </Stack>
            )}
          />
        </DataTable>
      </List>
    </Box>
  );
}
