import { Alert, Button } from '@mui/material';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { articleOutbox } from '../../providers/dataProvider';

/** The line the save bar shows while the article's save waits on the phone. */
export const KEPT_WAITING = 'Gardé sur ce téléphone : sera enregistré au retour du réseau';

/**
 * The save bar's word on the article's save kept on the phone (articleOutbox.ts): waiting for the
 * network, or refused by the newsroom (why, and « Abandonner »). Once it reaches the newsroom, the
 * editor reloads the stored article; a new one opens its own editor, as after a first save.
 */
export function KeptSaveState({ articleId }: { articleId: string }) {
  const kept = useSyncExternalStore(articleOutbox.subscribe, () => {
    const item = articleOutbox.kept(articleId);
    return item ? (item.refusal ?? '') : null;
  });
  const record = useRecordContext();
  const { reset, getValues } = useFormContext();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const wasKept = useRef(false);

  useEffect(() => {
    // Only a save that was waiting and is gone reached the newsroom (a refused one dropped did not).
    if (kept !== null) return void (wasKept.current = kept === '');
    if (!wasKept.current) return;
    wasKept.current = false;
    if (record) return refresh();
    // Saved as the form is: leaving is no loss, and the unsaved-changes guard must not stop it.
    reset(getValues());
    setTimeout(() => void navigate(`/articles/${articleId}`), 0);
  }, [kept, record, refresh, reset, getValues, navigate, articleId]);

  if (kept === null) return null;
  if (kept === '')
    return (
      <Alert severity="warning" role="status" sx={{ width: '100%' }}>
        {KEPT_WAITING}
      </Alert>
    );
  return (
    <Alert
      severity="error"
      sx={{ width: '100%' }}
      action={
        <Button color="inherit" size="small" onClick={() => articleOutbox.drop(articleId)}>
          Abandonner
        </Button>
      }
    >
      Gardé sur ce téléphone mais refusé par la rédaction : {kept}
    </Alert>
  );
}
