import InsertLink from '@mui/icons-material/InsertLink';
import { ToggleButton } from '@mui/material';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useEffect, useReducer, useState } from 'react';
import { LinkDialog, type LinkValues } from './LinkDialog';

interface Opened {
  range: { from: number; to: number };
  editing: boolean;
  initial: LinkValues;
}

/** What the reader's sanitizer does with a link that says nothing: an outside address opens in a new tab. */
const opensInNewTab = (href: string, target: unknown) => target === '_blank' || (target !== '_self' && /^https?:/i.test(href));

/**
 * The toolbar's « Lien »: opens LinkDialog on the link under the cursor (to change or remove it)
 * or on the selected text (to make it a link); with nothing selected the link is inserted at the
 * cursor, its text the one typed in the dialog. The new-tab choice is saved as the link's target
 * ('_blank' or '_self'), which the sanitizer keeps.
 */
export function LinkButton() {
  const editor = useTiptapEditor();
  const [opened, setOpened] = useState<Opened | null>(null);
  // Re-render as the caret moves, so the button says whether it is on a link (as HeadingButtons does).
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!editor) return;
    editor.on('transaction', refresh);
    return () => void editor.off('transaction', refresh);
  }, [editor]);
  const active = Boolean(editor?.isActive('link'));

  const open = () => {
    if (!editor) return;
    // Inside a link, the whole link is what the dialog edits.
    editor.chain().focus().extendMarkRange('link').run();
    const { from, to } = editor.state.selection;
    const editing = editor.isActive('link');
    const { href = '', target } = editor.getAttributes('link') as { href?: string; target?: string | null };
    const text = editor.state.doc.textBetween(from, to, ' ');
    setOpened({
      range: { from, to },
      editing,
      initial: { url: editing ? href : '', text, newTab: editing ? opensInNewTab(href, target) : true },
    });
  };
  const apply = ({ url, text, newTab }: LinkValues) => {
    if (!editor || !opened) return;
    const link = { type: 'link', attrs: { href: url, target: newTab ? '_blank' : '_self' } };
    editor
      .chain()
      .focus()
      .insertContentAt(opened.range, { type: 'text', text, marks: [link] })
      .run();
    setOpened(null);
  };
  const remove = () => {
    if (!editor || !opened) return;
    editor.chain().focus().setTextSelection(opened.range).unsetMark('link').run();
    setOpened(null);
  };

  return (
    <>
      <ToggleButton
        value="link"
        size="small"
        aria-label={active ? 'Modifier le lien' : 'Insérer un lien'}
        title={active ? 'Modifier le lien' : 'Insérer un lien'}
        selected={active}
        disabled={!editor?.isEditable}
        onClick={open}
      >
        <InsertLink fontSize="inherit" />
      </ToggleButton>
      {opened && (
        <LinkDialog
          initial={opened.initial}
          editing={opened.editing}
          onSubmit={apply}
          onRemove={remove}
          onClose={() => {
            setOpened(null);
            editor?.commands.focus();
          }}
        />
      )}
    </>
  );
}
