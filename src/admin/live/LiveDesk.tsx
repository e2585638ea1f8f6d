import { Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { isPublicNow } from '@/lib/articleVisibility';
import { newsroomTimeZone } from '@/lib/env';
import { useTitledNotify } from '../articles/notify';
import type { ArticleRecord } from '../articles/types';
import { useNewsroomDataProvider } from '../providers/newsroomDataProvider';
import { useNewsroomRole } from '../providers/useNewsroomRole';
import { CoverageControls } from './CoverageControls';
import { describeLiveError } from './liveMessages';
import { NewEntryForm } from './NewEntryForm';
import { OutboxEntry } from './OutboxEntry';
import { StoredEntry, type EntryCalls } from './StoredEntry';
import { DESK_REFRESH_MS, effectiveState, type CoverageState, type NewEntry } from './types';
import { useLiveEntries } from './useLiveEntries';
import { useLiveOutbox } from './useLiveOutbox';

const CLOSED_REASONS: Partial<Record<CoverageState, string>> = {
  paused: 'La couverture est en pause : un administrateur la rouvre pour publier.',
  closed: 'La couverture est terminée : un administrateur la rouvre pour publier.',
};

/**
 * The live desk on a live article's screen, phone first (docs/product.md#live-desk): the coverage's
 * state, « Nouvelle entrée », then the entries newest first — those still on the phone (the
 * outbox), then those stored. Each write goes through a live_* function; the list is read again
 * after each action and every DESK_REFRESH_MS for colleagues' entries.
 */
export function LiveDesk({ article }: { article: ArticleRecord }) {
  const dataProvider = useNewsroomDataProvider();
  const admin = useNewsroomRole() === 'admin';
  const { identity } = useGetIdentity();
  const notify = useTitledNotify();
  const timeZone = newsroomTimeZone();
  const [busy, setBusy] = useState(false);
  const coverage = useQuery({
    queryKey: ['live_coverages', article.id],
    queryFn: () => dataProvider.liveCoverage(article.id),
    refetchInterval: DESK_REFRESH_MS,
  });
  const { entries, names, refetch, more } = useLiveEntries(article.id);
  const refreshCoverage = coverage.refetch;
  const refresh = useCallback(() => void Promise.all([refetch(), refreshCoverage()]), [refetch, refreshCoverage]);
  const userId = identity?.id === undefined ? undefined : String(identity.id);
  const outbox = useLiveOutbox(article.id, userId, refresh);

  /** Resolves false when refused (told in French): a dialog then stays open with its text. */
  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      notify(done);
      return true;
    } catch (error) {
      notify('Erreur', describeLiveError(error), 'error');
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const post = async (entry: NewEntry) => {
    const result = await outbox.post(entry);
    if (result === 'stored') notify("L'entrée est publiée");
    else if (result === 'network')
      notify('Pas de réseau', "L'entrée attend sur ce téléphone et partira dès le retour du réseau.", 'warning');
    else notify('Entrée refusée', 'Elle reste sur ce téléphone : modifiez-la ou abandonnez-la.', 'error');
    return result;
  };
  const calls: EntryCalls = {
    mark: (entry, marks) => void act(() => dataProvider.liveMark(entry.id, marks), 'Entrée mise à jour'),
    edit: (entry, change) =>
      act(
        () => dataProvider.liveEdit({ id: entry.id, ...change, imageUrl: entry.image_url, imageAlt: entry.image_alt }),
        change.correction ? 'Correction publiée' : 'Entrée retouchée',
      ),
    remove: (entry) => void act(() => dataProvider.liveDelete(entry.id), 'Entrée supprimée'),
  };
  const setState = (state: CoverageState, pollSeconds: number) =>
    void act(() => dataProvider.liveSetState(article.id, state, pollSeconds), 'Couverture mise à jour');

  const state = coverage.data && effectiveState(coverage.data);
  const stored = new Set(entries.map((e) => e.id));
  const waiting = outbox.items.filter((i) => !stored.has(i.id)).reverse();
  const powers = {
    admin,
    userId,
    alertable: isPublicNow(article) ? { articleId: article.id, title: article.title, slug: article.slug } : null,
  };

  return (
    <Card variant="outlined" component="section" aria-label="En direct" sx={{ mb: 2 }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h5" component="h2">
            En direct
          </Typography>
          {coverage.data && state && (
            <CoverageControls coverage={{ ...coverage.data, state }} admin={admin} busy={busy} onChange={setState} />
          )}
          <NewEntryForm articleId={article.id} closedReason={(state && CLOSED_REASONS[state]) ?? null} onPost={post} />
          <Divider />
          <Typography variant="h6" component="h3">
            Entrées
          </Typography>
          <Stack component="ol" spacing={1} sx={{ p: 0, m: 0 }} aria-label="Entrées du direct">
            {waiting.map((item) => (
              <OutboxEntry key={item.id} item={item} timeZone={timeZone} onResend={outbox.resend} onDrop={outbox.drop} />
            ))}
            {entries.map((entry) => (
              <StoredEntry
                key={entry.id}
                entry={entry}
                author={(entry.author_id && names.get(entry.author_id)) || null}
                timeZone={timeZone}
                powers={powers}
                calls={calls}
                busy={busy}
              />
            ))}
          </Stack>
          {!entries.length && !waiting.length && <Typography color="text.secondary">Aucune entrée pour l'instant.</Typography>}
          {more && (
            <Button onClick={more} sx={{ alignSelf: 'center' }}>
              Plus anciennes
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
