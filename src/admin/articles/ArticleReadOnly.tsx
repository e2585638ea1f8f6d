import { SendAlertButton } from '../alerts/SendAlertButton';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Title } from 'react-admin';
import { isPublicNow } from '@/lib/articleVisibility';
import { hasHtml } from '@/lib/content';
import { articlePath } from '@/lib/readerPaths';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { BackToDashboard } from '../layout/BackToDashboard';
import { LiveDesk } from '../live/LiveDesk';
import { StatusBadge } from './StatusBadge';
import type { ArticleRecord } from './types';

/** Why a journalist may read this article but not change it (the database would refuse the save). */
export function readOnlyReason(record: Pick<ArticleRecord, 'status'>, ownArticle: boolean): string {
  if (!ownArticle) return "Cet article n'est pas le vôtre : vous pouvez le lire, mais pas le modifier.";
  if (record.status === 'scheduled')
    return 'Cet article est programmé : seuls les administrateurs peuvent encore le modifier. Pour un changement, adressez-vous à un administrateur.';
  return 'Cet article est publié : seuls les administrateurs peuvent le modifier. Pour une correction, adressez-vous à un administrateur.';
}

/**
 * The article as a journalist sees one they may no longer change (their own once published or
 * scheduled, or a colleague's public one): what it says, and why there is no « Enregistrer ».
 */
export function ArticleReadOnly({ record, ownArticle }: { record: ArticleRecord; ownArticle: boolean }) {
  // Stored sanitized already; sanitized again because this screen puts it into the back office's page.
  const html = useMemo(() => (hasHtml(record.content) ? sanitizeArticleHtml(record.content) : null), [record.content]);
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Consulter l'article" />
      <BackToDashboard />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Consulter l'article
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {readOnlyReason(record, ownArticle)}
      </Alert>
      {/* The article is not theirs to change, but its live coverage is the whole newsroom's to feed. */}
      {record.format === 'live' && <LiveDesk article={record} />}
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
            <StatusBadge status={record.status} published_at={record.published_at} />
            <SendAlertButton record={record} />
            {isPublicNow(record) && (
              // The reader's site is another application: a plain link, a full page load.
              <Button href={articlePath(record.slug)} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />} size="small">
                Voir sur le site
              </Button>
            )}
          </Stack>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {record.title}
          </Typography>
          {record.excerpt && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {record.excerpt}
            </Typography>
          )}
          {html !== null ? (
            // The article's own HTML, through the reader's allowlist just above.
            <Box className="article-body" dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{record.content}</Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
