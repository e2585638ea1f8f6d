import { Box, Chip } from '@mui/material';
import { DataTable, List, SelectInput } from 'react-admin';
import { newsroomDate } from '../dates';
import { BackToDashboard } from '../layout/BackToDashboard';
import { RUMOUR_STATUSES, rumourStatusLabel, type RumourReport } from './status';

const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 140)}…` : text);
const filters = [<SelectInput key="status" source="status" label="Statut" choices={[...RUMOUR_STATUSES]} alwaysOn />];

/** « Rumeurs signalées »: the readers' reports, the new ones first, newest first; a row opens the report. */
export function RumourList() {
  return (
    <Box sx={{ pt: 2 }}>
      <BackToDashboard />
      <List<RumourReport>
        title="Rumeurs signalées"
        sort={{ field: 'created_at', order: 'DESC' }}
        filters={filters}
        perPage={25}
        exporter={false}
      >
        <DataTable<RumourReport> rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col<RumourReport> source="status" render={(r) => <Chip size="small" label={rumourStatusLabel(r.status)} />} />
          <DataTable.Col<RumourReport> source="body" disableSort render={(r) => excerpt(r.body)} />
          <DataTable.Col<RumourReport> source="link" disableSort sx={{ wordBreak: 'break-all' }} />
          <DataTable.Col<RumourReport> source="created_at" render={(r) => newsroomDate(r.created_at)} />
        </DataTable>
      </List>
    </Box>
  );
}
