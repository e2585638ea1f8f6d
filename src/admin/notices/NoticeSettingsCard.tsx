import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { supabase } from '@/lib/supabase';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import { NOTICE_KINDS, type NoticeKind } from './notices';

type Channel = 'in_app' | 'by_email';
type Choices = Record<Channel, NoticeKind[]>;
const EVERY = NOTICE_KINDS.map((k) => k.id);
/** Without a row of their own, a member gets every notice both ways (the table's defaults). */
const DEFAULTS: Choices = { in_app: EVERY, by_email: EVERY };
const CHANNELS: { id: Channel; label: string }[] = [
  { id: 'in_app', label: 'Dans « À traiter »' },
  { id: 'by_email', label: 'Par e-mail' },
];
const QUERY_KEY = ['notice_settings'];

/**
 * « Mes notifications »: which notices the member gets, in the back office and by e-mail, each
 * kind its own choice (an administrator's « soumis » too). Saved to their own row (notice_settings).
 */
export function NoticeSettingsCard({ userId }: { userId: string }) {
  const role = useNewsroomRole();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () => {
      const { data, error } = await supabase.from('notice_settings').select('in_app, by_email').eq('user_id', userId).maybeSingle();
      if (error) throw error;
      return (data as Choices | null) ?? DEFAULTS;
    },
  });
  const [choices, setChoices] = useState<Choices | null>(null);
  useEffect(() => {
    if (stored.data) setChoices(stored.data);
  }, [stored.data]);
  const save = useMutation({
    mutationFn: async (next: Choices) => {
      const { error } = await supabase.from('notice_settings').upsert(next, { onConflict: 'user_id' });
      if (error) throw error;
    },
    onSuccess: () => {
      notify('Vos choix de notifications sont enregistrés', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: () => notify("Vos choix n'ont pas pu être enregistrés. Réessayez.", { type: 'error' }),
  });
  const kinds = NOTICE_KINDS.filter((k) => role === 'admin' || !k.forAdminsOnly);
  const toggle = (channel: Channel, kind: NoticeKind) =>
    setChoices((c) => c && { ...c, [channel]: c[channel].includes(kind) ? c[channel].filter((k) => k !== kind) : [...c[channel], kind] });

  return (
    <Card variant="outlined" component="section" aria-labelledby="notice-settings-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id="notice-settings-title" gutterBottom>
          Mes notifications
        </Typography>
        {stored.error ? (
          <Alert severity="error">Impossible de charger vos choix de notifications.</Alert>
        ) : !choices ? null : (
          <>
            {CHANNELS.map((channel) => (
              <Box component="fieldset" key={channel.id} sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
                <Typography component="legend" variant="subtitle2">
                  {channel.label}
                </Typography>
                <FormGroup>
                  {kinds.map((kind) => (
                    <FormControlLabel
                      key={kind.id}
                      label={kind.label}
                      control={<Checkbox checked={choices[channel.id].includes(kind.id)} onChange={() => toggle(channel.id, kind.id)} />}
                    />
                  ))}
                </FormGroup>
              </Box>
            ))}
            <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate(choices)}>
              Enregistrer mes choix
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
