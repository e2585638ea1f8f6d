/**
 * "Télécharger l'édition du jour": says the edition's size first (/edition.json), then asks the
 * service worker to store it (worker.ts). No React: the lite page (data-saver mode) mounts it too.
 */
import { EDITION_PATH } from './paths';
import { articleCount, editionSavedText, editionSizeText, type Edition } from './edition';
import { DOWNLOAD_EDITION, type DownloadReply } from './messages';
import { workerSupported } from './support';
import './editionButton.css';

/** How long a download waits for the service worker to be active before saying it failed. */
const WORKER_WAIT_MS = 15_000;

async function download(): Promise<DownloadReply> {
  // `ready` never settles where no worker could be registered (a private window, a failed install).
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
  ]);
  const worker = registration?.active;
  if (!worker) return { ok: false };
  const channel = new MessageChannel();
  const reply = new Promise<DownloadReply>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<DownloadReply>) => resolve(event.data);
  });
  worker.postMessage({ type: DOWNLOAD_EDITION }, [channel.port2]);
  return reply;
}

/** Fills the slot; returns what removes it. Nothing shows where the edition cannot be stored (no worker) or listed (offline). */
export function mountEditionButton(slot: HTMLElement): () => void {
  if (!workerSupported() || !('caches' in window) || slot.firstChild) return () => {};
  const box = document.createElement('div');
  box.className = 'edition';
  box.hidden = true;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'edition__button';
  button.textContent = "Télécharger l'édition du jour";
  const size = document.createElement('span');
  size.className = 'edition__size';
  const status = document.createElement('p');
  status.className = 'edition__status';
  status.setAttribute('role', 'status');
  box.append(button, size, status);
  slot.append(box);

  let alive = true;
  // The server's own answer may be kept a minute (private, max-age=60): a home page visited again
  // soon asks nothing.
  fetch(EDITION_PATH)
    .then((response) => (response.ok ? (response.json() as Promise<Edition>) : null))
    .then((edition) => {
      if (!alive || !edition) return;
      const articles = edition.pages.filter((p) => p.url !== '/').length;
      size.textContent = `${editionSizeText(edition.bytes)} · ${articleCount(articles)}${edition.dataSaver ? ', sans images' : ''}`;
      box.hidden = false;
    })
    .catch(() => {});
  button.addEventListener('click', () => {
    button.disabled = true;
    status.textContent = 'Téléchargement en cours…';
    void download()
      .catch((): DownloadReply => ({ ok: false }))
      .then((reply) => {
        if (!alive) return;
        status.textContent = reply.ok ? editionSavedText(reply.date, reply.articles) : 'Le téléchargement a échoué. Réessayez.';
        button.disabled = false;
      });
  });
  return () => {
    alive = false;
    box.remove();
  };
}
