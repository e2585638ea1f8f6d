import { Box, Chip } from '@mui/material';
import { BulkDeleteButton, DataTable, ExportButton, List, SearchInput, SimpleList, TopToolbar } from 'react-admin';
import { newsroomDate } from '../dates';
import { BackToDashboard } from '../layout/BackToDashboard';
import { ListEmpty } from '../layout/ListEmpty';
import { useSmallScreen } from '../layout/useSmallScreen';
import { exportSubscribers } from './exporter';
import { subscriptionLabel } from './status';
import type { Subscriber } from './types';

// A part of the address, case aside (ra-data-postgrest: email=ilike.*<words>*).
const filters = [<SearchInput key="q" source="email@ilike" placeholder="Rechercher par e-mail" alwaysOn />];

const nowrap = { whiteSpace: 'nowrap' } as const;

// The export takes every subscriber, not react-admin's default first 1,000.
const actions = (
  <TopToolbar>
    <ExportButton maxResults={100_000} />
  </TopToolbar>
);

/** The newsletter's subscribers, administrators only: search by address, export as CSV with each one's unsubscribe link. */
export function SubscriberList() {
  const small = useSmallScreen();
  const empty = <ListEmpty none="Aucun abonné pour le moment" noMatch="Aucun abonné ne correspond à cette recherche" />;
  return (
    <Box sx={{ pt: 2 }}>
      <BackToDashboard />
      <List<Subscriber>
        title="Abonnés à la newsletter"
        filters={filters}
        actions={actions}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        exporter={exportSubscribers}
        empty={false}
      >
        {small ? (
          <SimpleList<Subscriber>
            rowClick={false}
            primaryText={(r) => <span style={{ overflowWrap: 'anywhere' }}>{r.email}</span>}
            secondaryText={(r) => `${subscriptionLabel(r)} · inscrit le ${newsroomDate(r.created_at)}`}
            empty={empty}
          />
        ) : (
          <DataTable<Subscriber> rowClick={false} bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />} empty={empty}>
            <DataTable.Col<Subscriber> source="email" sx={{ wordBreak: 'break-all' }} />
            <DataTable.Col<Subscriber>
              source="status"
              label="resources.newsletter_subscribers.fields.status"
              render={(r) => <Chip size="small" color={r.status === 'confirmed' ? 'success' : 'default'} label={subscriptionLabel(r)} />}
              cellSx={() => nowrap}
            />
            <DataTable.Col<Subscriber>
              source="consented_at"
              render={(r) => (r.consented_at ? newsroomDate(r.consented_at) : '—')}
              cellSx={() => nowrap}
            />
            <DataTable.Col<Subscriber> source="created_at" render={(r) => newsroomDate(r.created_at)} cellSx={() => nowrap} />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
