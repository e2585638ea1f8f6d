import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { guardedScreen } from '../layout/guardedScreen';
import { EmergencyScreen } from './EmergencyScreen';

export const EMERGENCY_PATH = '/urgence';

/** Not a journalist's resource (providers/access.ts): administrators only, as the database says. */
export const { Route: EmergencyRoute, MenuItem: EmergencyMenuItem } = guardedScreen({
  resource: 'emergency',
  path: EMERGENCY_PATH,
  label: 'Mode urgence',
  icon: <WarningAmberIcon />,
  Screen: EmergencyScreen,
});
