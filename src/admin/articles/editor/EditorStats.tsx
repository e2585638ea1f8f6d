import { Typography } from '@mui/material';
import { useDeferredValue, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { formatCount } from '@/lib/numbers';
import { countWords, formatReadingTime, readingMinutes } from '@/lib/readingTime';
import { contentText } from '../workflow/revisionDiff';

/** « 1 024 mots · 5 min de lecture »: the body as readers will read it (markup and pictures aside). */
export function EditorStats() {
  const content: string = useWatch({ name: 'content' }) ?? '';
  // Counting waits for a pause in typing, never slowing a keystroke in a long article.
  const deferred = useDeferredValue(content);
  const words = useMemo(() => countWords(contentText(deferred).replace(/\[image\]/g, '')), [deferred]);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="editor-stats" sx={{ whiteSpace: 'nowrap' }}>
      {formatCount(words)} {words > 1 ? 'mots' : 'mot'} · {formatReadingTime(readingMinutes(words))} de lecture
    </Typography>
  );
}
