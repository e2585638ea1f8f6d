import NewspaperIcon from '@mui/icons-material/Newspaper';
import { guardedScreen } from '../layout/guardedScreen';
import { FRONT_PAGE_PATH, FRONT_PAGE_RESOURCE } from './constants';
import { FrontPageScreen } from './FrontPageScreen';

export { FRONT_PAGE_PATH, FRONT_PAGE_RESOURCE } from './constants';
export { LeadButton } from './LeadButton';

/** « La une »: administrators only (journalists are told they may not, and see no menu item). */
export const { Route: FrontPageRoute, MenuItem: FrontPageMenuItem } = guardedScreen({
  resource: FRONT_PAGE_RESOURCE,
  path: FRONT_PAGE_PATH,
  label: 'La une',
  icon: <NewspaperIcon />,
  Screen: FrontPageScreen,
});
