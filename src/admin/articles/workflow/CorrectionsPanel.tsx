import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, IconButton, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Confirm, useDelete, useGetList } from 'react-admin';
import { useNewsroomDataProvider } from '../../providers/newsroomDataProvider';
import { useNewsroomRole } from '../../providers/useNewsroomRole';
import { Loading } from '@/lib/Loading';
import { useErrorNotify, useTitledNotify } from '../notify';
import { AddCorrectionDialog } from './AddCorrectionDialog';
import type { Correction } from '@/lib/corrections';
import { CORRECTION_COLUMNS, correctionsClosedReason, CORRECTIONS_RESOURCE } from './corrections';
import { newsroomTimeZone } from '@/lib/env';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import { PanelCard } from './PanelCard';
import { editorName } from './revisions';
import type { ArticleStatus } from '../types';

interface Props {
  article: { id: string; status: ArticleStatus; published_at?: string | null };
}

/**
 * Corrections: notes readers see at the end of a public article. The database accepts them only
 * on an article readers can see, so for a draft or a scheduled article not yet out the section
 * says why instead (and opens by itself when a scheduled article's moment comes).
 */
export function CorrectionsPanel({ article }: Props) {
  const closed = useClosedReason(article);
  return (
    <PanelCard id="article-corrections-title" title="Corrections">
      {closed ? (
        <Typography variant="body2" color="text.secondary">
          {closed}
        </Typography>
      ) : (
        <CorrectionList articleId={article.id} />
      )}
    </PanelCard>
  );
}

/** A scheduled article opens its corrections at its moment, without a reload. */
function useClosedReason(article: Props['article']): string | null {
  const [, setTick] = useState(0);
  const reason = correctionsClosedReason(article, new Date());
  const goesOut = article.status === 'scheduled' && article.published_at ? Date.parse(article.published_at) : NaN;
  useEffect(() => {
    const wait = goesOut - Date.now();
    // setTimeout holds at most about 24.8 days; a later moment is met by the next page load.
    if (!reason || !(wait > 0) || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setTick((n) => n + 1), wait + 500);
    return () => clearTimeout(timer);
  }, [reason, goesOut]);
  return reason;
}

function CorrectionList({ articleId }: { articleId: string }) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Correction | null>(null);
  const notify = useTitledNotify();
  const notifyError = useErrorNotify();
  const [remove, { isPending: deleting }] = useDelete<Correction>();
  const {
    data = [],
    isPending,
    error,
  } = useGetList<Correction>(CORRECTIONS_RESOURCE, {
    filter: { article_id: articleId },
    sort: { field: 'corrected_at', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
    meta: { columns: CORRECTION_COLUMNS },
  });
  const authors = useCorrectionAuthors(articleId, data);

  const confirmRemove = () => {
    if (!removing) return;
    // react-admin's mutate hands a failure to onError; without returnPromise its promise never rejects.
    void remove(
      CORRECTIONS_RESOURCE,
      { id: removing.id, previousData: removing, meta: { columns: CORRECTION_COLUMNS } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('Correction supprimée'),
        onError: (error) => notifyError(error, { failed: 'Impossible de supprimer la correction' }),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Les lecteurs voient ces notes à la fin de l'article, avec « Mis à jour le … ».
      </Typography>
      {isPending ? (
        <Loading />
      ) : error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          Impossible de charger les corrections.
        </Alert>
      ) : data.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Aucune correction.
        </Typography>
      ) : (
        <List dense aria-label="Corrections de l'article" sx={{ mx: -2 }}>
          {data.map((c) => {
            const when = formatNewsroomTime(c.corrected_at, newsroomTimeZone());
            const author = authors.get(c.id);
            return (
              <ListItem
                key={c.id}
                alignItems="flex-start"
                secondaryAction={
                  <Tooltip title="Supprimer la correction">
                    <IconButton edge="end" aria-label={`Supprimer la correction du ${when}`} onClick={() => setRemoving(c)}>
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemText
                  primary={author ? `${when} · par ${author}` : when}
                  secondary={c.note}
                  slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap' } } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <Box sx={{ mt: 1 }}>
        <Button startIcon={<AddIcon />} variant="outlined" size="small" onClick={() => setAdding(true)}>
          Ajouter une correction
        </Button>
      </Box>
      {adding && <AddCorrectionDialog articleId={articleId} onClose={() => setAdding(false)} />}
      <Confirm
        isOpen={removing !== null}
        loading={deleting}
        title="Supprimer la correction"
        content="Les lecteurs ne verront plus cette note. Supprimer la correction ?"
        confirm="Supprimer"
        cancel="Annuler"
        confirmColor="warning"
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

/**
 * For administrators, who wrote each listed correction (by its id), named from the profiles; read
 * again when the list changes. Other members are not told (correction_authors refuses them).
 */
function useCorrectionAuthors(articleId: string, corrections: Correction[]): Map<string, string> {
  const isAdmin = useNewsroomRole() === 'admin';
  const dataProvider = useNewsroomDataProvider();
  const { data } = useQuery({
    queryKey: [CORRECTIONS_RESOURCE, 'authors', articleId, corrections.map((c) => c.id).join()],
    queryFn: () => dataProvider.correctionAuthors(articleId),
    enabled: isAdmin && corrections.length > 0,
  });
  return new Map(
    (data ?? []).map((a) => [a.id, editorName({ editor_id: a.author_id, editor: a.author_name ? { full_name: a.author_name } : null })]),
  );
}
