import {
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
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

type Mode = Pick<Tables<'emergency_mode'>, 'is_on' | 'banner' | 'practical_info' | 'mirror_url' | 'prepared_until'>;
type LogLine = Pick<Tables<'emergency_mode_log'>, 'id' | 'changed_at' | 'changed_by_name' | 'event'>;

const EVENTS: Record<string, string> = { on: 'Activé', off: 'Désactivé', settings: 'Réglages modifiés' };

/**
 * « Mode urgence » (administrators only, as the database says): the switch that turns every reader
 * page into the lite page, the banner and « Infos pratiques » readers see then, the mirror's address,
 * « Préparer » before a known date, and who changed what and when.
 */
export function EmergencyScreen() {
  const notify = useNotify();
  const timeZone = newsroomTimeZone();
  const [mode, setMode] = useState<Mode | null>(null);
  const [log, setLog] = useState<LogLine[]>([]);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const [m, l] = await Promise.all([
      supabase.from('emergency_mode').select('is_on, banner, practical_info, mirror_url, prepared_until').single(),
      supabase.from('emergency_mode_log').select('id, changed_at, changed_by_name, event').order('id', { ascending: false }).limit(20),
    ]);
    if (m.error) notify(`Mode urgence illisible : ${m.error.message}`, { type: 'error' });
    if (m.data) setMode(m.data);
    setLog(l.data ?? []);
  }, [notify]);
  useEffect(() => void load(), [load]);

  const save = async (change: Partial<Mode>, done: string) => {
    setBusy(true);
    const { error } = await supabase.from('emergency_mode').update(change).eq('id', true);
    setBusy(false);
    notify(error ? `Non enregistré : ${error.message}` : done, { type: error ? 'error' : 'info' });
    void load();
  };

  if (!mode) return <Typography sx={{ py: 2 }}>Chargement...</Typography>;
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Mode urgence" />
      <BackToDashboard />
      <Typography variant="h4" component="h1">
        Mode urgence
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        Pour les jours où le réseau est coupé ou bridé : toutes les pages partent en version légère pour tous les lecteurs (sans carrousel,
        images à la demande), avec votre bandeau ; la une se réduit à l'essentiel, aux directs et aux infos pratiques. Les lectures venant
        d'une même adresse (VPN, opérateur) sont moins limitées. Désactivé, tout redevient comme avant.
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <FormControlLabel
            control={
              <Switch
                checked={mode.is_on}
                disabled={busy}
                onChange={(e) =>
                  void save({ is_on: e.target.checked }, e.target.checked ? 'Mode urgence activé' : 'Mode urgence désactivé')
                }
              />
            }
            label={<strong>Mode urgence</strong>}
          />
          <Typography sx={{ mt: 1 }} data-testid="emergency-state">
            {mode.is_on ? 'Activé : tout le site est en version légère.' : 'Désactivé : le site est en version normale.'}
          </Typography>
        </CardContent>
      </Card>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            Ce que les lecteurs voient
          </Typography>
          <Stack spacing={2} sx={{ mt: 1, maxWidth: 720 }}>
            <TextField
              label="Bandeau"
              value={mode.banner}
              onChange={(e) => setMode({ ...mode, banner: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 280 } }}
            />
            <TextField
              label="Infos pratiques (une par ligne : numéros, lieux, ce qui fonctionne)"
              value={mode.practical_info}
              onChange={(e) => setMode({ ...mode, practical_info: e.target.value })}
              multiline
              minRows={4}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <TextField
              label="Adresse du miroir (https://…)"
              value={mode.mirror_url}
              onChange={(e) => setMode({ ...mode, mirror_url: e.target.value.trim() })}
              helperText="Annoncée dans le bandeau et sur « À propos ». Voir docs/deployment.md pour le publier."
            />
            <Box>
              <Button
                variant="contained"
                disabled={busy}
                onClick={() =>
                  void save(
                    { banner: mode.banner, practical_info: mode.practical_info, mirror_url: mode.mirror_url },
                    'Réglages enregistrés',
                  )
                }
              >
                Enregistrer
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            Préparer
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
            Avant une date connue (élection, examens) : l'édition hors ligne s'agrandit (jusqu'à 24 articles et les directs, 1 Mo au plus)
            et la une propose « Téléchargez l'édition avant le … » jusqu'à cette date.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <TextField
              label="Jusqu'au"
              type="date"
              value={mode.prepared_until ?? ''}
              onChange={(e) => setMode({ ...mode, prepared_until: e.target.value || null })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              variant="contained"
              disabled={busy || !mode.prepared_until}
              onClick={() => void save({ prepared_until: mode.prepared_until }, 'Édition préparée')}
            >
              Préparer
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => void save({ prepared_until: null }, 'Préparation annulée')}>
              Annuler la préparation
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            Historique
          </Typography>
          <TableContainer sx={{ width: 0, minWidth: '100%' }}>
            <Table size="small" aria-label="Historique du mode urgence">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Par</TableCell>
                  <TableCell>Changement</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {log.map((line) => (
                  <TableRow key={line.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatNewsroomTime(line.changed_at, timeZone)}</TableCell>
                    <TableCell>{line.changed_by_name || '—'}</TableCell>
                    <TableCell>{EVENTS[line.event] ?? line.event}</TableCell>
                  </TableRow>
                ))}
                {!log.length && (
                  <TableRow>
                    <TableCell colSpan={3}>Aucun changement pour le moment.</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </CardContent>
      </Card>
    </Box>
  );
}
