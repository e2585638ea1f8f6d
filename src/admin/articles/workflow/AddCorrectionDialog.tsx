import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useCreate } from 'react-admin';
import { useTitledNotify } from '../notify';
import {
  CORRECTION_COLUMNS,
  CORRECTIONS_RESOURCE,
  describeCorrectionError,
  NOTE_MAX_LENGTH,
  validateCorrection,
  type CorrectionErrors,
} from './corrections';
import { newsroomTimeZone } from '@/lib/env';
import { fromWallClock, toWallClock } from '@/lib/newsroomTime';

/** The date field works to the minute, in the newsroom's time zone. */
const nowToTheMinute = () => toWallClock(new Date(), newsroomTimeZone()).slice(0, 16);

/**
 * "Ajouter une correction": the note and its date (now by default, earlier allowed, never later),
 * checked by the database's rules before it is sent.
 */
export function AddCorrectionDialog({ articleId, onClose }: { articleId: string; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [when, setWhen] = useState(nowToTheMinute);
  const [errors, setErrors] = useState<CorrectionErrors>({});
  // The database's refusal, said in the dialog: a notification behind a modal dialog is hidden from screen readers.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [create, { isPending }] = useCreate();
  const notify = useTitledNotify();

  const submit = (event: FormEvent) => {
    // This dialog's form sits inside the article's form in React's tree: its submit event must
    // not reach the article's (which would save the article).
    event.preventDefault();
    event.stopPropagation();
    const iso = fromWallClock(when, newsroomTimeZone());
    const correctedAt = iso ? new Date(iso) : null;
    const found = validateCorrection({ note, correctedAt }, new Date());
    setErrors(found);
    setRefusal(null);
    if (found.note || found.correctedAt || !correctedAt) return;
    // react-admin's mutate hands a failure to onError; without returnPromise its promise never rejects.
    void create(
      CORRECTIONS_RESOURCE,
      {
        data: { article_id: articleId, note: note.trim(), corrected_at: correctedAt.toISOString() },
        meta: { columns: CORRECTION_COLUMNS },
      },
      {
        onSuccess: () => {
          notify('Correction ajoutée', 'Les lecteurs la voient à la fin de l’article.');
          onClose();
        },
        onError: (error) => setRefusal(describeCorrectionError(error)),
      },
    );
  };

  const max = nowToTheMinute();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-correction-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-correction-title">Ajouter une correction</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {refusal && <Alert severity="error">{refusal}</Alert>}
            <TextField
              label="Texte de la correction"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              required
              multiline
              minRows={3}
              fullWidth
              // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog opened on purpose: its first field takes focus (WAI-ARIA dialog pattern), as MUI's FocusTrap expects
              autoFocus
              error={!!errors.note}
              helperText={errors.note ?? `Ce qui a été corrigé, tel que les lecteurs le liront (${NOTE_MAX_LENGTH} caractères au plus).`}
            />
            <TextField
              label="Date de la correction"
              type="datetime-local"
              value={when}
              onChange={(e) => setWhen(e.target.value)}
              required
              error={!!errors.correctedAt}
              helperText={
                errors.correctedAt ??
                `Heure de la rédaction (${newsroomTimeZone()}). Maintenant par défaut ; antérieure possible, jamais future.`
              }
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="contained" disabled={isPending}>
            {isPending ? 'Ajout…' : 'Ajouter'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
