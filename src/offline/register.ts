/**
 * Loaded after the page's load event (the app's main.tsx waits for idle too, through afterPageLoad;
 * the lite page at the event itself, dataSaver/lite.ts): installs the service worker
 * (src/offline/worker.ts), never on the way to the first paint.
 */
import { WORKER_PATH } from './paths';
import { workerSupported } from './support';
import { watchAlertButtons } from '@/public/alerts/trigger';

export function registerWorker(): void {
  // « Recevoir les alertes » answers from now on (its panel explains where push is unsupported).
  watchAlertButtons();
  if (!workerSupported()) return;
  navigator.serviceWorker.register(WORKER_PATH).catch((error: unknown) => console.warn('The service worker could not be installed', error));
  // Offline, a link is a page load, which the worker answers from its cache: the app's own
  // navigation would ask Supabase for the page's data and fail.
  window.addEventListener(
    'click',
    (event) => {
      if (navigator.onLine || !(event.target instanceof Element)) return;
      const link = event.target.closest('a');
      if (link && link.origin === location.origin) event.stopPropagation();
    },
    true,
  );
}
