import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { displayName, type Account } from './types';
import { UserList } from './UserList';

/** The users screen is the `accounts` view (each profile with its e-mail and roles), read-only except for the roles. */
const users: ResourceProps = {
  name: 'accounts',
  list: UserList,
  icon: PeopleIcon,
  recordRepresentation: (record: Account) => displayName(record),
};

export default users;
