import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { LivePage } from '@/lib/live';
import { afterPageLoad } from '../hooks/afterPageLoad';
import { checkText, titleWithCount } from './checkText';
import { LIVE_LIST_ATTRIBUTE } from './liveDom';

const loadClient = () => import('./liveClient');

/** Within this many pixels of the list's top counts as "at the top": new entries go straight in. */
const TOP_SLACK_PX = 8;

export interface LiveFeed {
  /** The page as it stands: entries (those held back left out), pinned, key events, coverage. */
  page: LivePage;
  /** Entries that arrived while the reader was further down, not shown yet. */
  unseen: number;
  /** Shows the held-back entries and scrolls to the top of the list (« N nouveaux messages »). */
  showUnseen: () => void;
  /** Put on an element around the coverage: its list of entries (LIVE_LIST_ATTRIBUTE) is where "the top" is. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** Data-saver mode's one check (« Vérifier les nouveautés »): what it says once done. */
  check: () => Promise<void>;
  checking: boolean;
  checkResult: string | null;
}

const listIn = (root: HTMLElement | null) => root?.querySelector<HTMLElement>(`[${LIVE_LIST_ATTRIBUTE}]`) ?? root;

/** The top of the list is on screen or below it: inserting there moves nothing the reader is reading. */
const atTop = (root: HTMLElement | null) => {
  const list = listIn(root);
  return !list || list.getBoundingClientRect().top >= -TOP_SLACK_PX;
};

/**
 * A live page's entries kept current (docs/architecture.md#live-pages): unless `manual` (data-saver
 * mode), once the page has loaded, the poller asks the delta address every interval the server names
 * and applies each change. New entries go in at once for a reader at the top; a reader further down
 * is not moved: they wait behind « N nouveaux messages », counted in the tab's title, until shown or
 * scrolled to. `manual`: nothing is asked until check() (one request, priced in bytes).
 * `reload` refetches the page's list when an answer says more changed than it holds.
 */
export function useLiveFeed(
  slug: string,
  initial: LivePage,
  { manual, timeZone, reload }: { manual: boolean; timeZone: string; reload: () => void },
): LiveFeed {
  const [page, setPage] = useState(initial);
  const [held, setHeld] = useState<ReadonlySet<string>>(new Set());
  const [checking, setChecking] = useState(false);
  const [checkResult, setCheckResult] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const pageRef = useRef(page);
  pageRef.current = page;
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  // A fresh list from the server (a reload, another live page): start from it.
  useEffect(() => {
    setPage(initial);
    setHeld(new Set());
  }, [initial]);

  useEffect(() => {
    if (manual) return;
    let stop = () => {};
    let live = true;
    const start = () =>
      void loadClient()
        .then(({ startLivePoller, fetchLiveDelta, applyDelta }) => {
          if (!live) return;
          stop = startLivePoller({
            coverage: pageRef.current.coverage,
            check: (revision, signal) => fetchLiveDelta(slug, revision, signal),
            onAnswer: ({ delta }) => {
              if (delta.reload) return reloadRef.current();
              const merged = applyDelta(pageRef.current, delta);
              if (!merged.changed) return;
              pageRef.current = merged.page;
              setPage(merged.page);
              if (merged.added.length && !atTop(rootRef.current)) setHeld((h) => new Set([...h, ...merged.added.map((e) => e.id)]));
            },
          });
        })
        .catch((error: unknown) => console.error('Mises à jour en direct indisponibles', error));
    const cancel = afterPageLoad(start);
    return () => {
      live = false;
      cancel();
      stop();
    };
  }, [slug, manual, initial]);

  const unseen = useMemo(() => page.entries.filter((e) => held.has(e.id)).length, [page, held]);
  // Scrolled to once they are in: scrolling first, the browser's scroll anchoring would keep the
  // old first entry in place and push the revealed ones above the screen.
  const reveal = useRef(false);
  const showUnseen = useCallback(() => {
    reveal.current = true;
    setHeld(new Set());
  }, []);
  useLayoutEffect(() => {
    if (!reveal.current || held.size) return;
    reveal.current = false;
    listIn(rootRef.current)?.scrollIntoView({ block: 'start' });
  }, [held]);

  // The count in the tab's title while entries wait; a reader scrolling back up sees them.
  useEffect(() => {
    document.title = titleWithCount(document.title, unseen);
    if (!unseen) return;
    const seen = () => atTop(rootRef.current) && setHeld(new Set());
    window.addEventListener('scroll', seen, { passive: true });
    return () => window.removeEventListener('scroll', seen);
  }, [unseen]);

  const check = useCallback(async () => {
    setChecking(true);
    try {
      const { fetchLiveDelta, applyDelta } = await loadClient();
      const { delta, bytes } = await fetchLiveDelta(slug, pageRef.current.coverage.revision);
      if (delta.reload) return reloadRef.current();
      const merged = applyDelta(pageRef.current, delta);
      pageRef.current = merged.page;
      setPage(merged.page);
      const newest = merged.page.entries[0]?.createdAt ?? merged.page.coverage.startedAt;
      setCheckResult(checkText({ added: merged.added.length, changed: merged.changed, bytes }, newest, timeZone));
    } catch {
      setCheckResult('Vérification impossible. Réessayez dans un instant.');
    } finally {
      setChecking(false);
    }
  }, [slug, timeZone]);

  const shown = useMemo(() => (held.size ? { ...page, entries: page.entries.filter((e) => !held.has(e.id)) } : page), [page, held]);
  return { page: shown, unseen, showUnseen, rootRef, check, checking, checkResult };
}
