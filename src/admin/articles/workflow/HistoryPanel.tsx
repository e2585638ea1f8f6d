import { Alert, Box, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { Loading } from '@/lib/Loading';
import { useGetList } from 'react-admin';
import { newsroomTimeZone } from '@/lib/env';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import { PanelCard } from './PanelCard';
import { RevisionDialog } from './RevisionDialog';
import { useRefetchWhenVersionMoves } from './useRefetchWhenVersionMoves';
import { editorName, REVISION_LIST_COLUMNS, REVISIONS_RESOURCE, statusLabel, type RevisionSummary } from './revisions';

/** Enough for a day of heavy editing; older revisions stay in the database. */
const SHOWN = 50;

/**
 * Historique: every saved version of the article, newest first, with who saved it and when. Opening
 * one shows it with its differences; "Restaurer" puts it back into the form. Saving writes a
 * revision (database trigger), so the list is read again whenever the version the editor's text is
 * based on moves: a save, a reload, or the image panel's own change of the main image.
 */
export function HistoryPanel({ articleId, version }: { articleId: string; version?: number }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const {
    data = [],
    total,
    isPending,
    error,
    refetch,
  } = useGetList<RevisionSummary>(REVISIONS_RESOURCE, {
    filter: { article_id: articleId },
    // Identity order is save order, even for saves within the same instant.
    sort: { field: 'id', order: 'DESC' },
    pagination: { page: 1, perPage: SHOWN },
    meta: { columns: REVISION_LIST_COLUMNS },
  });
  useRefetchWhenVersionMoves(version, refetch);

  return (
    <PanelCard id="article-history-title" title="Historique">
      {isPending ? (
        <Loading />
      ) : error ? (
        <Alert severity="error">Impossible de charger l'historique de l'article.</Alert>
      ) : data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Aucune version enregistrée.
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            Chaque enregistrement garde une version. Ouvrez-en une pour voir ce qui a changé ou la restaurer.
          </Typography>
          <List dense aria-label="Versions de l'article" sx={{ mx: -2 }}>
            {data.map((revision, index) => (
              <ListItemButton key={revision.id} onClick={() => setOpenId(revision.id)} aria-haspopup="dialog">
                <ListItemText
                  primary={
                    <>
                      Version {revision.version} · {statusLabel(revision.status)}
                      {index === 0 && (
                        <Box component="span" sx={{ color: 'text.secondary' }}>
                          {' '}
                          (actuelle)
                        </Box>
                      )}
                    </>
                  }
                  secondary={`${formatNewsroomTime(revision.created_at, newsroomTimeZone())} — ${editorName(revision)}`}
                />
              </ListItemButton>
            ))}
          </List>
          {total !== undefined && total > data.length && (
            <Typography variant="caption" color="text.secondary">
              Les {SHOWN} versions les plus récentes sur {total}.
            </Typography>
          )}
        </>
      )}
      {openId !== null && <RevisionDialog articleId={articleId} revisionId={openId} onClose={() => setOpenId(null)} />}
    </PanelCard>
  );
}
