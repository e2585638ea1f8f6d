import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { isPublicNow } from '@/lib/articleVisibility';
import { StatusBadge } from '../articles/StatusBadge';
import type { ArticleStatus } from '../articles/types';
import { ArticlePicker } from './ArticlePicker';
import { RANK_COUNT, type FrontPageArticle } from './slots';

interface Props {
  index: number;
  /** The place's name, also its heading: « À la une », « Rang 2 »… */
  name: string;
  article: FrontPageArticle | null;
  /** Who leads without a pin (rank 1 only). */
  newest?: FrontPageArticle | null;
  busy: boolean;
  onPick: (article: FrontPageArticle) => void;
  onMove: (delta: -1 | 1) => void;
  onUnpin: () => void;
}

/** One place of the front page: its article (or who leads without one), how to move it, and a picker. */
export function FrontPageSlot({ index, name, article, newest, busy, onPick, onMove, onUnpin }: Props) {
  const headingId = `front-page-rank-${index + 1}`;
  const lead = index === 0;
  const waiting = article && !isPublicNow(article);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: 2, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Typography id={headingId} variant="h6" component={lead ? 'h2' : 'h3'} sx={{ mb: 1 }}>
        {name}
      </Typography>
      {article ? (
        <Stack spacing={0.5} sx={{ mb: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <PushPinOutlinedIcon fontSize="small" color="primary" aria-hidden />
            <MuiLink component={Link} to={`/articles/${article.id}`} sx={{ fontWeight: 600 }}>
              {article.title}
            </MuiLink>
            <StatusBadge status={article.status as ArticleStatus} published_at={article.published_at} />
          </Stack>
          {waiting && (
            <Typography variant="body2" color="warning.main">
              {lead
                ? "Les lecteurs ne le voient pas encore : en attendant, l'article le plus récent mène."
                : 'Les lecteurs ne le voient pas encore : il paraîtra ici une fois publié.'}
            </Typography>
          )}
        </Stack>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {lead ? "Aucun — l'article le plus récent mène" : 'Aucun'}
          {lead && newest && ` (en ce moment : « ${newest.title} »)`}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
        <ArticlePicker label={article ? 'Remplacer par…' : 'Choisir un article'} disabled={busy} onPick={onPick} />
        <Stack direction="row" spacing={1}>
          <Button size="small" startIcon={<ArrowUpwardIcon />} disabled={busy || index === 0} onClick={() => onMove(-1)}>
            Monter
          </Button>
          <Button size="small" startIcon={<ArrowDownwardIcon />} disabled={busy || index === RANK_COUNT - 1} onClick={() => onMove(1)}>
            Descendre
          </Button>
          {article && (
            <Button size="small" color="warning" disabled={busy} onClick={onUnpin}>
              Retirer
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
