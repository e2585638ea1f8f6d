import { maxLength, TextInput } from 'react-admin';
import { useNewsroomRole } from '../../providers/useNewsroomRole';
import { NOTE_MAX_LENGTH } from './notes';

const validateNote = maxLength(NOTE_MAX_LENGTH, `La remarque fait ${NOTE_MAX_LENGTH.toLocaleString('fr-FR')} caractères au plus.`);

/**
 * « Remarque (facultatif) », under « Statut »: what goes to the other side with this status change
 * (an administrator's remarks when sending back, a journalist's word to the editors when submitting).
 * Empty after every save: the note is kept in the article's history, not in the form.
 */
export function StatusNoteInput() {
  const role = useNewsroomRole();
  const helperText =
    role === 'admin'
      ? 'Envoyée au journaliste avec ce changement de statut : renvoi en brouillon, programmation ou publication.'
      : 'Envoyée aux éditeurs avec ce changement de statut, par exemple en passant « À relire ».';
  return <TextInput source="status_note" multiline minRows={2} fullWidth validate={validateNote} helperText={helperText} />;
}
