import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { displayName, type Profile } from './types';
import { UserList } from './UserList';

/** The users screen is the `profiles` table (one per account), read-only except for the roles. */
const users: ResourceProps = {
  name: 'profiles',
  list: UserList,
  icon: PeopleIcon,
  recordRepresentation: (record: Profile) => displayName(record),
};

export default users;
