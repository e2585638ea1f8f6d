import { Box, Typography } from '@mui/material';
import { DataTable, List, SearchInput, useListContext } from 'react-admin';
import { formatShortDate } from '@/lib/dates';
import { BackToDashboard } from '../layout/BackToDashboard';
import { BioCell, NameCell, RoleBadge } from './cells';
import { RoleToggleButton } from './RoleToggleButton';
import type { Profile } from './types';

// Every word typed must be in the name, in any order: the data provider turns `q` into one filter (nameSearch.ts).
const filters = [<SearchInput key="q" source="q" placeholder="Rechercher par nom" alwaysOn />];

const nowrap = { whiteSpace: 'nowrap' } as const;

// Each profile with its roles in the same request (FK user_roles → profiles.user_id).
const queryOptions = { meta: { columns: ['*', 'user_roles(role)'] } };

/** Nobody registered yet, or nobody matching the search: the two deserve different words. */
function Empty() {
  const { filterValues } = useListContext();
  const searching = Object.keys(filterValues).length > 0;
  return (
    <Typography color="text.secondary" sx={{ p: 3 }}>
      {searching ? 'Aucun utilisateur ne correspond à cette recherche' : 'Aucun utilisateur inscrit'}
    </Typography>
  );
}

/** The users screen (docs/product.md#users): every account with its role; admins grant and revoke the admin role here. */
export function UserList() {
  return (
    <Box sx={{ pt: 2 }}>
      <BackToDashboard />
      <List<Profile>
        title="Gestion des utilisateurs"
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        queryOptions={queryOptions}
        exporter={false}
        empty={false}
      >
        <DataTable<Profile> rowClick={false} bulkActionButtons={false} empty={<Empty />}>
          <DataTable.Col<Profile> source="full_name" render={(r) => <NameCell record={r} />} sx={{ minWidth: 180 }} />
          <DataTable.Col<Profile> label="resources.profiles.fields.role" disableSort render={(r) => <RoleBadge record={r} />} sx={nowrap} />
          <DataTable.Col<Profile> source="created_at" render={(r) => formatShortDate(r.created_at)} cellSx={() => nowrap} />
          <DataTable.Col<Profile> source="bio" disableSort render={(r) => <BioCell record={r} />} sx={{ minWidth: 220 }} />
          <DataTable.Col<Profile> label="newsroom.actions" disableSort render={(r) => <RoleToggleButton record={r} />} align="right" />
        </DataTable>
      </List>
    </Box>
  );
}
