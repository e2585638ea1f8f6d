import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import type { ResourceProps } from 'react-admin';
import { SubscriberList } from './SubscriberList';
import type { Subscriber } from './types';

/** « Abonnés »: the newsletter's sign-ups, administrators only (row-level security). */
const subscribers: ResourceProps = {
  name: 'newsletter_subscribers',
  list: SubscriberList,
  icon: AlternateEmailIcon,
  recordRepresentation: (record: Subscriber) => record.email,
};

export default subscribers;
