import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableContainer,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useNotify } from 'react-admin';
import { formatNewsroomTime } from '@/lib/newsroomTime';
import { NEWSLETTER_NAME, newsletterPromise } from '@/lib/newsletterPromise';
import { newsroomTimeZone } from '@/lib/env';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/lib/database';
import { lacksPostalAddress, NO_POSTAL_ADDRESS } from '@/newsletter/postalAddress';
import { BackToDashboard } from '../layout/BackToDashboard';
import { ClockTimeField } from '../layout/ClockTimeField';
import { newsletterCall, type EditionPreview } from './api';

type Settings = Pick<Tables<'newsletter_settings'>, 'daily_enabled' | 'send_time' | 'postal_address' | 'include_lead_image' | 'per_minute'>;
interface EditionStats {
  edition_id: number;
  slot: string;
  subject: string;
  created_at: string;
  articles: number;
  sent: number;
  failed: number;
  suppressed: number;
  queued: number;
  unsubscribed_since: number;
}

/**
 * « Newsletter » (administrators only, as the subscribers and the delivery log are): the next
 * edition's preview, a test sent to the signed-in administrator, « Envoyer maintenant », the daily
 * send time in the newsroom's time zone, and what became of each edition.
 */
export function NewsletterScreen() {
  const notify = useNotify();
  const timeZone = newsroomTimeZone();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [preview, setPreview] = useState<EditionPreview | null | undefined>(undefined);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [stats, setStats] = useState<EditionStats[]>([]);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(async () => {
    const [s, st] = await Promise.all([
      supabase.from('newsletter_settings').select('daily_enabled, send_time, postal_address, include_lead_image, per_minute').single(),
      supabase.rpc('newsletter_edition_stats', { p_limit: 30 }),
    ]);
    if (s.data) setSettings({ ...s.data, send_time: s.data.send_time.slice(0, 5) });
    setStats((st.data ?? []) as EditionStats[]);
    newsletterCall<EditionPreview | null>('apercu', 'GET').then(
      (p) => (setPreview(p), setPreviewError(null)),
      (e: Error) => (setPreview(null), setPreviewError(e.message)),
    );
  }, []);
  useEffect(() => void load(), [load]);

  const save = async () => {
    if (!settings) return;
    const { error } = await supabase.from('newsletter_settings').update(settings).eq('id', true);
    notify(error ? `Réglages non enregistrés : ${error.message}` : 'Réglages enregistrés', { type: error ? 'error' : 'info' });
    if (!error) void load();
  };
  const act = async (what: 'test' | 'envoyer') => {
    setBusy(true);
    try {
      const result = await newsletterCall<{ to?: string; edition?: number | null }>(what, 'POST');
      notify(
        what === 'test'
          ? `Essai envoyé à ${result.to}`
          : result.edition
            ? `Édition ${result.edition} en cours d'envoi`
            : 'Aucun article depuis la dernière édition : rien à envoyer',
        { type: 'info' },
      );
      void load();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Newsletter" />
      <BackToDashboard />
      <Typography variant="h4" component="h1">
        Newsletter « {NEWSLETTER_NAME} »
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        Chaque jour à l'heure choisie, les articles publiés depuis la dernière édition partent aux abonnés confirmés. Chaque adresse reçoit
        une édition une seule fois.
      </Typography>
      {settings && (
        // The promise the footer, the confirmation page and the confirmation mail make, at this send time.
        <Typography sx={{ mb: 2, maxWidth: 720 }} data-testid="newsletter-promise">
          Ce que les lecteurs lisent (pied de page, confirmation, e-mail) : « {newsletterPromise(settings.send_time).sentence} »
        </Typography>
      )}
      {settings && lacksPostalAddress(settings.postal_address) && (
        // As saved or being typed: the field below is where it is set.
        <Alert severity="warning" sx={{ mb: 2, maxWidth: 720 }} data-testid="newsletter-postal-address">
          {NO_POSTAL_ADDRESS}
        </Alert>
      )}
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            Envoi quotidien
          </Typography>
          {settings && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }} alignItems="center" flexWrap="wrap">
              <SettingSwitch
                label="Envoi quotidien actif"
                checked={settings.daily_enabled}
                onChange={(on) => setSettings({ ...settings, daily_enabled: on })}
              />
              <ClockTimeField
                label={`Heure d'envoi (${timeZone})`}
                value={settings.send_time}
                onChange={(time) => setSettings({ ...settings, send_time: time })}
              />
              <TextField
                label="Adresse postale de l'expéditeur"
                required
                error={lacksPostalAddress(settings.postal_address)}
                value={settings.postal_address}
                onChange={(e) => setSettings({ ...settings, postal_address: e.target.value })}
                sx={{ minWidth: { sm: 320 }, width: { xs: '100%', sm: 'auto' } }}
              />
              <SettingSwitch
                label="Image de l'article principal"
                checked={settings.include_lead_image}
                onChange={(on) => setSettings({ ...settings, include_lead_image: on })}
              />
              <Button variant="contained" onClick={() => void save()}>
                Enregistrer
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            Prochaine édition
          </Typography>
          {previewError ? (
            <Alert severity="warning">{previewError}</Alert>
          ) : preview === undefined ? (
            <Typography>Chargement...</Typography>
          ) : preview === null ? (
            <Typography>Aucun article publié depuis la dernière édition.</Typography>
          ) : (
            <>
              <Typography sx={{ my: 1 }}>
                <strong>Objet :</strong> {preview.subject} ({preview.articles} article{preview.articles > 1 ? 's' : ''})
              </Typography>
              <Box
                component="iframe"
                title="Aperçu de la prochaine édition"
                sandbox=""
                srcDoc={preview.html}
                sx={{ width: '100%', maxWidth: 640, height: 480, border: 1, borderColor: 'divider' }}
              />
            </>
          )}
          <Stack direction="row" useFlexGap sx={{ mt: 2, flexWrap: 'wrap', gap: 2 }}>
            <Button variant="outlined" disabled={busy || !!previewError} onClick={() => void act('test')}>
              M'envoyer un essai
            </Button>
            <Button variant="contained" color="error" disabled={busy || !preview} onClick={() => setConfirming(true)}>
              Envoyer maintenant
            </Button>
          </Stack>
          <Confirm
            isOpen={confirming}
            title="Envoyer La Matinale maintenant ?"
            content="L'édition part tout de suite à tous les abonnés confirmés."
            confirm="Envoyer"
            onConfirm={() => (setConfirming(false), void act('envoyer'))}
            onClose={() => setConfirming(false)}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            Éditions envoyées
          </Typography>
          {/* Seven columns: on a phone the table scrolls within its card, not the page. No width of
              its own (0, then at least the card's): the table's would otherwise widen the page. */}
          <TableContainer sx={{ width: 0, minWidth: '100%' }}>
            <Table size="small" aria-label="Éditions envoyées">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Objet</TableCell>
                  <TableCell align="right">Envoyés</TableCell>
                  <TableCell align="right">Échecs</TableCell>
                  <TableCell align="right">Exclus</TableCell>
                  <TableCell align="right">En attente</TableCell>
                  <TableCell align="right">Désinscrits depuis</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {stats.map((e) => (
                  <TableRow key={e.edition_id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatNewsroomTime(e.created_at, timeZone)}</TableCell>
                    <TableCell>{e.subject}</TableCell>
                    <TableCell align="right">{e.sent}</TableCell>
                    <TableCell align="right">{e.failed}</TableCell>
                    <TableCell align="right">{e.suppressed}</TableCell>
                    <TableCell align="right">{e.queued}</TableCell>
                    <TableCell align="right">{e.unsubscribed_since}</TableCell>
                  </TableRow>
                ))}
                {!stats.length && (
                  <TableRow>
                    <TableCell colSpan={7}>Aucune édition pour le moment.</TableCell>
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

/** One on/off setting of the daily send, labelled. */
function SettingSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return <FormControlLabel control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={label} />;
}
