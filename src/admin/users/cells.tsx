import PersonIcon from '@mui/icons-material/Person';
import { Avatar, Chip, Stack, Typography } from '@mui/material';
import { shortBio } from './bio';
import { displayName, isAdminProfile, type Profile } from './types';

/** Avatar (or a placeholder icon when there is none or it fails to load) and the name. */
export function NameCell({ record }: { record: Profile }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Avatar src={record.avatar_url ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
        <PersonIcon fontSize="small" />
      </Avatar>
      <Typography variant="body2">{displayName(record)}</Typography>
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
