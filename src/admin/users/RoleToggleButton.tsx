import ShieldIcon from '@mui/icons-material/AdminPanelSettings';
import EditNoteIcon from '@mui/icons-material/EditNote';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetIdentity } from 'react-admin';
import { roleChangeDialog } from './roleDialog';
import { ROLE_TEXTS } from './roleNames';
import { displayName, hasRole, type Account, type GrantableRole } from './types';
import { useRoleChange } from './useRoleChange';

/** Grant or revoke one role (Administrateur or Journaliste) of one account, after a confirmation. */
export function RoleToggleButton({ record, newsroomRole: role }: { record: Account; newsroomRole: GrantableRole }) {
  const [open, setOpen] = useState(false);
  const { change, busy } = useRoleChange();
  const { identity } = useGetIdentity();
  const held = hasRole(record, role);
  const name = displayName(record);
  const self = identity?.id === record.user_id;
  const label = held ? ROLE_TEXTS[role].revoke : ROLE_TEXTS[role].grant;
  const dialog = roleChangeDialog(record, role, !held, self);

  // change() notifies a refusal itself and resolves false: nothing waits on the click.
  const confirm = async () => {
    const ok = await change(record.user_id, name, role, !held);
    setOpen(false);
    // An admin who stepped down has no users screen any more: a journalist's back office, or the reader's site.
    if (ok && held && self && role === 'admin') window.location.assign(hasRole(record, 'journalist') ? '/admin' : '/');
  };

  return (
    <>
      {/* An icon keeps the table narrow; the tooltip and the label name the action. */}
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={`${label} : ${name}`} color={held ? 'warning' : 'primary'} onClick={() => setOpen(true)} disabled={busy}>
            {held ? <PersonRemoveIcon /> : role === 'admin' ? <ShieldIcon /> : <EditNoteIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={dialog.title}
        content={dialog.content}
        confirm="Confirmer"
        cancel="Annuler"
        confirmColor={held ? 'warning' : 'primary'}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
