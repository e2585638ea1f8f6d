import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useMemo, useRef } from 'react';
import { Form, Title, useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { BackToDashboard } from '../layout/BackToDashboard';
import { LiveDesk } from '../live/LiveDesk';
import { ArticleFields } from './ArticleFields';
import type { TrackedVersion } from './baseVersion';
import { asFormRecord } from './articleStatus';
import { insertImageReference, removeImageReference } from './images/contentImages';
import type { ContentMode } from './ContentInput';
import { EditorActions } from './EditorActions';
import { SendAlertButton } from '../alerts/SendAlertButton';
import { RepublishButton } from './RepublishButton';
import { LatestNoteNotice } from './review/LatestNoteNotice';
import { EditorDrafts } from './editor/EditorDrafts';
import { DEFAULT_EDITOR_MODE, withOpeningMode } from './editor/editorMode';
import { ImagePanel } from './images/ImagePanel';
import { useImageSaveRules } from './images/useImageSaveRules';
import type { ImageInserter } from './RichContentEditor';
import { StaleSaveNotice } from './StaleSaveNotice';
import type { PanelImage } from './images/types';
import type { ArticleFormValues, ArticleRecord } from './types';
import type { ArticleImages } from './images/useArticleImages';
import { WorkflowBar, WorkflowPanels } from './workflow/WorkflowPanels';

const NEW_ARTICLE: ArticleFormValues = {
  title: '',
  slug: '',
  category_id: '',
  excerpt: '',
  content: '',
  status: 'draft',
  published_at: null,
  editor_mode: DEFAULT_EDITOR_MODE,
  format: 'article',
};

/** A save the database refused as based on an older version, and the way out. */
export interface StaleSave {
  onReload: () => void;
  reloading?: boolean;
}

interface Props {
  images: ArticleImages;
  /** Set while the last save was refused as stale (edit only). */
  staleSave?: StaleSave | null;
  /** The version the text is based on (edit only): the history follows it. */
  baseVersion?: TrackedVersion;
  /** The id a new article gets on the phone (create only). */
  newId?: string;
}

/**
 * The editor inside react-admin's CreateBase or EditBase: 'Nouvel article' without a record and
 * 'Modifier l'article' with one. The form saves through the controller's save (transform,
 * mutationOptions and the data provider's lifecycle callbacks do the rest).
 */
export function ArticleEditor({ images, staleSave, baseVersion, newId }: Props) {
  const record = useRecordContext<ArticleRecord>();
  const title = record ? "Modifier l'article" : 'Nouvel article';
  const formRecord = useMemo(() => (record ? withOpeningMode(asFormRecord(record)) : undefined), [record]);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <BackToDashboard />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {/* What the other side said with the last status change: read before anything else. */}
      {record && <LatestNoteNotice record={record} />}
      {/* A live article's desk comes first: on a phone, entries are what the screen is opened for. */}
      {record?.format === 'live' && <LiveDesk article={record} />}
      {/* A long article lost to a stray click is the worst outcome: leaving with unsaved changes asks first. */}
      <Form record={formRecord} defaultValues={record ? undefined : NEW_ARTICLE} noValidate warnWhenUnsavedChanges>
        <EditorBody record={record} images={images} staleSave={staleSave} baseVersion={baseVersion} newId={newId} />
      </Form>
    </Box>
  );
}

function EditorBody({ record, images, staleSave, baseVersion, newId }: { record?: ArticleRecord } & Props) {
  const { getValues, setValue } = useFormContext();
  // The mode is a form value: saved with the article, it reopens in it.
  const mode: ContentMode = useWatch({ name: 'editor_mode' }) ?? DEFAULT_EDITOR_MODE;
  const setMode = (next: ContentMode) => setValue('editor_mode', next, { shouldDirty: true });
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const inserterRef = useRef<ImageInserter | null>(null);

  const validateStatus = useImageSaveRules(images);

  const insert = (url: string, alt?: string) => {
    if (mode === 'rich' && inserterRef.current) return inserterRef.current.insertImage(url, alt);
    const caret = textareaRef.current?.selectionStart;
    setValue('content', insertImageReference(getValues('content') ?? '', url, caret, alt), { shouldDirty: true, shouldValidate: true });
  };
  const remove = async (image: PanelImage) => {
    if (await images.remove(image))
      setValue('content', removeImageReference(getValues('content') ?? '', image.image_url), { shouldDirty: true });
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>
        {/* Visible overflow: a hidden one would keep the toolbar and the save bar from sticking. */}
        <Card variant="outlined" sx={{ overflow: 'visible' }}>
          <CardContent>
            <EditorDrafts baseVersion={baseVersion} />
            <ArticleFields
              mode={mode}
              onModeChange={setMode}
              textareaRef={textareaRef}
              inserterRef={inserterRef}
              currentCategoryId={record?.category_id}
              validateStatus={validateStatus}
            />
            {staleSave && <StaleSaveNotice {...staleSave} />}
            <EditorActions uploading={images.uploading} articleId={record?.id ?? newId}>
              {record && <SendAlertButton record={record} />}
              {record && <RepublishButton record={record} />}
            </EditorActions>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <WorkflowBar record={record} />
        {/* images.remove() reports its own failure and resolves false: nothing waits on the click. */}
        <ImagePanel images={images} onInsert={insert} onRemove={(image) => void remove(image)} />
        <WorkflowPanels record={record} baseVersion={baseVersion} />
      </Grid>
    </Grid>
  );
}
