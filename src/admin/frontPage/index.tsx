import NewspaperIcon from '@mui/icons-material/Newspaper';
import { AccessDenied, CanAccess, Menu } from 'react-admin';
import { FrontPageScreen } from './FrontPageScreen';

/** The screen's address under /admin, and the resource its permission is asked about (the table). */
export const FRONT_PAGE_PATH = '/front-page';
export const FRONT_PAGE_RESOURCE = 'front_page';

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
