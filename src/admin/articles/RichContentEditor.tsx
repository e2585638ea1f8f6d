import { Box } from '@mui/material';
import { useEffect, useMemo, type MutableRefObject } from 'react';
import type { Validator } from 'react-admin';
import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';
import { LinkButton } from './editor/LinkButton';
import { usePasteReporting } from './editor/pasteReport';
import type { SanitizerReport } from './editor/sanitizerReport';
import { stickyToolbarSx } from './editor/stickyBars';
import { HeadingButtons } from './HeadingButtons';

/** On a touch screen, each toolbar button is at least 44 px square (the small buttons were 25 px, too small for a thumb). */
const touchTargetsSx = { '@media (pointer: coarse)': { '& .MuiToggleButton-root': { minWidth: 44, minHeight: 44 } } } as const;

export interface ImageInserter {
  /** Puts the image at the cursor, described by its alternative text. */
  insertImage: (url: string, alt?: string) => void;
}

// ra-input-rich-text's extensions minus colours, highlight and alignment: those are inline
// styles the reader's sanitizer removes, so offering them would mislead. Headings stop at h4.
// Links carry no target of their own: the link dialog sets one when the journalist chooses, and
// the sanitizer opens outside addresses in a new tab otherwise.
const KEPT = new Set(['starterKit', 'image']);
const EDITOR_OPTIONS = {
  ...DefaultEditorOptions,
  extensions: (DefaultEditorOptions.extensions ?? [])
    .filter((e) => KEPT.has(e.name))
    .map((e) =>
      e.name === 'starterKit'
        ? e.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, HTMLAttributes: { target: null, rel: null } } })
        : e,
    ),
};

/** Hands the TipTap editor to the image panel, so 'Insérer' puts the image at the cursor. */
function InserterBridge({ inserterRef }: { inserterRef: MutableRefObject<ImageInserter | null> }) {
  const editor = useTiptapEditor();
  useEffect(() => {
    if (!editor) return;
    inserterRef.current = {
      insertImage: (url, alt = '') =>
        editor
          .chain()
          .focus()
          .insertContent({ type: 'image', attrs: { src: url, alt: alt.trim() } })
          .run(),
    };
    return () => void (inserterRef.current = null);
  }, [editor, inserterRef]);
  return null;
}

interface Props {
  /** The id of the content's visible label (ContentInput): screen readers name the editing area by it. */
  labelId: string;
  helperText: string;
  validate: Validator;
  inserterRef: MutableRefObject<ImageInserter | null>;
  /** Told what a paste lost (tables, embeds, scripts), which the document has no place for. */
  onPasteLosses?: (report: SanitizerReport) => void;
}

/** The 'Mise en forme' mode: TipTap, in its own chunk, writing the HTML the reader renders. */
export function RichContentEditor({ labelId, helperText, validate, inserterRef, onPasteLosses }: Props) {
  // A contenteditable has no <label>: it is a multi-line text box named by the label above it.
  const labelled = useMemo(
    () => ({
      ...EDITOR_OPTIONS,
      editorProps: {
        ...EDITOR_OPTIONS.editorProps,
        attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId },
      },
    }),
    [labelId],
  );
  const editorOptions = usePasteReporting(labelled, onPasteLosses);
  return (
    <RichTextInput
      source="content"
      label={false}
      helperText={helperText}
      validate={validate}
      editorOptions={editorOptions}
      sx={{ '& .ProseMirror': { minHeight: '30em' }, '& .ProseMirror img': { maxWidth: '100%' } }}
      // The toolbar stays in view down a long article, as the save bar does at the bottom.
      toolbar={
        <Box sx={[stickyToolbarSx, touchTargetsSx]}>
          <RichTextInputToolbar size="small">
            <HeadingButtons />
            <FormatButtons size="small" />
            <ListButtons size="small" />
            <LinkButton />
            <QuoteButtons size="small" />
            <ClearButtons size="small" />
            <InserterBridge inserterRef={inserterRef} />
          </RichTextInputToolbar>
        </Box>
      }
    />
  );
}
