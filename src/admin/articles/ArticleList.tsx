import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, List, SimpleList, TopToolbar, useCanAccess, useGetIdentity, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ArticleRow } from '@/lib/database';
import { newsroomDate } from '../dates';
import { newsroomTimeZone } from '@/lib/env';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import { Loading } from '@/lib/Loading';
import { BackToDashboard } from '../layout/BackToDashboard';
import { useSmallScreen } from '../layout/useSmallScreen';
import { articleFilters } from './articleFilters';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import { LIST_COLUMNS } from './constants';
import { LeadButton } from '../frontPage';
import { AuthorFilterInput, useAuthorName } from './authors';
import { DeleteArticleButton } from './DeleteArticleButton';
import { useErrorNotify } from './notify';
import { isSentBack } from './review/notes';
import { SENT_BACK_FIRST } from './review/sentBackFirst';
import { StatusBadge } from './StatusBadge';
import type { ArticleStatus } from './types';

/** A row of the list (LIST_COLUMNS). */
type Row = Pick<ArticleRow, 'id' | 'title' | 'published_at' | 'created_at' | 'author_id' | 'sent_back_at'> & {
  status: ArticleStatus;
  latest_note?: string | null;
};

/**
 * « Nouvel article »: react-admin's CreateButton, a button on a wide screen and a floating action
 * button on a phone, always in reach however far down the list is read.
 */
const NewArticleButton = () => <CreateButton to="/articles/new" label="Nouvel article" variant="contained" />;

/** « Modifier », or « Consulter » for an article the signed-in journalist may no longer change. */
function EditArticleButton() {
  const record = useRecordContext<Row>();
  const { canAccess = true } = useCanAccess({ action: 'edit', resource: 'articles', record });
  if (!record) return null;
  const label = canAccess ? 'Modifier' : 'Consulter';
  return (
    <Button
      component={Link}
      to={`/articles/${record.id}`}
      size="small"
      startIcon={canAccess ? <EditIcon /> : <VisibilityIcon />}
      aria-label={`${label} « ${record.title} »`}
    >
      {label}
    </Button>
  );
}

const NoArticles = () => (
  <Box sx={{ textAlign: 'center', py: 6 }}>
    <Typography sx={{ mb: 2 }}>Aucun article pour le moment</Typography>
    <NewArticleButton />
  </Box>
);

const NO_MATCH = 'Aucun article ne correspond à ces critères.';

/**
 * Under the title, the note the other side is waiting on: the remarks of an article sent back, the
 * journalist's word on one « À relire ». Nothing for the rest (their notes are in the editor).
 */
function WaitingNote({ row }: { row: Row }) {
  const note = row.latest_note?.trim();
  if (!note || !(isSentBack(row) || row.status === 'review')) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      color="text.secondary"
      data-testid="list-note"
      sx={{ display: 'block', fontStyle: 'italic', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
    >
      « {note.length > 140 ? `${note.slice(0, 139)}…` : note} »
    </Typography>
  );
}

/** Published, or scheduled: it has a moment readers see it from. */
const isOut = (r: Row) => r.status === 'published' || r.status === 'scheduled';

/** When readers see (or saw) it, in the newsroom's time: published, or scheduled for; « — » before. */
const publicationDate = (r: Row) => (isOut(r) ? formatNewsroomTime(r.published_at, newsroomTimeZone()) : '—');

/**
 * 'Gestion des articles': newest first, searchable by title, filterable by status, category and
 * (administrators) author; a row opens the article. A journalist's list is « Mes articles »: the
 * ones they signed, whatever their status. On a phone the table becomes a one-column list.
 */
export function ArticleList() {
  const notifyError = useErrorNotify();
  const role = useNewsroomRole();
  const { identity } = useGetIdentity();
  const small = useSmallScreen();
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('xl'));
  const authorName = useAuthorName();
  if (!role || (role === 'journalist' && !identity)) return <Loading />;
  const mine = role === 'journalist' && identity ? { author_id: identity.id } : undefined;
  const title = mine ? 'Mes articles' : 'Gestion des articles';
  const filters = mine ? articleFilters : [...articleFilters, <AuthorFilterInput key="author" source="author_id" alwaysOn />];
  return (
    <Box sx={{ py: 2 }}>
      <BackToDashboard />
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <List<Row>
        title={title}
        filter={mine}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        filters={filters}
        queryOptions={{
          // A journalist's « Renvoyé avec remarques » come first, whatever the order chosen.
          meta: { columns: LIST_COLUMNS, [SENT_BACK_FIRST]: !!mine },
          onError: (error) => notifyError(error, { failed: 'Impossible de charger les articles' }),
        }}
        actions={
          <TopToolbar>
            <NewArticleButton />
          </TopToolbar>
        }
        empty={<NoArticles />}
      >
        {small ? (
          <SimpleList<Row>
            rowClick="edit"
            primaryText={(r) => (
              <>
                {r.title}
                <WaitingNote row={r} />
              </>
            )}
            secondaryText={(r) => (
              <Stack component="span" direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
                <StatusBadge status={r.status} published_at={r.published_at} sent_back_at={r.sent_back_at} />
                <span>{authorName(r.author_id)}</span>
                <span>{isOut(r) ? publicationDate(r) : `Créé le ${newsroomDate(r.created_at)}`}</span>
              </Stack>
            )}
            empty={<Typography sx={{ p: 2 }}>{NO_MATCH}</Typography>}
          />
        ) : (
          <DataTable<Row> bulkActionButtons={false} rowClick="edit" empty={<Typography sx={{ p: 2 }}>{NO_MATCH}</Typography>}>
            <DataTable.Col<Row>
              source="title"
              render={(r) => (
                <>
                  {r.title}
                  <WaitingNote row={r} />
                </>
              )}
            />
            <DataTable.Col
              source="status"
              render={(r) => <StatusBadge status={r.status} published_at={r.published_at} sent_back_at={r.sent_back_at} />}
            />
            <DataTable.Col source="author_id" disableSort render={(r) => authorName(r.author_id)} />
            <DataTable.Col
              source="published_at"
              label="newsroom.publication"
              render={publicationDate}
              cellSx={() => ({ whiteSpace: 'nowrap' })}
            />
            {/* A laptop has no room for it beside the actions (the row opens the article, which has it). */}
            {wide && <DataTable.Col source="created_at" render={(r) => newsroomDate(r.created_at)} />}
            <DataTable.Col label="newsroom.actions" align="right" disableSort>
              {/* The row opens the article; these buttons do their own thing, not the row's. */}
              {/* Stacked on a laptop: side by side, the three made the list 1,511 px wide on a 1280 px screen. */}
              <Stack
                direction={{ xs: 'column', xl: 'row' }}
                spacing={{ xs: 0.5, xl: 1 }}
                sx={{ alignItems: 'flex-end', justifyContent: 'flex-end' }}
                onClick={(e) => e.stopPropagation()}
              >
                <EditArticleButton />
                <LeadButton />
                <DeleteArticleButton />
              </Stack>
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </Box>
  );
}
