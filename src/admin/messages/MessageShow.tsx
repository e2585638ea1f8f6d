import { DateField, DeleteButton, EmailField, FunctionField, ListButton, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
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
        <FunctionField<ContactMessage> source="handled" render={(record) => <HandledChip record={record} />} />
        <TextField source="name" />
        <EmailField source="email" />
        <DateField source="created_at" showTime locales="fr-FR" />
        {/* The reader's line breaks kept; a long word or link wraps instead of widening the page. */}
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
      </SimpleShowLayout>
    </Show>
  );
}
