import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useRecordContext } from 'react-admin';
import { useTitledNotify } from './notify';

/**
 * Delete after confirmation, with the spec's messages. react-admin's DeleteWithConfirmButton
 * would add its own notifications and redirect on top of ours, so this is the plain version.
 */
export function DeleteArticleButton() {
  const record = useRecordContext<{ id: string; title: string }>();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const notify = useTitledNotify();
  if (!record) return null;
  const confirm = () =>
    remove(
      'articles',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('Article supprimé');
        },
        onError: () => {
          setOpen(false);
          notify('Erreur', "Impossible de supprimer l'article", 'error');
        },
      },
    );
  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} aria-label={`Supprimer « ${record.title} »`}>
        Supprimer
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="Supprimer l'article"
        content="Êtes-vous sûr de vouloir supprimer cet article ?"
        confirm="Supprimer"
        cancel="Annuler"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
