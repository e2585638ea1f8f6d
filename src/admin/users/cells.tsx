import { Avatar, Chip, Stack, Typography } from '@mui/material';
import { env } from '@/lib/env';
import { initials, ownStorageAvatar } from './avatar';
import { shortBio } from './bio';
import { displayName, isAdminProfile, type Profile } from './types';

/** Avatar from the project's own storage (initials otherwise, or if it fails to load) and the name. */
export function NameCell({ record }: { record: Profile }) {
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

export function RoleBadge({ record }: { record: Profile }) {
  return isAdminProfile(record) ? (
    <Chip label="Administrateur" color="primary" size="small" />
  ) : (
    <Chip label="Client" variant="outlined" size="small" />
  );
}

/** The bio, short; the whole text stays in the tooltip. */
export function BioCell({ record }: { record: Profile }) {
  const whole = record.bio?.trim();
  const short = shortBio(whole);
  return whole && short !== whole ? <span title={whole}>{short}</span> : <>{short}</>;
}
