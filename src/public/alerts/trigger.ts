// What makes « Recevoir les alertes » work, loaded with the service worker's registration after the
// page's load event (src/offline/register.ts), in the reader app and on lite pages alike: nothing of
// it is in the first load. The panel (src/public/alerts/panel.ts) loads on the reader's click.

/** Marks the server-rendered « Recevoir les alertes » buttons (AlertsButton.tsx writes it as is). */
const ALERTS_SELECTOR = '[data-push-alerts]';

export function watchAlertButtons(): void {
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(ALERTS_SELECTOR) : null;
    if (button) void import('./panel').then((m) => m.toggleAlertsPanel(button));
  });
}
