import { Chip } from '@mui/material';
import { newsroomTimeZone } from '@/lib/env';
import { isLive } from './articleStatus';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import type { ArticleStatus } from './types';

/** What readers see of an article now: Publié once live (a scheduled one too), Programmé with its moment before; À relire while it waits for an administrator. */
export function StatusBadge({ status, published_at }: { status: ArticleStatus; published_at?: string | null }) {
  if (status === 'draft') return <Chip label="Brouillon" size="small" variant="outlined" />;
  if (status === 'review')
    return <Chip label="À relire" color="warning" size="small" title="Soumis pour relecture : un administrateur le publiera" />;
  if (isLive({ status, published_at })) return <Chip label="Publié" color="success" size="small" />;
  const at = formatNewsroomTime(published_at, newsroomTimeZone());
  return <Chip label={`Programmé · ${at}`} color="info" size="small" title={`Visible des lecteurs le ${at}`} />;
}
