import MailIcon from '@mui/icons-material/Mail';
import type { ResourceProps } from 'react-admin';
import { MessageList } from './MessageList';
import { MessageShow } from './MessageShow';
import type { ContactMessage } from './types';

/** « Messages »: what readers sent through the contact form, administrators only (row-level security). */
const messages: ResourceProps = {
  name: 'contact_messages',
  list: MessageList,
  show: MessageShow,
  icon: MailIcon,
  recordRepresentation: (record: ContactMessage) => record.name,
};

export default messages;
