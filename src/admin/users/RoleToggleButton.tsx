import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import ShieldIcon from '@mui/icons-material/AdminPanelSettings';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetIdentity } from 'react-admin';
import { displayName, isAdminProfile, type Profile } from './types';
import { useRoleChange } from './useRoleChange';

/** Grant or revoke the admin role of one user, after a confirmation. */
export function RoleToggleButton({ record }: { record: Profile }) {
  const [open, setOpen] = useState(false);
  const { change, busy } = useRoleChange();
  const { identity } = useGetIdentity();
  const admin = isAdminProfile(record);
  const name = displayName(record);
  const self = identity?.id === record.user_id;
  const label = admin ? 'Retirer le rôle admin' : 'Nommer administrateur';

  const confirm = async () => {
    const ok = await change(record.user_id, name, !admin);
    setOpen(false);
    // An admin who stepped down no longer has a back office: back to the reader's site.
    if (ok && admin && self) window.location.assign('/');
  };

  const content = admin
    ? self
      ? "Vous redeviendrez client et perdrez immédiatement l'accès au back-office."
      : `${name} redeviendra client et perdra l'accès au back-office.`
    : `${name} pourra gérer les articles, les utilisateurs et consulter les statistiques.`;

  return (
    <>
      {/* An icon keeps the table narrow enough for the bios; the tooltip and the label name the action. */}
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={`${label} : ${name}`} color={admin ? 'warning' : 'primary'} onClick={() => setOpen(true)} disabled={busy}>
            {admin ? <PersonRemoveIcon /> : <ShieldIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={admin ? `Retirer le rôle administrateur de ${name} ?` : `Nommer ${name} administrateur ?`}
        content={content}
        confirm="Confirmer"
        cancel="Annuler"
        confirmColor={admin ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
