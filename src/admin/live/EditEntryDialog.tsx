import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { frenchCount } from '../limits';
import { ENTRY_TOO_LONG } from './liveMessages';
import { ENTRY_MAX_LENGTH } from './types';

export interface EntryChange {
  body: string;
  /** null: a « Retouche », unmarked; a text: a « Correction », shown under the entry and on /corrections. */
  correction: string | null;
}

/**
 * « Modifier » on an entry: its text, and what kind of change it is. A « Retouche » (a typo) is
 * silent; a « Correction » says what was wrong, readers see it under the entry (« Correction à
 * 21:50 : … ») and on /corrections. `outbox`: an entry the server refused, still on the phone:
 * only its text, then « Renvoyer ».
 */
export function EditEntryDialog({
  body: initial,
  outbox = false,
  onClose,
  onSave,
}: {
  body: string;
  outbox?: boolean;
  onClose: () => void;
  /** Resolves true once saved (the dialog closes), false when refused (it stays open with the text). */
  onSave: (change: EntryChange) => Promise<boolean>;
}) {
  const [body, setBody] = useState(initial);
  const [kind, setKind] = useState<'retouche' | 'correction'>('retouche');
  const [correction, setCorrection] = useState('');
  const [busy, setBusy] = useState(false);
  const length = body.trim().length;
  const tooLong = length > ENTRY_MAX_LENGTH;
  const valid = length > 0 && !tooLong && (kind === 'retouche' || correction.trim().length > 0);

  const save = async () => {
    setBusy(true);
    try {
      if (await onSave({ body: body.trim(), correction: kind === 'correction' ? correction.trim() : null })) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{outbox ? "Reprendre l'entrée" : "Modifier l'entrée"}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Texte de l'entrée"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            multiline
            minRows={3}
            error={tooLong}
            helperText={tooLong ? ENTRY_TOO_LONG : `${frenchCount(length)} / ${frenchCount(ENTRY_MAX_LENGTH)}`}
          />
          {!outbox && (
            <RadioGroup value={kind} onChange={(e) => setKind(e.target.value as typeof kind)} aria-label="Nature de la modification">
              <FormControlLabel value="retouche" control={<Radio />} label="Retouche (coquille, sans mention)" />
              <FormControlLabel value="correction" control={<Radio />} label="Correction (signalée aux lecteurs)" />
            </RadioGroup>
          )}
          {kind === 'correction' && (
            <TextField
              label="Texte de la correction"
              value={correction}
              onChange={(e) => setCorrection(e.target.value)}
              multiline
              required
              helperText="Ce qui était inexact : affiché sous l'entrée et sur la page des corrections."
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void save()}>
          {outbox ? 'Renvoyer' : 'Enregistrer'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
