import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useId, useState, type MutableRefObject } from 'react';
import { required, TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Loading } from '@/lib/Loading';
import { hasHtml } from '@/lib/content';
import { SanitizerNotice } from './editor/SanitizerNotice';
import { mergeReports, NOTHING_LOST, type SanitizerReport } from './editor/sanitizerReport';
import { useAfterSave } from './editor/useAfterSave';
import { plainToHtml } from './images/contentImages';
import type { ImageInserter } from './RichContentEditor';
import type { EditorMode } from './types';

// TipTap and its toolbar are fetched only when someone switches to 'Mise en forme'.
const RichContentEditor = lazy(() => import('./RichContentEditor').then((m) => ({ default: m.RichContentEditor })));

/** The form's editor_mode: 'html' is 'Texte brut', 'rich' is 'Mise en forme'. */
export type ContentMode = EditorMode;

const HINT = 'Les adresses http:// ou https:// collées dans le texte deviennent des liens à la publication.';
const contentRequired = required('Le contenu est requis');
const EMBED_HINT = 'Une vidéo YouTube ou une publication X : collez son lien seul, sur sa propre ligne.';

interface Props {
  mode: ContentMode;
  onModeChange: (mode: ContentMode) => void;
  textareaRef: MutableRefObject<HTMLTextAreaElement | null>;
  inserterRef: MutableRefObject<ImageInserter | null>;
}

/** The body: a monospace 20-row text box (text or HTML), or the rich-text editor. */
export function ContentInput({ mode, onModeChange, textareaRef, inserterRef }: Props) {
  const { getValues, setValue } = useFormContext();
  // One visible label for both modes, which names the text box in either (aria-labelledby).
  const labelId = useId();
  const label = useTranslate()('resources.articles.fields.content');
  // What pastes into the rich editor lost since the last save, for the notice under the content.
  const [pasted, setPasted] = useState<SanitizerReport>(NOTHING_LOST);
  const addPasted = useCallback((report: SanitizerReport) => setPasted((before) => mergeReports(before, report)), []);
  const forgetPasted = useCallback(() => setPasted(NOTHING_LOST), []);
  useAfterSave(forgetPasted);
  const switchTo = (next: ContentMode | null) => {
    if (!next || next === mode) return;
    // The rich editor reads HTML: plain text becomes the paragraphs readers were shown.
    const content: string = getValues('content') ?? '';
    if (next === 'rich' && content.trim() && !hasHtml(content)) setValue('content', plainToHtml(content), { shouldDirty: true });
    onModeChange(next);
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id={labelId} component="span" variant="subtitle1">
          {label}
          <span aria-hidden="true"> *</span>
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_, v) => switchTo(v)} aria-label="Mode d'édition du contenu">
          <ToggleButton value="html">Texte brut</ToggleButton>
          <ToggleButton value="rich">Mise en forme</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {mode === 'html' ? (
        <TextInput
          source="content"
          label={false}
          validate={contentRequired}
          multiline
          rows={20}
          fullWidth
          helperText={HINT}
          inputRef={textareaRef}
          slotProps={{ htmlInput: { 'aria-labelledby': labelId } }}
          sx={{ '& textarea': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 14 } }}
        />
      ) : (
        <Suspense fallback={<Loading />}>
          <RichContentEditor
            labelId={labelId}
            helperText={HINT}
            validate={contentRequired}
            inserterRef={inserterRef}
            onPasteLosses={addPasted}
          />
        </Suspense>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -0.5, mb: 1 }}>
        {mode === 'html'
          ? 'Texte simple ou HTML (paragraphes <p>, intertitres <h2>, listes, liens, images).'
          : 'Les intertitres, listes, citations et liens sont conservés tels quels sur le site.'}{' '}
        {EMBED_HINT}
      </Typography>
      <SanitizerNotice pasted={pasted} onDismissPasted={forgetPasted} />
    </Box>
  );
}
