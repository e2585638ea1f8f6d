import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useGetIdentity, useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { NOTICES_RESOURCE, unreadFilter } from './notices';
import { useNoticesLive } from './useNoticesLive';

/** The app bar's « À traiter »: how many notices wait for the signed-in member, live, linking to their list. */
export function NoticesButton() {
  const { identity } = useGetIdentity();
  const userId = identity?.id ? String(identity.id) : undefined;
  useNoticesLive(userId);
  const { total = 0 } = useGetList(
    NOTICES_RESOURCE,
    { filter: userId ? unreadFilter(userId) : {}, pagination: { page: 1, perPage: 1 }, meta: { columns: ['id'] } },
    { enabled: !!userId },
  );
  const label = total
    ? `À traiter : ${total} notification${total > 1 ? 's' : ''} non lue${total > 1 ? 's' : ''}`
    : 'À traiter : rien de nouveau';
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to={`/${NOTICES_RESOURCE}`} color="inherit" aria-label={label} data-testid="notices-count">
        <Badge badgeContent={total} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
