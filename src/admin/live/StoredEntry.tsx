import { useState } from 'react';
import { Confirm } from 'react-admin';
import { liveEntryAnchor } from '@/lib/live';
import { EntryAlertButton } from './EntryAlertButton';
import { EntryAction, EntryCard } from './EntryCard';
import { EditEntryDialog, type EntryChange } from './EditEntryDialog';
import type { EntryRow } from './types';

export interface EntryPowers {
  /** An administrator: marks key events, pins, and changes anyone's entry. */
  admin: boolean;
  /** The signed-in member's id: a journalist changes their own entries. */
  userId: string | undefined;
  /** The article readers see now, with its title (an alert needs both). */
  alertable: { articleId: string; title: string; slug: string } | null;
}

export interface EntryCalls {
  mark: (entry: EntryRow, marks: { keyEvent: boolean; pinned: boolean }) => void;
  /** Resolves false when refused: the dialog stays open. */
  edit: (entry: EntryRow, change: EntryChange) => Promise<boolean>;
  remove: (entry: EntryRow) => void;
}

/** A stored entry with « Point clé », « Épingler », « Modifier », « Supprimer » and, on a key event, « Envoyer une alerte ». */
export function StoredEntry({
  entry,
  author,
  timeZone,
  powers,
  calls,
  busy,
}: {
  entry: EntryRow;
  author: string | null;
  timeZone: string;
  powers: EntryPowers;
  calls: EntryCalls;
  busy: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const mayChange = powers.admin || (!!powers.userId && entry.author_id === powers.userId);
  const marks = { keyEvent: entry.key_event, pinned: entry.pinned };
  return (
    <EntryCard
      anchor={liveEntryAnchor(entry.seq)}
      time={entry.created_at}
      timeZone={timeZone}
      author={author}
      body={entry.body}
      image={entry.image_url ? { url: entry.image_url, alt: entry.image_alt } : null}
      marks={marks}
      correction={entry.correction && entry.corrected_at ? { text: entry.correction, at: entry.corrected_at } : null}
      actions={
        <>
          {powers.admin && (
            <>
              <EntryAction
                disabled={busy}
                aria-pressed={entry.key_event}
                onClick={() => calls.mark(entry, { ...marks, keyEvent: !entry.key_event })}
              >
                {entry.key_event ? 'Retirer des points clés' : 'Point clé'}
              </EntryAction>
              <EntryAction
                disabled={busy}
                aria-pressed={entry.pinned}
                onClick={() => calls.mark(entry, { ...marks, pinned: !entry.pinned })}
              >
                {entry.pinned ? 'Désépingler' : 'Épingler'}
              </EntryAction>
            </>
          )}
          {mayChange && (
            <>
              <EntryAction disabled={busy} onClick={() => setEditing(true)}>
                Modifier
              </EntryAction>
              <EntryAction disabled={busy} color="error" onClick={() => setDeleting(true)}>
                Supprimer
              </EntryAction>
            </>
          )}
          {entry.key_event && powers.alertable && <EntryAlertButton entry={entry} article={powers.alertable} admin={powers.admin} />}
          {editing && (
            <EditEntryDialog body={entry.body} onClose={() => setEditing(false)} onSave={(change) => calls.edit(entry, change)} />
          )}
          <Confirm
            isOpen={deleting}
            title="Supprimer l'entrée ?"
            content="Elle disparaîtra de la page du direct et des lecteurs qui la suivent."
            confirm="Supprimer"
            cancel="Annuler"
            onConfirm={() => (setDeleting(false), calls.remove(entry))}
            onClose={() => setDeleting(false)}
          />
        </>
      }
    />
  );
}
