import { Avatar, Chip, Stack, Typography } from '@mui/material';
import { env } from '@/lib/env';
import { NEWSROOM_ROLES } from '@/lib/roles';
import { initials, ownStorageAvatar } from './avatar';
import { ROLE_TEXTS } from './roleNames';
import { displayName, hasRole, type Account } from './types';

/** Avatar from the project's own storage (initials otherwise, or if it fails to load) and the name. */
export function NameCell({ record }: { record: Account }) {
  const name = displayName(record);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Avatar src={ownStorageAvatar(record.avatar_url, env.supabaseUrl)} alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
        {initials(name)}
      </Avatar>
      <Typography variant="body2">{name}</Typography>
    </Stack>
  );
}

/** « Administrateur », « Journaliste » (both if both are held), or « Client » for a reader. */
export function RoleBadges({ record }: { record: Account }) {
  const held = NEWSROOM_ROLES.filter((role) => hasRole(record, role));
  if (!held.length) return <Chip label="Client" variant="outlined" size="small" />;
  return (
    <Stack direction="row" spacing={0.5}>
      {held.map((role) => (
        <Chip key={role} label={ROLE_TEXTS[role].badge} color={role === 'admin' ? 'primary' : 'secondary'} size="small" />
      ))}
    </Stack>
  );
}
