import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { guardedScreen } from '../layout/guardedScreen';
import { AlertsScreen } from './AlertsScreen';

export const ALERTS_PATH = '/alertes';

/** Not a journalist's resource (providers/access.ts): administrators only; journalists propose from the article. */
export const { Route: AlertsRoute, MenuItem: AlertsMenuItem } = guardedScreen({
  resource: 'alerts',
  path: ALERTS_PATH,
  label: 'Alertes',
  icon: <NotificationsActiveIcon />,
  Screen: AlertsScreen,
});
