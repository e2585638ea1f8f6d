import { TextField } from '@mui/material';
import { memo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutocompleteArrayInput, ReferenceArrayInput, useRecordContext } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { useErrorNotify, useTitledNotify } from '../notify';
import { useNewsroomDataProvider } from '../../providers/newsroomDataProvider';
import { tagOptionText } from '../../tags/types';
import type { ArticleRecord } from '../types';
import { tagChange } from './tagChange';

const label = 'Pays et thèmes';
const helper = 'Jusqu’à 8 étiquettes, enregistrées dès qu’elles sont choisies. Tapez « cote d ivoire » pour « Côte d’Ivoire ».';

/**
 * « Pays et thèmes »: the article's tags, chosen by a type-ahead among the visible tags (accents
 * and punctuation aside, tagSearch.ts) and saved at once, beside the article's own save (its
 * versions and outbox stay the text's). A new article gets its tags once saved: it has no id yet.
 * Memoised: the editor re-renders on every keystroke of the text, which says nothing to the tags.
 */
export const ArticleTagsInput = memo(function ArticleTagsInput() {
  const record = useRecordContext<ArticleRecord>();
  if (!record?.id)
    return (
      <TextField
        label={label}
        disabled
        fullWidth
        helperText="Enregistrez l’article pour lui donner des pays et des thèmes."
        sx={{ mb: 1 }}
      />
    );
  return <SavedTags articleId={String(record.id)} />;
});

function SavedTags({ articleId }: { articleId: string }) {
  const provider = useNewsroomDataProvider();
  const queryClient = useQueryClient();
  const notify = useTitledNotify();
  const notifyError = useErrorNotify();
  const queryKey = ['articleTags', articleId];
  const { data: saved, error } = useQuery({ queryKey, queryFn: () => provider.articleTags(articleId) });
  // Its own form: the tags are not part of the article's save (nor of its unsaved-changes guard).
  const form = useForm({ values: { tag_ids: saved ?? [] } });
  const save = async (chosen: string[]) => {
    const before = saved ?? [];
    try {
      await provider.changeArticleTags(articleId, tagChange(before, chosen));
      queryClient.setQueryData(queryKey, chosen);
      notify('Étiquettes enregistrées');
    } catch (failure) {
      form.reset({ tag_ids: before });
      notifyError(failure, { failed: 'Étiquettes non enregistrées' });
    }
  };
  return (
    <FormProvider {...form}>
      <ReferenceArrayInput source="tag_ids" reference="tags" filter={{ hidden: false }} sort={{ field: 'name', order: 'ASC' }} perPage={20}>
        <AutocompleteArrayInput
          label={label}
          optionText={tagOptionText}
          helperText={error ? 'Impossible de charger les étiquettes de l’article' : helper}
          disabled={saved === undefined}
          fullWidth
          noOptionsText="Aucune étiquette de ce nom"
          onChange={(ids: string[]) => void save(ids)}
        />
      </ReferenceArrayInput>
    </FormProvider>
  );
}
