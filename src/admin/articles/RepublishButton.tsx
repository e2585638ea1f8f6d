import UpdateIcon from '@mui/icons-material/Update';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useRefresh } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { isPublicNow } from '@/lib/articleVisibility';
import { supabase } from '@/lib/supabase';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import { useErrorNotify, useTitledNotify } from './notify';
import type { ArticleRecord } from './types';

/**
 * « Republier » (administrators, an article readers see): an edit keeps the publication time, so
 * bringing a story back as just published is an act of its own, confirmed first. Off while the
 * form has unsaved changes: the article reloads afterwards, and they would be lost.
 */
export function RepublishButton({ record }: { record?: ArticleRecord }) {
  const role = useNewsroomRole();
  // The fields changed by hand: isDirty also counts fields the editor fills in on opening (key points).
  const { dirtyFields } = useFormState();
  const unsaved = Object.keys(dirtyFields).length > 0;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useTitledNotify();
  const notifyError = useErrorNotify();
  const refresh = useRefresh();
  if (!record || role !== 'admin' || !isPublicNow(record)) return null;

  const republish = async () => {
    setAsking(false);
    setBusy(true);
    const { error } = await supabase.rpc('republish_article', { p_article_id: record.id });
    setBusy(false);
    if (error) return notifyError(error, { failed: "Impossible de republier l'article" });
    notify('Article republié', "Il paraît à l'heure de maintenant, en tête des listes.");
    refresh();
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UpdateIcon />}
        disabled={busy || unsaved}
        title={unsaved ? "Enregistrez d'abord vos modifications" : undefined}
        onClick={() => setAsking(true)}
      >
        Republier
      </Button>
      <Confirm
        isOpen={asking}
        title="Republier l'article ?"
        content="Sa date de publication devient maintenant : il remonte en tête des listes, et la prochaine édition de La Matinale le reprendra. Une simple correction n'en a pas besoin : enregistrée, elle garde la date et affiche « Mis à jour »."
        confirm="Republier"
        cancel="Annuler"
        onConfirm={() => void republish()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
