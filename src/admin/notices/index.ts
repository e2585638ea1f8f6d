import NotificationsIcon from '@mui/icons-material/Notifications';
import type { ResourceProps } from 'react-admin';
import { NoticeList } from './NoticeList';

/** « À traiter »: the signed-in member's notices and their choice of notices (row-level security: their own). */
const notices: ResourceProps = {
  name: 'notices',
  list: NoticeList,
  icon: NotificationsIcon,
};

export default notices;
