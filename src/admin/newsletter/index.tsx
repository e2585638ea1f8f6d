import CampaignIcon from '@mui/icons-material/Campaign';
import { guardedScreen } from '../layout/guardedScreen';
import { NewsletterScreen } from './NewsletterScreen';

export const NEWSLETTER_PATH = '/newsletter';

/** Not a journalist's resource (providers/access.ts): administrators only, as the database says. */
export const { Route: NewsletterRoute, MenuItem: NewsletterMenuItem } = guardedScreen({
  resource: 'newsletter',
  path: NEWSLETTER_PATH,
  label: 'Newsletter',
  icon: <CampaignIcon />,
  Screen: NewsletterScreen,
});
