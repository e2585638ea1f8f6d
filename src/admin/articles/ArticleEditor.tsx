import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { Form, Title } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { BackToDashboard } from '../layout/BackToDashboard';
import { ArticleFields } from './ArticleFields';
import { insertImageReference, removeImageReference } from './contentImages';
import type { ContentMode } from './ContentInput';
import { EditorActions } from './EditorActions';
import { ImagePanel } from './ImagePanel';
import type { ImageInserter } from './RichContentEditor';
import type { ArticleFormValues, ArticleRecord, PanelImage } from './types';
import { useArticleImages, type ArticleImages } from './useArticleImages';
import { useArticleSave } from './useArticleSave';

const NEW_ARTICLE: ArticleFormValues = { title: '', slug: '', category_id: '', excerpt: '', content: '', status: 'draft' };

/** The editor, 'Nouvel article' without a record and 'Modifier l'article' with one. */
export function ArticleEditor({ record }: { record?: ArticleRecord }) {
  const images = useArticleImages(record?.id, record?.image_url ?? null);
  const { save, saving } = useArticleSave(record, images);
  const title = record ? "Modifier l'article" : 'Nouvel article';
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <BackToDashboard />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {/* A long article lost to a stray click is the worst outcome: leaving with unsaved changes asks first. */}
      <Form record={record} defaultValues={record ? undefined : NEW_ARTICLE} onSubmit={save} noValidate warnWhenUnsavedChanges>
        <EditorBody record={record} images={images} saving={saving} />
      </Form>
    </Box>
  );
}

function EditorBody({ record, images, saving }: { record?: ArticleRecord; images: ArticleImages; saving: boolean }) {
  const { getValues, setValue } = useFormContext();
  const [mode, setMode] = useState<ContentMode>('plain');
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const inserterRef = useRef<ImageInserter | null>(null);

  const insert = (url: string) => {
    if (mode === 'rich' && inserterRef.current) return inserterRef.current.insertImage(url);
    const caret = textareaRef.current?.selectionStart;
    setValue('content', insertImageReference(getValues('content') ?? '', url, caret), { shouldDirty: true, shouldValidate: true });
  };
  const remove = async (image: PanelImage) => {
    if (await images.remove(image)) setValue('content', removeImageReference(getValues('content') ?? '', image.image_url), { shouldDirty: true });
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Card variant="outlined">
          <CardContent>
            <ArticleFields mode={mode} onModeChange={setMode} textareaRef={textareaRef} inserterRef={inserterRef} currentCategoryId={record?.category_id} />
            <EditorActions saving={saving} uploading={images.uploading} />
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <ImagePanel images={images} onInsert={insert} onRemove={remove} />
      </Grid>
    </Grid>
  );
}
