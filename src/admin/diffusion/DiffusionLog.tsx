import {
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useSmallScreen } from '../layout/useSmallScreen';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import { supabase } from '@/lib/supabase';
import { EVENT_LABELS, type LogEntry } from './status';

/** The day's log: what happened, who did it (the newsroom's names), when (the newsroom's clock). */
export function DiffusionLog({ log, timeZone }: { log: LogEntry[]; timeZone: string }) {
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const small = useSmallScreen();
  const who = (actor: string | null) => (actor ? (names.get(actor) ?? 'un administrateur') : 'le serveur');
  const what = (e: LogEntry) => EVENT_LABELS[e.event] ?? e.event;
  useEffect(() => {
    const ids = [...new Set(log.flatMap((e) => (e.actor ? [e.actor] : [])))];
    if (!ids.length) return;
    void supabase
      .rpc('newsroom_member_names', { p_user_ids: ids })
      .then(({ data }) => setNames(new Map((data ?? []).map((m) => [m.user_id, m.full_name]))));
  }, [log]);
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Journal
        </Typography>
        {small ? (
          // Four columns cannot fit a 360 px phone: one line an event, as the other lists of the back office.
          <List dense>
            {log.map((e) => (
              <ListItem key={e.id} divider disableGutters>
                <ListItemText
                  primary={what(e)}
                  secondary={[formatNewsroomTime(e.at, timeZone), who(e.actor), e.detail].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Quand</TableCell>
                <TableCell>Quoi</TableCell>
                <TableCell>Qui</TableCell>
                <TableCell>Détail</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {log.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{formatNewsroomTime(e.at, timeZone)}</TableCell>
                  <TableCell>{what(e)}</TableCell>
                  <TableCell>{who(e.actor)}</TableCell>
                  <TableCell>{e.detail}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
