import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { articleText, copyToClipboard } from './clipboardText';
import { useTitledNotify } from './notify';
import type { ArticleFormValues } from './types';

export const STALE_SAVE_TITLE = "Quelqu'un d'autre a enregistré cet article pendant que vous le modifiiez";

/**
 * A save refused because a colleague saved in between (the database compares versions): nothing
 * of theirs was overwritten. The editor may copy their own text before reloading the article,
 * which shows the colleague's version and drops what was not saved here.
 */
export function StaleSaveNotice({ onReload, reloading }: { onReload: () => void; reloading?: boolean }) {
  const { getValues } = useFormContext<ArticleFormValues>();
  const notify = useTitledNotify();
  const ref = useRef<HTMLDivElement>(null);
  // The button was pressed at the bottom of a long form: bring the explanation into view.
  useEffect(() => {
    // Braces: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
    ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);

  // copyToClipboard() resolves false rather than failing, and the notice says so.
  const copy = async () => {
    const copied = await copyToClipboard(articleText(getValues()));
    if (copied) notify('Texte copié', 'Votre titre, votre extrait et votre contenu sont dans le presse-papiers.');
    else notify('Erreur', 'Impossible de copier : sélectionnez votre texte et copiez-le à la main.', 'error');
  };

  return (
    <Alert ref={ref} severity="error" sx={{ mt: 2 }} data-testid="stale-save">
      <AlertTitle>{STALE_SAVE_TITLE}</AlertTitle>
      Votre version n'a pas été enregistrée, pour ne pas effacer la sienne. « Recharger l'article » affiche la version enregistrée : votre
      texte non enregistré sera perdu, copiez-le d'abord si vous voulez le garder.
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" color="inherit" size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copier mon texte
        </Button>
        <Button variant="contained" color="error" size="small" startIcon={<RefreshIcon />} onClick={onReload} disabled={reloading}>
          Recharger l'article
        </Button>
      </Stack>
    </Alert>
  );
}
