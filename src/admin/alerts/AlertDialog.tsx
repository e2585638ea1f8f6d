import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { supabase } from '@/lib/supabase';
import { ALERT_BODY_MAX, ALERT_TITLE_MAX } from '@/push/alertText';
import { alertMoment, quietHoursEnd, sentMessage } from '@/push/schedule';
import { audienceNotice } from './audience';

export interface AlertDraft {
  articleId: string;
  title: string;
  body: string;
  /** A journalist's proposal an administrator sends. */
  proposal?: number;
  /** A live coverage's key event: the alert carries its text and opens the live page at it. */
  entryId?: string;
}

const REFUSALS: Record<string, string> = {
  already_sent: 'Une alerte est déjà partie pour cet article.',
  article: 'Seul un article publié peut faire l’objet d’une alerte.',
  urgent: 'Seuls les administrateurs envoient une alerte urgente.',
  entry: 'Seul un point clé du direct peut faire l’objet d’une alerte : marquez l’entrée comme point clé.',
};
const ENTRY_ALREADY_SENT = 'Une alerte est déjà partie pour cette entrée.';

/**
 * The alert's confirmation: title and text (prefilled, editable within their limits), how many
 * devices it reaches now, when it goes (the end of the quiet hours, when now is inside them: push_send_alert
 * keeps them whatever the dialog says, unless an administrator ticks « Urgent »), on the clock of
 * the quiet hours' own time zone (push_settings.time_zone, which push_send_alert reads).
 * An administrator sends it; a journalist proposes it (push_send_alert decides by role).
 */
export function AlertDialog({ draft, admin, onClose }: { draft: AlertDraft; admin: boolean; onClose: (sent: boolean) => void }) {
  const notify = useNotify();
  const [title, setTitle] = useState(draft.title);
  const [body, setBody] = useState(draft.body);
  const [devices, setDevices] = useState<number | null>(null);
  const [notBefore, setNotBefore] = useState<Date | null>(null);
  const [timeZone, setTimeZone] = useState('UTC');
  const [urgent, setUrgent] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void supabase.rpc('push_audience_count', { p_article: draft.articleId }).then(({ data }) => setDevices(data ?? 0));
    void supabase
      .from('push_settings')
      .select('quiet_enabled, quiet_start, quiet_end, time_zone')
      .single()
      .then(({ data }) => {
        if (data) setTimeZone(data.time_zone);
        setNotBefore(data ? quietHoursEnd(new Date(), data, data.time_zone) : null);
      });
  }, [draft.articleId]);

  const send = async () => {
    setBusy(true);
    const { data, error } = await supabase.rpc('push_send_alert', {
      p_article: draft.articleId,
      p_title: title,
      p_body: body,
      ...(draft.proposal && { p_proposal: draft.proposal }),
      ...(draft.entryId && { p_entry: draft.entryId }),
      ...(admin && notBefore && urgent && { p_urgent: true }),
    });
    setBusy(false);
    if (error) {
      const refusal = draft.entryId && error.details === 'already_sent' ? ENTRY_ALREADY_SENT : REFUSALS[error.details];
      return notify(refusal ?? `Alerte refusée : ${error.message}`, { type: 'error' });
    }
    const [alert] = data;
    notify(sentMessage(alert, timeZone), { type: 'info' });
    onClose(true);
  };

  const audience = audienceNotice(devices);
  const valid = title.trim().length > 0 && title.length <= ALERT_TITLE_MAX && body.trim().length > 0 && body.length <= ALERT_BODY_MAX;
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm">
      <DialogTitle>{admin ? 'Envoyer une alerte' : 'Proposer une alerte'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Titre"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            helperText={`${title.length}/${ALERT_TITLE_MAX}`}
            error={title.length > ALERT_TITLE_MAX}
          />
          <TextField
            label="Texte"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            multiline
            helperText={`${body.length}/${ALERT_BODY_MAX}`}
            error={body.length > ALERT_BODY_MAX}
          />
          {admin && (
            <Alert severity={audience.warn ? 'warning' : 'info'} data-testid="alert-devices">
              {audience.text}
            </Alert>
          )}
          {admin && notBefore && (
            <>
              <Alert severity="info">
                {urgent
                  ? 'Heures calmes : l’alerte partira tout de suite, comme urgente.'
                  : `Heures calmes : l’alerte partira ${alertMoment(notBefore, timeZone)}.`}
              </Alert>
              <FormControlLabel
                control={<Checkbox checked={urgent} onChange={(e) => setUrgent(e.target.checked)} />}
                label="Urgent : maintenant, malgré les heures calmes"
              />
            </>
          )}
          {!admin && <Typography color="text.secondary">Un administrateur décidera de l’envoyer.</Typography>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Annuler</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void send()}>
          {admin ? 'Envoyer' : 'Proposer'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
