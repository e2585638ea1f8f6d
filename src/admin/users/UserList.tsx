import { Box, Stack } from '@mui/material';
import { DataTable, List, SearchInput, SimpleList } from 'react-admin';
import { newsroomDate } from '../dates';
import { useErrorNotify } from '../articles/notify';
import { BackToDashboard } from '../layout/BackToDashboard';
import { ListEmpty } from '../layout/ListEmpty';
import { useSmallScreen } from '../layout/useSmallScreen';
import { BioCell } from './BioCell';
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
  const small = useSmallScreen();
  const empty = <ListEmpty none="Aucun utilisateur inscrit" noMatch="Aucun utilisateur ne correspond à cette recherche" />;
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
        {small ? (
          // A phone: one column, the role buttons under each account's name and e-mail.
          <SimpleList<Account>
            rowClick={false}
            primaryText={(r) => <NameCell record={r} />}
            secondaryText={(r) => (
              <Stack component="span" spacing={0.5} sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                <span>{r.email}</span>
                <RoleBadges record={r} />
                <span>Inscrit le {newsroomDate(r.created_at)}</span>
                <BioCell />
                <RoleButtons record={r} />
              </Stack>
            )}
            empty={empty}
          />
        ) : (
          <DataTable<Account> rowClick={false} bulkActionButtons={false} empty={empty}>
            <DataTable.Col<Account> source="full_name" render={(r) => <NameCell record={r} />} sx={{ minWidth: 180 }} />
            <DataTable.Col<Account> source="email" sx={{ wordBreak: 'break-all' }} />
            <DataTable.Col<Account> source="roles" disableSort render={(r) => <RoleBadges record={r} />} sx={nowrap} />
            <DataTable.Col<Account> source="created_at" render={(r) => newsroomDate(r.created_at)} cellSx={() => nowrap} />
            <DataTable.Col<Account> source="bio" disableSort render={() => <BioCell />} sx={{ maxWidth: 240 }} />
            <DataTable.Col<Account> label="newsroom.actions" disableSort align="right" render={(r) => <RoleButtons record={r} />} />
          </DataTable>
        )}
      </List>
    </Box>
  );
}

/** Grant or revoke Journaliste and Administrateur: icons, each with its tooltip and accessible name. */
function RoleButtons({ record }: { record: Account }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <RoleToggleButton record={record} newsroomRole="journalist" />
      <RoleToggleButton record={record} newsroomRole="admin" />
    </Stack>
  );
}
