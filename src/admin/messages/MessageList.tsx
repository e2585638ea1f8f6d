import { Box, Typography } from '@mui/material';
import { BulkDeleteButton, DataTable, List, SimpleList } from 'react-admin';
import { newsroomDate } from '../dates';
import { BackToDashboard } from '../layout/BackToDashboard';
import { useSmallScreen } from '../layout/useSmallScreen';
import { HandledChip } from './HandledChip';
import { MarkHandledButton } from './MarkHandledButton';
import type { ContactMessage } from './types';

const nowrap = { whiteSpace: 'nowrap' } as const;

// ra-data-postgrest writes `<field>.<direction>` into PostgREST's `order`: this field becomes
// order=handled.asc,created_at.desc, the messages to handle first, newest first within each.
const INBOX_ORDER = { field: 'handled.asc,created_at', order: 'DESC' } as const;

/** A message's first words, on one line: the whole text is on its page. */
const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}…` : text);

/** The readers' messages (contact form), administrators only: to handle first, then the rest. */
export function MessageList() {
  const small = useSmallScreen();
  const empty = (
    <Typography color="text.secondary" sx={{ p: 3 }}>
      Aucun message reçu
    </Typography>
  );
  return (
    <Box sx={{ pt: 2 }}>
      <BackToDashboard />
      <List<ContactMessage> title="Messages des lecteurs" sort={INBOX_ORDER} perPage={25} exporter={false} empty={false}>
        {small ? (
          // A phone: who wrote, when, and the message's first words; the row opens the message.
          <SimpleList<ContactMessage>
            rowClick="show"
            primaryText={(r) => r.name}
            tertiaryText={(r) => newsroomDate(r.created_at)}
            secondaryText={(r) => (r.handled ? excerpt(r.message) : `À traiter · ${excerpt(r.message)}`)}
            rowSx={(r) => ({ fontWeight: r.handled ? undefined : 600 })}
            empty={empty}
          />
        ) : (
          <DataTable<ContactMessage>
            rowClick="show"
            bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}
            empty={empty}
            rowSx={(r) => ({ '& td': { fontWeight: r.handled ? undefined : 600 } })}
          >
            <DataTable.Col<ContactMessage> source="handled" disableSort render={(r) => <HandledChip record={r} />} cellSx={() => nowrap} />
            <DataTable.Col<ContactMessage> source="name" disableSort />
            <DataTable.Col<ContactMessage> source="email" disableSort sx={{ wordBreak: 'break-all' }} />
            <DataTable.Col<ContactMessage> source="message" disableSort render={(r) => excerpt(r.message)} />
            <DataTable.Col<ContactMessage> source="created_at" render={(r) => newsroomDate(r.created_at)} cellSx={() => nowrap} />
            <DataTable.Col<ContactMessage> label="newsroom.actions" disableSort align="right" render={() => <MarkHandledButton />} />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
