import { Alert, AlertTitle, Box } from '@mui/material';
import { isSentBack, SENT_BACK_LABEL } from './notes';
import { useArticleNotes } from './useArticleNotes';

interface Props {
  record: { id: string; status: string; sent_back_at?: string | null; version?: number };
}

/**
 * At the top of the editor, what the other side said with the last status change: « Renvoyé avec
 * remarques » and the remarks for a journalist whose story came back; the journalist's word for the
 * editor of a story « À relire ». Read from the history (the same query as « Remarques »), so a
 * save that adds a note shows it at once. The whole history is in « Remarques ».
 */
export function LatestNoteNotice({ record }: Props) {
  const { data } = useArticleNotes(record.id, record.version);
  const note = data?.[0]?.note?.trim();
  if (isSentBack(record))
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="latest-note">
        <AlertTitle>{SENT_BACK_LABEL}</AlertTitle>
        <NoteText note={note || 'Aucune remarque écrite : voyez avec la personne qui l’a renvoyé.'} />
      </Alert>
    );
  if (record.status === 'review' && note)
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="latest-note">
        <AlertTitle>Soumis pour relecture avec une remarque</AlertTitle>
        <NoteText note={note} />
      </Alert>
    );
  return null;
}

const NoteText = ({ note }: { note: string }) => (
  <Box component="p" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {note}
  </Box>
);
