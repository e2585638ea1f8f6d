import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import type { Tables } from '@/lib/database';
import { newsroomTimeZone } from '@/lib/env';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import { supabase } from '@/lib/supabase';
import { BackToDashboard } from '../layout/BackToDashboard';
import { ClockTimeField } from '../layout/ClockTimeField';
import { AlertDialog, type AlertDraft } from './AlertDialog';

/** The zones offered as the newsroom's (any IANA name may be typed): Africa's, then UTC. */
const AFRICAN_TIME_ZONES = [...Intl.supportedValuesOf('timeZone').filter((zone) => zone.startsWith('Africa/')), 'UTC'];

type Settings = Pick<Tables<'push_settings'>, 'daily_cap' | 'quiet_enabled' | 'quiet_start' | 'quiet_end' | 'time_zone'>;
interface AlertStats {
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

/**
 * « Alertes » (administrators only): the alerts sent (devices targeted, delivered, failed, opened)
 * and journalists' proposals to send, the devices following each category, and the daily cap,
 * quiet hours and their time zone. That zone is the administrators' setting (push_settings.time_zone,
 * which push_send_alert reads): while the row still holds the default, the deployment's newsroom
 * zone (VITE_NEWSROOM_TIME_ZONE) is offered, never written without them.
 */
export function AlertsScreen() {
  const notify = useNotify();
  const suggested = newsroomTimeZone();
  const [settings, setSettings] = useState<Settings | null>(null);
  // The zone saved: the times listed are read on its clock.
  const [timeZone, setTimeZone] = useState(suggested);
  const [alerts, setAlerts] = useState<AlertStats[]>([]);
  const [devices, setDevices] = useState<{ category_id: string | null; name: string; devices: number }[]>([]);
  const [sending, setSending] = useState<AlertDraft | null>(null);

  const load = useCallback(async () => {
    const [s, a, d] = await Promise.all([
      supabase.from('push_settings').select('daily_cap, quiet_enabled, quiet_start, quiet_end, time_zone').single(),
      supabase.rpc('push_alert_stats', { p_limit: 50 }),
      supabase.rpc('push_devices_per_category'),
    ]);
    if (s.data) {
      setSettings({ ...s.data, quiet_start: s.data.quiet_start.slice(0, 5), quiet_end: s.data.quiet_end.slice(0, 5) });
      setTimeZone(s.data.time_zone);
    }
    setAlerts((a.data ?? []) as AlertStats[]);
    setDevices(d.data ?? []);
  }, []);
  useEffect(() => void load(), [load]);

  const save = async () => {
    if (!settings) return;
    const zone = settings.time_zone.trim();
    const { error } = await supabase
      .from('push_settings')
      .update({ ...settings, time_zone: zone })
      .eq('id', true);
    if (!error) setTimeZone(zone);
    const why = error?.code === '23514' ? `fuseau horaire inconnu « ${zone} » (un nom IANA, par exemple Africa/Dakar)` : error?.message;
    notify(error ? `Réglages non enregistrés : ${why}` : 'Réglages enregistrés', { type: error ? 'error' : 'info' });
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Alertes" />
      <BackToDashboard />
      <Typography variant="h4" component="h1">
        Alertes
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        Les notifications envoyées aux appareils des lecteurs qui suivent « À la une » ou la rubrique de l’article. On les envoie depuis
        l’article publié, avec « Envoyer une alerte ».
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            Alertes envoyées et propositions
          </Typography>
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
                    {a.urgent && <Chip size="small" color="error" label="Urgente : heures calmes passées" sx={{ mr: 1, mb: 0.5 }} />}
                    <strong>{a.title}</strong> — {a.body}
                  </TableCell>
                  <TableCell>{formatNewsroomTime(a.sent_at ?? a.created_at, timeZone)}</TableCell>
                  {a.status === 'proposed' ? (
                    <TableCell colSpan={4} align="right">
                      Proposée{' '}
                      <Button
                        size="small"
                        onClick={() => setSending({ articleId: a.article_id, title: a.title, body: a.body, proposal: a.id })}
                      >
                        Envoyer
                      </Button>
                    </TableCell>
                  ) : (
                    <>
                      <TableCell align="right">{a.targeted}</TableCell>
                      <TableCell align="right">
                        {a.delivered}
                        {a.waiting > 0 && ` (+${a.waiting} en attente)`}
                      </TableCell>
                      <TableCell align="right">{a.failed}</TableCell>
                      <TableCell align="right">{a.opened}</TableCell>
                    </>
                  )}
                </TableRow>
              ))}
              {!alerts.length && (
                <TableRow>
                  <TableCell colSpan={7}>Aucune alerte pour l’instant.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              Appareils abonnés par rubrique
            </Typography>
            <Table size="small" aria-label="Appareils par rubrique">
              <TableBody>
                {devices.map((d) => (
                  <TableRow key={d.category_id ?? 'une'}>
                    <TableCell>{d.name}</TableCell>
                    <TableCell align="right">{d.devices}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        <Card sx={{ flex: 1 }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              Réglages
            </Typography>
            {settings && (
              <Stack spacing={2} sx={{ mt: 1 }}>
                <TextField
                  label="Alertes par appareil sur 24 heures (au plus)"
                  type="number"
                  value={settings.daily_cap}
                  onChange={(e) => setSettings({ ...settings, daily_cap: Number(e.target.value) })}
                  slotProps={{ htmlInput: { min: 1, max: 20 } }}
                />
                <FormControlLabel
                  control={
                    <Switch
                      checked={settings.quiet_enabled}
                      onChange={(e) => setSettings({ ...settings, quiet_enabled: e.target.checked })}
                    />
                  }
                  label="Heures calmes : les alertes attendent leur fin"
                />
                {timeZone === 'UTC' && (
                  // Asked for, not guessed: the saved zone is still the default, and the quiet hours count in it.
                  <Alert severity="warning" data-testid="alerts-time-zone">
                    Choisissez le fuseau horaire de la rédaction : tant qu’il n’est pas enregistré, les heures calmes sont comptées en UTC
                    (temps universel).
                  </Alert>
                )}
                <TextField
                  label="Fuseau horaire de la rédaction"
                  value={settings.time_zone}
                  onChange={(e) => setSettings({ ...settings, time_zone: e.target.value })}
                  slotProps={{ htmlInput: { list: 'alerts-time-zones' } }}
                  helperText={
                    settings.time_zone === 'UTC' && suggested !== 'UTC' ? (
                      <>
                        Celui de la rédaction est {suggested}.{' '}
                        <Button size="small" onClick={() => setSettings({ ...settings, time_zone: suggested })}>
                          Utiliser {suggested}
                        </Button>
                      </>
                    ) : (
                      'Un nom IANA, par exemple Africa/Dakar.'
                    )
                  }
                />
                <datalist id="alerts-time-zones">
                  {AFRICAN_TIME_ZONES.map((zone) => (
                    <option key={zone} value={zone} />
                  ))}
                </datalist>
                <Stack direction="row" spacing={2}>
                  <ClockTimeField
                    label={`Début (${settings.time_zone})`}
                    value={settings.quiet_start}
                    onChange={(time) => setSettings({ ...settings, quiet_start: time })}
                  />
                  <ClockTimeField
                    label={`Fin (${settings.time_zone})`}
                    value={settings.quiet_end}
                    onChange={(time) => setSettings({ ...settings, quiet_end: time })}
                  />
                </Stack>
                <Box>
                  <Button variant="contained" onClick={() => void save()}>
                    Enregistrer
                  </Button>
                </Box>
              </Stack>
            )}
          </CardContent>
        </Card>
      </Stack>
      {sending && <AlertDialog draft={sending} admin onClose={(sent) => (setSending(null), sent && void load())} />}
    </Box>
  );
}
