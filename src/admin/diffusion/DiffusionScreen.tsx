import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { newsroomDay } from '@/essentiel/day';
import { CARD_MAX_BYTES, TEXT_MAX } from '@/essentiel/limits';
import { newsroomTimeZone } from '@/lib/env';
import { supabase } from '@/lib/supabase';
import { BackToDashboard } from '../layout/BackToDashboard';
import { loadCard, prepareEdition } from './api';
import { DiffusionLog } from './DiffusionLog';
import { telegramState, whatsappRuns, whatsappState, type LogEntry, type TelegramPost } from './status';

interface Edition {
  day: string;
  text: string;
}

/**
 * « Diffusion » (administrators only, as its log is): the day's « L'essentiel du jour » as a
 * WhatsApp bubble with its character count, « Copier le texte », the card with its weight and
 * « Télécharger l'image », « Publié sur la chaîne WhatsApp » ticked by hand (logged with who and
 * when), where Telegram stands, and « Correction à publier sur WhatsApp » after a correction.
 */
export function DiffusionScreen() {
  const notify = useNotify();
  const timeZone = newsroomTimeZone();
  const today = newsroomDay(new Date(), timeZone);
  const [days, setDays] = useState<string[]>([]);
  const [day, setDay] = useState(today);
  const [edition, setEdition] = useState<Edition | null | undefined>(undefined);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [posts, setPosts] = useState<TelegramPost[]>([]);
  const [card, setCard] = useState<{ url: string; bytes: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const [list, found, entries, queue] = await Promise.all([
      supabase.from('daily_editions').select('day').order('day', { ascending: false }).limit(30),
      supabase.from('daily_editions').select('day, text').eq('day', day).maybeSingle(),
      supabase.from('diffusion_log').select('id, event, actor, detail, at').eq('day', day).order('id'),
      supabase
        .from('telegram_posts')
        .select('id, kind, status, attempts, message_id, error, sent_at, next_attempt_at')
        .eq('day', day)
        .order('id'),
    ]);
    setDays([...new Set([today, ...(list.data ?? []).map((d) => d.day)])]);
    setEdition(found.data ?? null);
    setLog(entries.data ?? []);
    setPosts(queue.data ?? []);
  }, [day, today]);
  useEffect(() => void load(), [load]);

  useEffect(() => {
    if (!edition) return setCard(null);
    let url = '';
    loadCard(edition.day).then(
      (blob) => setCard({ url: (url = URL.createObjectURL(blob)), bytes: blob.size }),
      (error: Error) => notify(error.message, { type: 'error' }),
    );
    return () => URL.revokeObjectURL(url);
  }, [edition, notify]);

  const prepare = async () => {
    setBusy(true);
    try {
      notify((await prepareEdition()).message, { type: 'info' });
      await load();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!edition) return;
    try {
      await navigator.clipboard.writeText(edition.text);
      notify('Texte copié : collez-le dans la chaîne WhatsApp.', { type: 'info' });
    } catch {
      notify('Copie impossible : sélectionnez le texte et copiez-le à la main.', { type: 'warning' });
    }
  };
  const markPublished = async () => {
    const { error } = await supabase.rpc('diffusion_mark_whatsapp', { p_day: day });
    notify(error ? `Non enregistré : ${error.message}` : 'Publication sur WhatsApp notée.', { type: error ? 'error' : 'info' });
    void load();
  };

  const whatsapp = whatsappState(log);
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Diffusion" />
      <BackToDashboard />
      <Typography variant="h4" component="h1">
        Diffusion — L’essentiel du jour
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        Cinq informations en un message à transférer : le texte pour la chaîne WhatsApp (à publier à la main), la carte, et la publication
        automatique sur Telegram.
      </Typography>
      <TextField select label="Jour" value={day} onChange={(e) => setDay(e.target.value)} sx={{ mb: 2, minWidth: 220 }}>
        {days.map((d) => (
          <MenuItem key={d} value={d}>
            {d === today ? `Aujourd’hui (${d})` : d}
          </MenuItem>
        ))}
      </TextField>
      {edition === null && (
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <Typography sx={{ mb: 1 }}>Pas d’édition ce jour-là pour l’instant.</Typography>
            {day === today && (
              <Button variant="contained" onClick={() => void prepare()} disabled={busy}>
                Préparer l’édition maintenant
              </Button>
            )}
          </CardContent>
        </Card>
      )}
      {edition && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
          <Card sx={{ flex: 1, maxWidth: 520, width: '100%', minWidth: 0 }}>
            <CardContent>
              {whatsapp === 'correction-due' && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  Correction à publier sur WhatsApp : un article de l’édition a été corrigé après sa publication. Copiez le texte à jour et
                  publiez-le dans la chaîne.
                </Alert>
              )}
              <Box
                data-testid="whatsapp-bubble"
                sx={{
                  bgcolor: '#dcf8c6',
                  color: '#111',
                  p: 1.5,
                  borderRadius: 2,
                  whiteSpace: 'pre-wrap',
                  fontSize: 14,
                  wordBreak: 'break-word',
                }}
              >
                {whatsappRuns(edition.text).map((run, i) =>
                  run.bold ? <strong key={i}>{run.text}</strong> : <span key={i}>{run.text}</span>,
                )}
              </Box>
              <Typography
                variant="body2"
                color={edition.text.length > TEXT_MAX ? 'error' : 'text.secondary'}
                sx={{ mt: 1 }}
                data-testid="char-count"
              >
                {edition.text.length} / {TEXT_MAX} caractères
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1 }} flexWrap="wrap">
                <Button variant="contained" onClick={() => void copy()}>
                  Copier le texte
                </Button>
              </Stack>
              <FormControlLabel
                sx={{ mt: 1 }}
                control={
                  <Checkbox checked={whatsapp === 'published'} disabled={whatsapp === 'published'} onChange={() => void markPublished()} />
                }
                label={whatsapp === 'correction-due' ? 'Correction publiée sur la chaîne WhatsApp' : 'Publié sur la chaîne WhatsApp'}
              />
              <Typography variant="body2" sx={{ mt: 1 }} data-testid="telegram-state">
                {telegramState(posts)}
              </Typography>
            </CardContent>
          </Card>
          <Card sx={{ maxWidth: 380, width: '100%' }}>
            <CardContent>
              {card ? (
                <>
                  <img
                    src={card.url}
                    width={324}
                    height={405}
                    style={{ maxWidth: '100%', height: 'auto' }}
                    alt="Carte de L’essentiel du jour : la date et les cinq titres"
                  />
                  <Typography variant="body2" color={card.bytes > CARD_MAX_BYTES ? 'error' : 'text.secondary'} data-testid="card-weight">
                    1080 × 1350, {Math.round(card.bytes / 1024)} Ko
                  </Typography>
                  <Button variant="outlined" sx={{ mt: 1 }} href={card.url} download={`essentiel-${edition.day}.jpg`}>
                    Télécharger l’image
                  </Button>
                </>
              ) : (
                <Typography color="text.secondary">Chargement de la carte…</Typography>
              )}
            </CardContent>
          </Card>
        </Stack>
      )}
      {edition && <DiffusionLog log={log} timeZone={timeZone} />}
    </Box>
  );
}
