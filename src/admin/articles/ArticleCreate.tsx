import { useState } from 'react';
import { CreateBase, useRedirect } from 'react-admin';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { ArticleImagesNotRecorded, type ArticleCreateMeta } from '../providers/articleCallbacks';
import { toArticleWrite } from './articlePayload';
import { ArticleEditor } from './ArticleEditor';
import { EDIT_COLUMNS } from './constants';
import { useTitledNotify } from './notify';
import { describeSaveError } from './saveErrors';
import { saveMessage } from './saveMessages';
import type { ArticleFormValues, ArticleRecord } from './types';
import { useArticleImages } from './images/useArticleImages';
import { KEPT_ON_PHONE, KeptOnPhone } from './outbox/articleOutbox';

/**
 * /articles/new (and react-admin's /articles/create). The images added before the first save are
 * held here and travel with the create call: the data provider records them once the article
 * exists (afterCreate). The first save stays with the article: its editor opens
 * (/articles/{id}, redirect="edit"), images and all, rather than the spec's dashboard
 * (docs/product.md#editor-after-first-save). The new article's id is made here, on the phone: a
 * save kept offline and replayed (articleOutbox.ts), or tapped twice, makes one article.
 */
export function ArticleCreate() {
  const images = useArticleImages();
  const notify = useTitledNotify();
  const redirect = useRedirect();
  const [id] = useState(() => crypto.randomUUID());
  // The images (meta.images, with their facts) and the main image are added by the panel's save rules (useImageSaveRules).
  const meta: ArticleCreateMeta & { columns: string[] } = { columns: EDIT_COLUMNS };
  return (
    <CreateBase
      resource="articles"
      mutationMode="pessimistic"
      redirect="edit"
      transform={(values: ArticleFormValues) => ({ ...toArticleWrite(values, { now: new Date(), sanitize: sanitizeArticleHtml }), id })}
      mutationOptions={{
        meta,
        onSuccess: (data: ArticleRecord) => {
          // The new article owns its images now: they must outlive this screen.
          images.markCommitted();
          const { title, description } = saveMessage(undefined, data.status);
          notify(title, description);
          redirect('edit', 'articles', data.id, data);
        },
        onError: (error: unknown) => {
          if (error instanceof KeptOnPhone) {
            // The kept save will record the images it carries: they must outlive this screen too.
            images.markCommitted();
            return notify(KEPT_ON_PHONE, undefined, 'warning');
          }
          notify('Erreur', describeSaveError(error), 'error');
          // Created, but an image was not recorded: continue on the article itself, not a second copy.
          if (error instanceof ArticleImagesNotRecorded) {
            images.markCommitted();
            redirect(`/articles/${error.articleId}`);
          }
        },
      }}
    >
      <ArticleEditor images={images} newId={id} />
    </CreateBase>
  );
}
