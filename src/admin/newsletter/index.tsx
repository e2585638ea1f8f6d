import MailIcon from '@mui/icons-material/Mail';
import { AccessDenied, CanAccess, Menu } from 'react-admin';
import { NewsletterScreen } from './NewsletterScreen';

export const NEWSLETTER_PATH = '/newsletter';
/** Not a journalist's resource (providers/access.ts): administrators only, as the database says. */
const RESOURCE = 'newsletter';

export const NewsletterRoute = () => (
  <CanAccess resource={RESOURCE} action="list" accessDenied={<AccessDenied />}>
    <NewsletterScreen />
  </CanAccess>
);

export const NewsletterMenuItem = () => (
  <CanAccess resource={RESOURCE} action="list">
    <Menu.Item to={NEWSLETTER_PATH} primaryText="Newsletter" leftIcon={<MailIcon />} />
  </CanAccess>
);
