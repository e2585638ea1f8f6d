import { useState } from 'react';
import { Confirm } from 'react-admin';
import { EditEntryDialog } from './EditEntryDialog';
import { EntryAction, EntryCard } from './EntryCard';
import { WAITING_FOR_NETWORK } from './liveMessages';
import type { OutboxItem } from './outbox';

/**
 * An entry still on the phone: « En attente de réseau » while the network is away (it goes by
 * itself when it returns), or the server's refusal, for the journalist to edit and send again
 * (« Reprendre ») or drop (« Abandonner »): a refused entry is never sent again by itself.
 */
export function OutboxEntry({
  item,
  timeZone,
  onResend,
  onDrop,
}: {
  item: OutboxItem;
  timeZone: string;
  onResend: (item: OutboxItem, body: string) => Promise<void>;
  onDrop: (id: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [dropping, setDropping] = useState(false);
  return (
    <EntryCard
      time={item.queuedAt}
      timeZone={timeZone}
      body={item.body}
      image={item.imageUrl ? { url: item.imageUrl, alt: item.imageAlt } : null}
      status={
        item.refusal ? { text: `Refusée : ${item.refusal}`, color: 'error.main' } : { text: WAITING_FOR_NETWORK, color: 'warning.main' }
      }
      actions={
        item.refusal && (
          <>
            <EntryAction onClick={() => setEditing(true)}>Reprendre</EntryAction>
            <EntryAction color="error" onClick={() => setDropping(true)}>
              Abandonner
            </EntryAction>
            {editing && (
              <EditEntryDialog
                body={item.body}
                outbox
                onClose={() => setEditing(false)}
                onSave={({ body }) => onResend(item, body).then(() => true)}
              />
            )}
            <Confirm
              isOpen={dropping}
              title="Abandonner l'entrée ?"
              content="Elle n'a pas été publiée : son texte sera perdu."
              confirm="Abandonner"
              cancel="Annuler"
              onConfirm={() => (setDropping(false), onDrop(item.id))}
              onClose={() => setDropping(false)}
            />
          </>
        )
      }
    />
  );
}
