import { DeleteWithConfirmButton, useRecordContext } from 'react-admin';
import { useErrorNotify, useTitledNotify } from '../articles/notify';
import type { Category } from './types';

/**
 * Deletes a category after a question. One that still has articles is refused by the database
 * (articles_category_id_fkey, on delete restrict), and the administrator is told why in French.
 */
export function DeleteCategoryButton() {
  const record = useRecordContext<Category>();
  const notify = useTitledNotify();
  const notifyError = useErrorNotify();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      size="small"
      label="Supprimer"
      aria-label={`Supprimer la rubrique « ${record.name} »`}
      confirmTitle="Supprimer la rubrique"
      confirmContent={`Supprimer « ${record.name} » ? Une rubrique qui contient des articles ne peut pas être supprimée.`}
      confirmColor="warning"
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{
        onSuccess: () => notify('Rubrique supprimée'),
        // The database's refusal says it all (« Impossible de supprimer cette rubrique : des articles… »).
        onError: (error: unknown) => notifyError(error),
      }}
    />
  );
}
