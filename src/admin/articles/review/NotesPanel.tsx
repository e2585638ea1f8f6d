import { Alert, Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { newsroomTimeZone } from '@/lib/env';
import { Loading } from '@/lib/Loading';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import { PanelCard } from '../workflow/PanelCard';
import { changeLabel } from './notes';
import { useArticleNotes } from './useArticleNotes';
import { memberName, useMemberNames } from './useMemberNames';

/**
 * « Remarques »: the article's history of status changes and their notes, newest first (who, when,
 * from → to, what they wrote). Read again whenever the version moves: a save may have added one.
 */
export function NotesPanel({ articleId, authorId, version }: { articleId: string; authorId?: string | null; version?: number }) {
  const { data = [], isPending, error } = useArticleNotes(articleId, version);
  const names = useMemberNames(data.map((n) => n.author_id));

  return (
    <PanelCard id="article-notes-title" title="Remarques">
      {isPending ? (
        <Loading />
      ) : error ? (
        <Alert severity="error">Impossible de charger les remarques de l'article.</Alert>
      ) : data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Aucun changement de statut pour l'instant. Une remarque écrite avec le statut s'affichera ici.
        </Typography>
      ) : (
        <List dense aria-label="Remarques sur l'article" sx={{ mx: -2 }}>
          {data.map((note) => (
            <ListItem key={note.id} alignItems="flex-start">
              <ListItemText
                primary={changeLabel(note, authorId, note.author_id)}
                secondary={
                  <>
                    {note.note && (
                      <Box
                        component="span"
                        sx={{ display: 'block', color: 'text.primary', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                      >
                        {note.note}
                      </Box>
                    )}
                    {`${memberName(names, note.author_id)}, ${formatNewsroomTime(note.created_at, newsroomTimeZone())}`}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </PanelCard>
  );
}
