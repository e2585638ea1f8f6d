import type { MutableRefObject } from 'react';
import { regex, required, TextInput, useRecordContext, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { slugAfterTitleChange } from '@/lib/slug';
import { LIMITS } from '../limits';
import { AuthorInput } from './AuthorInput';
import { CategoryInput } from './CategoryInput';
import { ArticleTagsInput } from './tags/ArticleTagsInput';
import { withinCharacters } from './editor/characterLimit';
import { KeyPointsInput } from './editor/KeyPointsInput';
import { TitleCounter } from './editor/TitleCounter';
import { titleWithinLimit } from './editor/titleLength';
import { ContentInput, type ContentMode } from './ContentInput';
import { FactCheckFields } from './factCheck/FactCheckFields';
import { FormatInput } from './FormatInput';
import type { ImageInserter } from './RichContentEditor';
import { ScheduleInput } from './ScheduleInput';
import { SlugChangeNotice } from './SlugChangeNotice';
import { StatusInput } from './StatusInput';
import { StatusNoteInput } from './review/StatusNoteInput';
import type { ArticleRecord } from './types';

const validateTitle = [required('Le titre est requis'), titleWithinLimit];
/** A headline is one line, whatever was pasted into it. */
export const oneLineTitle = (value: string) => value.replace(/\s*[\r\n]+\s*/g, ' ');
// The database's own rule for slugs (articles_slug_check): caught here, before the server refuses it.
const validateSlug = [
  required('Le slug est requis'),
  regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, LIMITS.slug.message),
  withinCharacters(LIMITS.slug.max, LIMITS.slug.message),
];

interface Props {
  mode: ContentMode;
  onModeChange: (mode: ContentMode) => void;
  textareaRef: MutableRefObject<HTMLTextAreaElement | null>;
  inserterRef: MutableRefObject<ImageInserter | null>;
  currentCategoryId?: string | null;
  /** Refuses a status the article's images are not ready for (alternative text missing). */
  validateStatus?: Validator;
}

export function ArticleFields({ currentCategoryId, validateStatus, ...content }: Props) {
  const { setValue, getValues } = useFormContext();
  const record = useRecordContext<ArticleRecord>();
  return (
    <>
      <TextInput
        source="title"
        validate={validateTitle}
        fullWidth
        // A long headline wraps (a one-line field cut 56 characters on a phone), but stays one line:
        // Enter does not start another, and a pasted line break becomes a space.
        multiline
        parse={oneLineTitle}
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        helperText={<TitleCounter />}
        // The slug follows the title until readers have seen the article (docs/product.md#slugs); it may be edited by hand.
        onChange={(e) => {
          const current = { slug: getValues('slug') ?? '', hasBeenPublic: record?.has_been_public === true };
          setValue('slug', slugAfterTitleChange(e.target.value, current), { shouldDirty: true, shouldValidate: true });
        }}
      />
      <TextInput source="slug" validate={validateSlug} fullWidth helperText="Adresse de l'article sur le site : /article/…" />
      <SlugChangeNotice />
      <CategoryInput currentId={currentCategoryId} />
      <ArticleTagsInput />
      <AuthorInput />
      <FormatInput />
      <FactCheckFields />
      <TextInput source="excerpt" multiline rows={3} fullWidth helperText="Résumé affiché sur les cartes d'articles (facultatif)." />
      <KeyPointsInput />
      <ContentInput {...content} />
      <StatusInput validate={validateStatus} />
      <ScheduleWhenChosen />
      <StatusNoteInput />
    </>
  );
}

/** 'Programmé' reveals its date and time. */
function ScheduleWhenChosen() {
  const status = useWatch({ name: 'status' });
  return status === 'scheduled' ? <ScheduleInput /> : null;
}
