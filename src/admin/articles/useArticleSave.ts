import { useCallback, useState } from 'react';
import { useCreate, useRedirect, useUpdate } from 'react-admin';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { supabase } from '@/lib/supabase';
import { toArticleWrite } from './articlePayload';
import { EDIT_COLUMNS } from './constants';
import { insertArticleImage } from './imageRecords';
import { errorMessage, useTitledNotify } from './notify';
import { createWithImages } from './tempImages';
import type { ArticleFormValues, ArticleRecord, ArticleWrite } from './types';
import type { ArticleImages } from './useArticleImages';

const SAVE_FAILED = "Une erreur est survenue lors de l'enregistrement";

/** Enregistrer: create (with the images held locally) or update, through react-admin's cache. */
export function useArticleSave(record: ArticleRecord | undefined, images: ArticleImages) {
  const notify = useTitledNotify();
  const redirect = useRedirect();
  const [create] = useCreate<ArticleRecord>();
  const [update] = useUpdate<ArticleRecord>();
  const [saving, setSaving] = useState(false);

  const save = useCallback(
    async (values: Partial<ArticleFormValues>) => {
      // Spec §5: nothing is saved without a signed-in user (who is also the author, by RLS).
      const { data } = await supabase.auth.getSession();
      const user = data.session?.user;
      if (!user) return;
      setSaving(true);
      let createdId: string | undefined;
      try {
        const write = toArticleWrite(values as ArticleFormValues, { authorId: user.id, now: new Date(), sanitize: (html) => sanitizeArticleHtml(html) });
        if (record) {
          await update('articles', { id: record.id, data: write, previousData: record, meta: { columns: EDIT_COLUMNS } }, { mutationMode: 'pessimistic', returnPromise: true });
          notify('Article mis à jour avec succès');
          return;
        }
        const createArticle = async (data: ArticleWrite) => {
          const created = (await create('articles', { data, meta: { columns: EDIT_COLUMNS } }, { returnPromise: true })) as ArticleRecord;
          createdId = String(created.id);
          return { id: createdId };
        };
        await createWithImages(write, images.images, { createArticle, insertImage: insertArticleImage });
        images.markCommitted();
        notify('Article créé avec succès');
        redirect('/dashboard');
      } catch (error) {
        notify('Erreur', errorMessage(error) ?? SAVE_FAILED, 'error');
        // Created, but an image was not recorded: continue on the article itself, not a second copy.
        if (createdId) {
          images.markCommitted();
          redirect(`/articles/${createdId}`);
        }
      } finally {
        setSaving(false);
      }
    },
    [record, images, create, update, notify, redirect],
  );
  return { save, saving };
}
