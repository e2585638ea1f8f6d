// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { pasteLosses, usePasteReporting } from './pasteReport';

const WORD_TABLE =
  '<style>p.MsoNormal{margin:0}</style><p class="MsoNormal" style="font-family:Calibri">Bilan<o:p></o:p></p>' +
  '<table class="MsoTable"><tr><td style="color:red">2025</td></tr></table>';
const YOUTUBE_CODE = '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>';

it('tells of a pasted table, not of the fonts and colours left behind on purpose', () => {
  expect(pasteLosses(WORD_TABLE).losses.map((l) => l.text)).toEqual(['1 tableau']);
  expect(pasteLosses('<p style="color:red">Rouge</p>').losses).toEqual([]);
});

function options(onLosses = vi.fn()) {
  const base = { editorProps: { attributes: { class: 'x' } } };
  const { result } = renderHook(() => usePasteReporting(base, onLosses));
  const props = result.current.editorProps as {
    attributes: unknown;
    transformPastedHTML: (html: string) => string;
    transformPastedText: (text: string) => string;
  };
  return { props, onLosses };
}

it('reports what a rich paste loses and lets the editor take the rest as it is', () => {
  const { props, onLosses } = options();
  expect(props.attributes).toEqual({ class: 'x' });
  expect(props.transformPastedHTML(WORD_TABLE)).toBe(WORD_TABLE);
  expect(onLosses).toHaveBeenCalledOnce();
  expect(onLosses.mock.calls[0][0].losses.map((l: { text: string }) => l.text)).toEqual(['1 tableau']);
  props.transformPastedHTML('<p>Rien à dire.</p>');
  expect(onLosses).toHaveBeenCalledOnce();
});

it('leaves out YouTube embed code pasted as text (readers would see raw code), with the link to paste instead', () => {
  const { props, onLosses } = options();
  expect(props.transformPastedText(YOUTUBE_CODE)).toBe('');
  expect(onLosses.mock.calls[0][0]).toMatchObject({ embedLinks: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'], embedCode: true });
  // Text that merely mentions tags is text.
  expect(props.transformPastedText('Le sigle <b> veut dire gras.')).toBe('Le sigle <b> veut dire gras.');
  expect(props.transformPastedText('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  expect(onLosses).toHaveBeenCalledOnce();
});
