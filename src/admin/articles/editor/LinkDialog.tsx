import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { linkUrlError, normalizeLinkUrl } from './linkUrl';

/** A link as the dialog edits it. */
export interface LinkValues {
  url: string;
  text: string;
  newTab: boolean;
}

interface Props {
  /** The link under the cursor (edit), or the selected text with an empty address (new link). */
  initial: LinkValues;
  /** True when `initial` is an existing link: the dialog then offers « Supprimer le lien ». */
  editing: boolean;
  onSubmit: (values: LinkValues) => void;
  onRemove: () => void;
  onClose: () => void;
}

/**
 * « Insérer un lien » / « Modifier le lien », in place of the browser's English prompt: the
 * address (checked before it is accepted), the text shown, and whether it opens in a new tab.
 * Mounted only while open, so each opening starts from the link it was opened on.
 */
export function LinkDialog({ initial, editing, onSubmit, onRemove, onClose }: Props) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The form sits in a portal but its events bubble through React's tree: the article's form must not see it.
    event.stopPropagation();
    const problem = linkUrlError(values.url);
    setError(problem);
    if (problem) return;
    const url = normalizeLinkUrl(values.url);
    onSubmit({ url, text: values.text.trim() || url, newTab: values.newTab });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{editing ? 'Modifier le lien' : 'Insérer un lien'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Adresse (URL)"
              value={values.url}
              onChange={(e) => setValues({ ...values, url: e.target.value })}
              error={Boolean(error)}
              helperText={error ?? 'Par exemple https://www.example.org/rapport'}
              required
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'url', autoCapitalize: 'none', spellCheck: false } }}
            />
            <TextField
              label="Texte du lien"
              value={values.text}
              onChange={(e) => setValues({ ...values, text: e.target.value })}
              helperText="Ce que lit le lecteur ; l'adresse si vous le laissez vide."
              fullWidth
            />
            <FormControlLabel
              control={<Checkbox checked={values.newTab} onChange={(e) => setValues({ ...values, newTab: e.target.checked })} />}
              label="Ouvrir dans un nouvel onglet"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {editing && (
            <Button color="error" onClick={onRemove} sx={{ mr: 'auto' }}>
              Supprimer le lien
            </Button>
          )}
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="contained">
            {editing ? 'Mettre à jour' : 'Insérer'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
