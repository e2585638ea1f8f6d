import { DeleteWithConfirmButton, useCanAccess, useRecordContext } from 'react-admin';
import { imagesLeftInStorage } from '../providers/articleCallbacks';
import { useErrorNotify, useTitledNotify } from './notify';

/**
 * react-admin's DeleteWithConfirmButton with the product's question and messages. The button
 * closes its dialog itself on success and on failure, then hands over to these callbacks.
 * Deleting also removes the article's image files (the data provider's lifecycle callbacks):
 * when some stay in storage, the article is gone all the same and the editor is told. Shown only
 * where the database allows the delete (canAccess): a journalist deletes only their own articles
 * not yet out.
 */
export function DeleteArticleButton() {
  const record = useRecordContext<{ id: string; title: string }>();
  const notify = useTitledNotify();
  const notifyError = useErrorNotify();
  const { canAccess } = useCanAccess({ action: 'delete', resource: 'articles', record });
  if (!record || !canAccess) return null;
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
      mutationOptions={{
        onSuccess: (deleted: unknown) => {
          if (imagesLeftInStorage(deleted))
            notify('Article supprimé', "Certaines de ses images n'ont pas pu être effacées du stockage.", 'warning');
          else notify('Article supprimé');
        },
        onError: (error: unknown) => notifyError(error, { failed: "Impossible de supprimer l'article", topic: 'article' }),
      }}
    />
  );
}
