import { Alert, Box, Button } from '@mui/material';
import { useGetIdentity, useInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useNewsroomRole } from '../../providers/useNewsroomRole';
import { useAuthorName } from '../authors';

/**
 * « Vérifié par »: a second member of the newsroom signs the check with their own name before it
 * goes out; the author never signs their own. The database holds both rules
 * (private.fact_check_rules); this only offers what it accepts: « Je l'ai vérifié » to an
 * administrator who is not the author, and the withdrawal of one's own signature.
 */
export function CheckedByInput() {
  const { field } = useInput({ source: 'checked_by', defaultValue: null });
  const { identity } = useGetIdentity();
  const record = useRecordContext<{ author_id?: string | null }>();
  const authorId = (useWatch({ name: 'author_id' }) as string | null | undefined) ?? record?.author_id ?? identity?.id;
  const admin = useNewsroomRole() === 'admin';
  const nameOf = useAuthorName();
  const me = identity ? String(identity.id) : null;
  const checker = field.value as string | null;
  const sign = (value: string | null) => field.onChange(value);

  if (checker)
    return (
      <Alert severity="success" sx={{ mt: 1 }} action={checker === me ? <Button onClick={() => sign(null)}>Retirer</Button> : undefined}>
        Vérifié par {checker === me ? 'vous' : nameOf(checker) || 'un membre de la rédaction'}.
      </Alert>
    );
  return (
    <Box sx={{ mt: 1 }}>
      <Alert severity="info">À faire vérifier par un second membre de la rédaction (pas l'auteur) avant publication.</Alert>
      {admin && me && me !== authorId && (
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => sign(me)}>
          Je l'ai vérifié
        </Button>
      )}
    </Box>
  );
}
