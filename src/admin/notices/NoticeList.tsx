import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Button, Typography } from '@mui/material';
import { List, SimpleList, TopToolbar, useGetIdentity, useUpdate, useUpdateMany, useListContext, type Identifier } from 'react-admin';
import { newsroomTimeZone } from '@/lib/env';
import { Loading } from '@/lib/Loading';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import { BackToDashboard } from '../layout/BackToDashboard';
import { memberName, useMemberNames } from '../articles/review/useMemberNames';
import { NOTICE_COLUMNS, noticeKindLabel, NOTICES_RESOURCE, type NoticeRow } from './notices';
import { NoticeSettingsCard } from './NoticeSettingsCard';

const TITLE = 'À traiter';

/** « Tout marquer comme lu »: the unread notices on the page, seen at once. */
function MarkAllRead() {
  const { data = [] } = useListContext<NoticeRow>();
  const [updateMany, { isPending }] = useUpdateMany();
  const unread = data.filter((n) => !n.read_at).map((n) => n.id);
  return (
    <Button
      startIcon={<DoneAllIcon />}
      disabled={!unread.length || isPending}
      onClick={() => void updateMany(NOTICES_RESOURCE, { ids: unread, data: { read_at: new Date().toISOString() } })}
    >
      Tout marquer comme lu
    </Button>
  );
}

/** One notice: what happened to which article, the note that came with it, who and when; unread ones in bold. */
function NoticeLines() {
  const { data = [] } = useListContext<NoticeRow>();
  const names = useMemberNames(data.map((n) => n.note?.author_id));
  const [update] = useUpdate();
  // Opening a notice marks it seen, then opens its article.
  const open = (id: Identifier, _resource: string, record: NoticeRow) => {
    if (!record.read_at) void update(NOTICES_RESOURCE, { id, data: { read_at: new Date().toISOString() }, previousData: record });
    return `/articles/${record.article_id}`;
  };
  return (
    <SimpleList<NoticeRow>
      rowClick={(id, resource, record) => open(id, resource, record as NoticeRow)}
      primaryText={(n) => (
        <Box component="span" sx={{ fontWeight: n.read_at ? 'normal' : 'bold', overflowWrap: 'anywhere' }}>
          {noticeKindLabel(n.kind)} : {n.article?.title ?? 'article supprimé'}
        </Box>
      )}
      secondaryText={(n) => (
        <>
          {n.note?.note && (
            <Box component="span" sx={{ display: 'block', fontStyle: 'italic', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              « {n.note.note} »
            </Box>
          )}
          {`${memberName(names, n.note?.author_id)}, ${formatNewsroomTime(n.created_at, newsroomTimeZone())}`}
        </>
      )}
      rowSx={(n) => (n.read_at ? {} : { bgcolor: 'action.hover' })}
      empty={<Typography sx={{ p: 2 }}>Rien à traiter : vous serez prévenu ici dès qu'un article vous attend.</Typography>}
    />
  );
}

/**
 * « À traiter »: the signed-in member's notices, newest first (unread in bold), each opening its
 * article; below, which notices they get, in the back office and by e-mail.
 */
export function NoticeList() {
  const { identity } = useGetIdentity();
  if (!identity) return <Loading />;
  return (
    <Box sx={{ py: 2 }}>
      <BackToDashboard />
      <Typography variant="h4" component="h1">
        {TITLE}
      </Typography>
      <List<NoticeRow>
        title={TITLE}
        filter={{ recipient_id: identity.id }}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        queryOptions={{ meta: { columns: NOTICE_COLUMNS } }}
        actions={
          <TopToolbar>
            <MarkAllRead />
          </TopToolbar>
        }
        empty={false}
      >
        <NoticeLines />
      </List>
      <NoticeSettingsCard userId={String(identity.id)} />
    </Box>
  );
}
