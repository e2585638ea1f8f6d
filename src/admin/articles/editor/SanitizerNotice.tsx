import { Alert, Box, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { mergeReports, NOTHING_LOST, sanitizerReport, type SanitizerReport } from './sanitizerReport';

/** Recounted after this pause in typing: a long article is parsed twice per count. */
const DELAY_MS = 400;

/** What saving will remove from the content as it stands, recounted as it changes. */
export function useSaveReport(): SanitizerReport {
  const content: string = useWatch({ name: 'content' }) ?? '';
  const [report, setReport] = useState<SanitizerReport>(NOTHING_LOST);
  useEffect(() => {
    const timer = setTimeout(() => setReport(sanitizerReport(content, sanitizeArticleHtml)), DELAY_MS);
    return () => clearTimeout(timer);
  }, [content]);
  return report;
}

const list = (report: SanitizerReport) => report.losses.map((l) => l.text).join(', ');

interface Props {
  /** What the rich editor could not take from pastes since the last save. */
  pasted: SanitizerReport;
  onDismissPasted: () => void;
}

/**
 * Before saving, in French: what the site's sanitizer will remove from the content (tables,
 * embeds, scripts…), and what the rich editor already left out of a paste; with the supported way
 * to show a YouTube video or an X post: its link alone on its own line.
 */
export function SanitizerNotice({ pasted, onDismissPasted }: Props) {
  const atSave = useSaveReport();
  if (!atSave.losses.length && !pasted.losses.length) return null;
  const { embedLinks, embedCode: embedFound, losses } = mergeReports(atSave, pasted);
  // Any video frame gets the sentence on how to show a video, even one whose link is not found (Vimeo…).
  const embedCode = embedFound || losses.some((l) => l.kind === 'videoFrame');
  return (
    <Alert
      severity="warning"
      data-testid="sanitizer-notice"
      sx={{ mb: 2 }}
      action={
        pasted.losses.length && !atSave.losses.length ? (
          <Button color="inherit" size="small" onClick={onDismissPasted}>
            Compris
          </Button>
        ) : undefined
      }
    >
      {atSave.losses.length > 0 && (
        <Box component="p" sx={{ m: 0 }}>
          À l'enregistrement, ces éléments seront retirés : {list(atSave)}.
        </Box>
      )}
      {pasted.losses.length > 0 && (
        <Box component="p" sx={{ m: 0 }}>
          Au collage, ces éléments n'ont pas été repris : {list(pasted)}.
        </Box>
      )}
      {embedCode && (
        <Box component="p" sx={{ mt: 1, mb: 0 }}>
          Une vidéo YouTube ou une publication X s'intègre autrement : collez son lien seul, sur sa propre ligne (par exemple
          https://www.youtube.com/watch?v=… ou https://x.com/…/status/…). Les lecteurs la chargent d'un toucher.
        </Box>
      )}
      {embedLinks.length > 0 && (
        <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 2.5, overflowWrap: 'anywhere' }} aria-label="Liens à coller seuls sur une ligne">
          {embedLinks.map((link) => (
            <li key={link}>{link}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
