import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, Stack, Typography } from '@mui/material';
import { DataTable, List, TopToolbar, useCanAccess, useGetIdentity, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ArticleRow } from '@/lib/database';
import { formatShortDate } from '@/lib/dates';
import { Loading } from '@/lib/Loading';
import { BackToDashboard } from '../layout/BackToDashboard';
import { articleFilters } from './articleFilters';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import { LIST_COLUMNS } from './constants';
import { LeadButton } from '../frontPage';
import { DeleteArticleButton } from './DeleteArticleButton';
import { useErrorNotify } from './notify';
import { StatusBadge } from './StatusBadge';
import type { ArticleStatus } from './types';

/** A row of the list (LIST_COLUMNS). */
type Row = Pick<ArticleRow, 'id' | 'title' | 'published_at' | 'created_at' | 'author_id'> & { status: ArticleStatus };

const NewArticleButton = () => (
  <Button component={Link} to="/articles/new" variant="contained" startIcon={<AddIcon />}>
    Nouvel article
  </Button>
);

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

/**
 * 'Gestion des articles': newest first, searchable by title, filterable by status and category.
 * A journalist's list is « Mes articles »: the ones they signed, whatever their status.
 */
export function ArticleList() {
  const notifyError = useErrorNotify();
  const role = useNewsroomRole();
  const { identity } = useGetIdentity();
  if (!role || (role === 'journalist' && !identity)) return <Loading />;
  const mine = role === 'journalist' && identity ? { author_id: identity.id } : undefined;
  const title = mine ? 'Mes articles' : 'Gestion des articles';
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
        filters={articleFilters}
        queryOptions={{
          meta: { columns: LIST_COLUMNS },
          onError: (error) => notifyError(error, { failed: 'Impossible de charger les articles' }),
        }}
        actions={
          <TopToolbar>
            <NewArticleButton />
          </TopToolbar>
        }
        empty={<NoArticles />}
      >
        <DataTable<Row>
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography sx={{ p: 2 }}>Aucun article ne correspond à ces critères.</Typography>}
        >
          <DataTable.Col source="title" />
          <DataTable.Col source="status" render={(r) => <StatusBadge status={r.status} published_at={r.published_at} />} />
          <DataTable.Col source="created_at" render={(r) => formatShortDate(r.created_at)} />
          <DataTable.Col label="newsroom.actions" align="right" disableSort>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <EditArticleButton />
              <LeadButton />
              <DeleteArticleButton />
            </Stack>
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
