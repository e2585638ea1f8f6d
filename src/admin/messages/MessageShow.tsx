import { Stack, Typography } from '@mui/material';
import {
  DateField,
  DeleteButton,
  EmailField,
  Labeled,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  WithRecord,
} from 'react-admin';
import { HandledChip } from './HandledChip';
import { MarkHandledButton } from './MarkHandledButton';
import type { ContactMessage } from './types';

function MessageActions() {
  return (
    <TopToolbar>
      <ListButton />
      <MarkHandledButton />
      <DeleteButton mutationMode="pessimistic" />
    </TopToolbar>
  );
}

/** One reader's message, whole, with who sent it and when; marked handled or deleted from here. */
export function MessageShow() {
  return (
    <Show<ContactMessage> actions={<MessageActions />} title="Message d'un lecteur">
      <SimpleShowLayout>
        <WithRecord<ContactMessage>
          label="resources.contact_messages.fields.handled"
          render={(record) => (
            <Stack direction="row">
              <HandledChip record={record} />
            </Stack>
          )}
        />
        <TextField source="name" />
        <EmailField source="email" />
        <DateField source="created_at" showTime locales="fr-FR" />
        <Labeled label="resources.contact_messages.fields.message">
          <WithRecord<ContactMessage>
            render={(record) => (
              <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {record.message}
              </Typography>
            )}
          />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
