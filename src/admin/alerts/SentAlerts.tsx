import { Button, Chip, List, ListItem, ListItemText, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import { useSmallScreen } from '../layout/useSmallScreen';

/** One alert sent, or a journalist's proposal (push_alert_stats). */
export interface AlertStats {
  id: number;
  article_id: string;
  article_title: string;
  title: string;
  body: string;
  status: 'proposed' | 'sent';
  created_at: string;
  sent_at: string | null;
  targeted: number;
  delivered: number;
  failed: number;
  waiting: number;
  opened: number;
  /** Sent past the quiet hours by an administrator (« Urgent : maintenant »). */
  urgent: boolean;
}

interface Props {
  alerts: AlertStats[];
  timeZone: string;
  onSend: (proposal: AlertStats) => void;
}

const NONE = 'Aucune alerte pour l’instant.';
const URGENT = 'Urgente : heures calmes passées';
const delivered = (a: AlertStats) => `${a.delivered}${a.waiting > 0 ? ` (+${a.waiting} en attente)` : ''}`;

function SendProposal({ alert, onSend }: { alert: AlertStats; onSend: Props['onSend'] }) {
  return (
    <>
      Proposée{' '}
      <Button size="small" onClick={() => onSend(alert)}>
        Envoyer
      </Button>
    </>
  );
}

/**
 * The alerts sent and proposed: a table of seven columns on a wide screen, and on a phone a
 * one-column list (as Articles), each alert with its figures in one line: seven columns cannot fit
 * 412 px without scrolling the whole screen sideways.
 */
export function SentAlerts({ alerts, timeZone, onSend }: Props) {
  const small = useSmallScreen();
  const time = (a: AlertStats) => formatNewsroomTime(a.sent_at ?? a.created_at, timeZone);
  if (small)
    return (
      <List aria-label="Alertes" dense>
        {alerts.map((a) => (
          <ListItem key={a.id} divider disableGutters>
            <ListItemText
              primary={
                <>
                  {a.urgent && <Chip size="small" color="error" label={URGENT} sx={{ mr: 1, mb: 0.5 }} />}
                  <strong>{a.title}</strong> — {a.body}
                </>
              }
              secondary={
                <>
                  {a.article_title} · {time(a)}
                  <br />
                  {a.status === 'proposed' ? (
                    <SendProposal alert={a} onSend={onSend} />
                  ) : (
                    `${a.targeted} appareil(s) visé(s), ${delivered(a)} reçue(s), ${a.failed} échec(s), ${a.opened} ouverture(s)`
                  )}
                </>
              }
              slotProps={{ secondary: { component: 'div' } }}
            />
          </ListItem>
        ))}
        {!alerts.length && <ListItem disableGutters>{NONE}</ListItem>}
      </List>
    );
  return (
    <Table size="small" aria-label="Alertes">
      <TableHead>
        <TableRow>
          <TableCell>Article</TableCell>
          <TableCell>Alerte</TableCell>
          <TableCell>Heure</TableCell>
          <TableCell align="right">Appareils visés</TableCell>
          <TableCell align="right">Reçues</TableCell>
          <TableCell align="right">Échecs</TableCell>
          <TableCell align="right">Ouvertures</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {alerts.map((a) => (
          <TableRow key={a.id}>
            <TableCell>{a.article_title}</TableCell>
            <TableCell>
              {a.urgent && <Chip size="small" color="error" label={URGENT} sx={{ mr: 1, mb: 0.5 }} />}
              <strong>{a.title}</strong> — {a.body}
            </TableCell>
            <TableCell>{time(a)}</TableCell>
            {a.status === 'proposed' ? (
              <TableCell colSpan={4} align="right">
                <SendProposal alert={a} onSend={onSend} />
              </TableCell>
            ) : (
              <>
                <TableCell align="right">{a.targeted}</TableCell>
                <TableCell align="right">{delivered(a)}</TableCell>
                <TableCell align="right">{a.failed}</TableCell>
                <TableCell align="right">{a.opened}</TableCell>
              </>
            )}
          </TableRow>
        ))}
        {!alerts.length && (
          <TableRow>
            <TableCell colSpan={7}>{NONE}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
