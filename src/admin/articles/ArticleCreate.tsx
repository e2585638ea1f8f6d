import { CreateBase, useRedirect } from 'react-admin';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { ArticleImagesNotRecorded, type ArticleCreateMeta } from '../providers/articleCallbacks';
import { toArticleWrite } from './articlePayload';
import { ArticleEditor } from './ArticleEditor';
import { EDIT_COLUMNS } from './constants';
import { useTitledNotify } from './notify';
import { describeSaveError } from './saveErrors';
import type { ArticleFormValues } from './types';
import { useArticleImages } from './images/useArticleImages';

/**
 * /articles/new (and react-admin's /articles/create). The images added before the first save are
 * held here and travel with the create call: the data provider records them once the article
 * exists (afterCreate).
 */
export function ArticleCreate() {
  const images = useArticleImages();
  const notify = useTitledNotify();
  const redirect = useRedirect();
  // The images (meta.images, with their facts) and the main image are added by the panel's save rules (useImageSaveRules).
  const meta: ArticleCreateMeta & { columns: string[] } = { columns: EDIT_COLUMNS };
  return (
    <CreateBase
      resource="articles"
      mutationMode="pessimistic"
      transform={(values: ArticleFormValues) => toArticleWrite(values, { now: new Date(), sanitize: sanitizeArticleHtml })}
      mutationOptions={{
        meta,
        onSuccess: () => {
          // The new article owns its images now: they must outlive this screen.
          images.markCommitted();
          notify('Article créé avec succès');
          redirect('/dashboard');
        },
        onError: (error: unknown) => {
          notify('Erreur', describeSaveError(error), 'error');
          // Created, but an image was not recorded: continue on the article itself, not a second copy.
          if (error instanceof ArticleImagesNotRecorded) {
            images.markCommitted();
            redirect(`/articles/${error.articleId}`);
          }
        },
      }}
    >
      <ArticleEditor images={images} />
    </CreateBase>
  );
}
