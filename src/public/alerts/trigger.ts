// The first-load side of breaking-news alerts: a few bytes. The panel (src/public/alerts/panel.ts)
// is loaded on the reader's click, by the reader app (AlertsButton) and by the lite page (lite.ts).

/** Marks the server-rendered « Recevoir les alertes » buttons. */
export const ALERTS_ATTRIBUTE = 'data-push-alerts';

export function openAlerts(button: HTMLElement): void {
  void import('./panel').then((m) => m.toggleAlertsPanel(button));
}

/** On a lite page (no React): the buttons open the same panel. */
export function liteAlerts(): void {
  for (const button of document.querySelectorAll<HTMLElement>(`[${ALERTS_ATTRIBUTE}]`))
    button.addEventListener('click', () => openAlerts(button));
}
