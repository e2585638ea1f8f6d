import { EditBase, useEditContext, useRedirect } from 'react-admin';
import { Loading } from '@/lib/Loading';
import { ArticleEditor } from './ArticleEditor';
import { EDIT_COLUMNS } from './constants';
import { useTitledNotify } from './notify';
import type { ArticleRecord } from './types';

/** /articles/{id}: loads the article (only the editor's columns), else back to the dashboard. */
export function ArticleEdit() {
  const notify = useTitledNotify();
  const redirect = useRedirect();
  return (
    <EditBase
      queryOptions={{
        meta: { columns: EDIT_COLUMNS },
        onError: () => {
          notify('Erreur', 'Article introuvable', 'error');
          redirect('/dashboard');
        },
      }}
    >
      <LoadedEditor />
    </EditBase>
  );
}

function LoadedEditor() {
  const { record, isPending } = useEditContext<ArticleRecord>();
  if (isPending || !record) return <Loading />;
  return <ArticleEditor key={record.id} record={record} />;
}
