import { useEffect, useMemo, useRef } from 'react';
import type { RichTextInputProps } from 'ra-input-rich-text';
import { hasHtml } from '@/lib/content';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { NOTHING_LOST, sanitizerReport, type SanitizerReport } from './sanitizerReport';

/**
 * What a paste into the rich editor loses worth telling: the kinds of content a journalist meant to
 * bring along. Fonts, colours and page styles are left behind on purpose (the site has its own), and
 * an image the editor keeps is reported by the save notice if its address will not do.
 */
const TOLD = new Set(['table', 'videoFrame', 'frame', 'media', 'object', 'script', 'form', 'drawing']);

export function pasteLosses(html: string): SanitizerReport {
  const report = sanitizerReport(html, sanitizeArticleHtml);
  const losses = report.losses.filter((l) => TOLD.has(l.kind));
  return losses.length ? { ...report, losses } : NOTHING_LOST;
}

// Embed code copied as text (YouTube's and X's "embed" boxes): an iframe, a script or X's quote.
const EMBED_CODE_TEXT = /^\s*<(iframe|script|blockquote)\b[\s\S]*>\s*$/i;

/**
 * The rich editor's options, reporting what each paste loses: tables, frames and scripts have no
 * place in its document, so they vanish as they are pasted, where the save notice would never see
 * them. Embed code pasted as text would show readers raw code: it is left out and reported too.
 * The options object stays the same (TipTap rebuilds its editor when it changes).
 */
type EditorOptions = NonNullable<RichTextInputProps['editorOptions']>;

export function usePasteReporting<O extends EditorOptions>(options: O, onLosses?: (report: SanitizerReport) => void): O {
  const latest = useRef(onLosses);
  useEffect(() => {
    latest.current = onLosses;
  }, [onLosses]);
  return useMemo(
    () => ({
      ...options,
      editorProps: {
        ...options.editorProps,
        transformPastedHTML: (html: string) => {
          const report = pasteLosses(html);
          if (report.losses.length) latest.current?.(report);
          return html;
        },
        transformPastedText: (text: string) => {
          if (!EMBED_CODE_TEXT.test(text) || !hasHtml(text)) return text;
          const report = pasteLosses(text);
          if (!report.losses.length) return text;
          latest.current?.(report);
          return '';
        },
      },
    }),
    [options],
  );
}
