import { Chip } from '@mui/material';
import { isPublicNow } from '@/lib/articleVisibility';
import { newsroomTimeZone } from '@/lib/env';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import { isSentBack, SENT_BACK_LABEL } from './review/notes';
import { STATUS_LABELS } from './statusChoices';
import type { ArticleStatus } from './types';

/**
 * What readers see of an article now: Publié once live (a scheduled one too), Programmé with its
 * moment before; À relire while it waits for an administrator; « Renvoyé avec remarques » for a
 * draft an administrator sent back.
 */
export function StatusBadge({
  status,
  published_at,
  sent_back_at,
}: {
  status: ArticleStatus;
  published_at?: string | null;
  sent_back_at?: string | null;
}) {
  if (isSentBack({ status, sent_back_at }))
    return (
      <Chip
        component="span"
        label={SENT_BACK_LABEL}
        color="error"
        size="small"
        title="Renvoyé par un administrateur : voyez ses remarques"
      />
    );
  if (status === 'draft') return <Chip component="span" label={STATUS_LABELS.draft} size="small" variant="outlined" />;
  if (status === 'review')
    return (
      <Chip
        component="span"
        label={STATUS_LABELS.review}
        color="warning"
        size="small"
        title="Soumis pour relecture : un administrateur le publiera"
      />
    );
  if (isPublicNow({ status, published_at })) return <Chip component="span" label={STATUS_LABELS.published} color="success" size="small" />;
  const at = formatNewsroomTime(published_at, newsroomTimeZone());
  return (
    <Chip component="span" label={`${STATUS_LABELS.scheduled} · ${at}`} color="info" size="small" title={`Visible des lecteurs le ${at}`} />
  );
}
