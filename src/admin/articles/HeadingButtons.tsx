import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEffect, useReducer } from 'react';
import { useTranslate } from 'react-admin';
import { useTiptapEditor } from 'ra-input-rich-text';

const LEVELS = [
  { value: 'paragraph', text: '¶', label: 'ra.tiptap.paragraph' },
  { value: 2, text: 'H2', label: 'ra.tiptap.heading2' },
  { value: 3, text: 'H3', label: 'ra.tiptap.heading3' },
] as const;

/**
 * Paragraph, H2 and H3 only: the reader's allowlist keeps h2–h4, and an article's own title is
 * its h1, so ra-input-rich-text's six-level select would offer levels that vanish on save.
 */
export function HeadingButtons() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  // Re-render as the caret moves, so the active level follows it.
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!editor) return;
    editor.on('transaction', refresh);
    return () => void editor.off('transaction', refresh);
  }, [editor]);
  const active = LEVELS.find((l) =>
    l.value === 'paragraph' ? editor?.isActive('paragraph') : editor?.isActive('heading', { level: l.value }),
  )?.value;
  return (
    <ToggleButtonGroup size="small" exclusive value={active ?? null}>
      {LEVELS.map((l) => (
        <ToggleButton
          key={l.value}
          value={l.value}
          aria-label={translate(l.label)}
          title={translate(l.label)}
          disabled={!editor?.isEditable}
          onClick={() => {
            // Core setNode: the heading/paragraph command typings live in packages we do not import.
            editor
              .chain()
              .focus()
              .setNode(l.value === 'paragraph' ? 'paragraph' : 'heading', l.value === 'paragraph' ? {} : { level: l.value })
              .run();
          }}
          sx={{ px: 1, fontWeight: 700 }}
        >
          {l.text}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
