// « Vérifier les nouveautés » on the lite page (data-saver mode, no React): the lite script loads
// this chunk only when the page has the button (a live coverage). One request per press, never by
// itself; the answer's entries go into the server's list as the reader app would show them.
import { isTombstone, type LiveDelta } from '@/lib/live';
import { wireTapButtons } from '../dataSaver/tapDom';
import { checkText } from './checkText';
import { entryElement } from './entryDom';
import { fetchLiveDelta } from './fetchDelta';
import { LIVE_CHECK_ATTRIBUTE, LIVE_LIST_ATTRIBUTE, LIVE_STATUS_ATTRIBUTE } from './liveDom';

/** Applies a delta to the server's markup; returns how many entries were new to the page. */
export function applyDeltaToDom(delta: LiveDelta, list: HTMLElement, pageUrl: string, zone: string): number {
  let added = 0;
  for (const change of delta.entries) {
    // Every showing of the entry: in the list, and its copy as the pinned one at the top.
    const shown = [...document.querySelectorAll<HTMLElement>(`[data-live-seq="${change.seq}"]`)];
    if (isTombstone(change)) {
      shown.forEach((node) => node.remove());
      continue;
    }
    const listed = shown.find((node) => list.contains(node));
    const fresh = entryElement(change, pageUrl, zone);
    wireTapButtons(fresh);
    if (listed) {
      listed.replaceWith(fresh);
      continue;
    }
    const later = [...list.querySelectorAll<HTMLElement>('[data-live-seq]')].find((node) => Number(node.dataset.liveSeq) < change.seq);
    // Older than the whole list and not in it (beyond « Plus anciens »): not this page's.
    if (!later && list.querySelector('[data-live-seq]')) continue;
    list.insertBefore(fresh, later ?? null);
    added++;
  }
  return added;
}

/** Wires the button the server rendered, if the page has one. */
export function wireLiveCheck(zone: string): void {
  const button = document.querySelector<HTMLButtonElement>(`[${LIVE_CHECK_ATTRIBUTE}]`);
  const status = document.querySelector<HTMLElement>(`[${LIVE_STATUS_ATTRIBUTE}]`);
  const list = document.querySelector<HTMLElement>(`[${LIVE_LIST_ATTRIBUTE}]`);
  if (!button || !status || !list) return;
  const slug = button.dataset.slug ?? '';
  let revision = Number(button.dataset.revision);
  let since = button.dataset.since ?? '';
  const pageUrl = `${location.origin}${location.pathname}`;
  button.addEventListener('click', () => {
    button.disabled = true;
    fetchLiveDelta(slug, revision)
      .then(({ delta, bytes }) => {
        // More changed than one answer holds: the page itself is the fresh list.
        if (delta.reload) return location.reload();
        const added = applyDeltaToDom(delta, list, pageUrl, zone);
        revision = Math.max(revision, delta.coverage.revision);
        since = delta.entries.reduce((latest, e) => (!isTombstone(e) && e.createdAt > latest ? e.createdAt : latest), since);
        status.textContent = checkText({ added, changed: delta.entries.length > 0, bytes }, since, zone);
        if (delta.coverage.state === 'closed') button.hidden = true;
      })
      .catch(() => (status.textContent = 'Vérification impossible. Réessayez dans un instant.'))
      .finally(() => (button.disabled = false));
  });
}
