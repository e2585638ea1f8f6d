import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { Button, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { useErrorNotify } from '../articles/notify';
import type { ContactMessage } from './types';

/**
 * « Marquer comme traité », or back « à traiter »: only the flag is sent, the database stamps
 * when (contact_messages.handled_at). Waits for the database before the list changes.
 */
export function MarkHandledButton() {
  const record = useRecordContext<ContactMessage>();
  const notify = useNotify();
  const notifyError = useErrorNotify();
  const [update, { isPending }] = useUpdate<ContactMessage>();
  if (!record) return null;
  const handled = !record.handled;
  // react-admin's mutate hands a failure to onError; without returnPromise its promise never rejects.
  const toggle = () =>
    void update(
      'contact_messages',
      { id: record.id, data: { handled }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(handled ? 'Message marqué comme traité' : 'Message remis à traiter', { type: 'success' }),
        onError: (error) => notifyError(error, { failed: 'Impossible de modifier le message' }),
      },
    );
  return (
    <Button
      label={handled ? 'Marquer comme traité' : 'Remettre à traiter'}
      onClick={(e) => {
        // In a list row, the click is the button's, not the row's (which opens the message).
        e.stopPropagation();
        toggle();
      }}
      disabled={isPending}
    >
      {handled ? <MarkEmailReadIcon /> : <MarkEmailUnreadIcon />}
    </Button>
  );
}
