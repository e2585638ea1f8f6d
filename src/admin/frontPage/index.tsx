import NewspaperIcon from '@mui/icons-material/Newspaper';
import { AccessDenied, CanAccess, Menu } from 'react-admin';
import { FRONT_PAGE_PATH, FRONT_PAGE_RESOURCE } from './constants';
import { FrontPageScreen } from './FrontPageScreen';

export { FRONT_PAGE_PATH, FRONT_PAGE_RESOURCE } from './constants';
export { LeadButton } from './LeadButton';

/** The route's element: administrators only (journalists are told they may not). */
export const FrontPageRoute = () => (
  <CanAccess resource={FRONT_PAGE_RESOURCE} action="list" accessDenied={<AccessDenied />}>
    <FrontPageScreen />
  </CanAccess>
);

/** « La une » in the menu, for those who may choose it. */
export const FrontPageMenuItem = () => (
  <CanAccess resource={FRONT_PAGE_RESOURCE} action="list">
    <Menu.Item to={FRONT_PAGE_PATH} primaryText="La une" leftIcon={<NewspaperIcon />} />
  </CanAccess>
);
