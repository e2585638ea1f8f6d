import { DeleteWithConfirmButton, useRecordContext } from 'react-admin';
import { useTitledNotify } from './notify';

/**
 * react-admin's DeleteWithConfirmButton with the product's question and messages: the success
 * message is the resource's `notifications.deleted` (messages.ts), a failure says it in French.
 * Deleting also removes the article's image files: the data provider does it (lifecycle callbacks).
 */
export function DeleteArticleButton() {
  const record = useRecordContext<{ id: string; title: string }>();
  const notify = useTitledNotify();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      size="small"
      label="Supprimer"
      aria-label={`Supprimer « ${record.title} »`}
      confirmTitle="Supprimer l'article"
      confirmContent="Êtes-vous sûr de vouloir supprimer cet article ?"
      confirmColor="warning"
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onError: () => notify('Erreur', "Impossible de supprimer l'article", 'error') }}
    />
  );
}
