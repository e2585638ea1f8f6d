/**
 * « Recevoir les alertes »: a plain button, rendered by the server, and no code in the reader's first
 * load: a click on it (any `[data-push-alerts]`, see trigger.ts) is heard once the page has loaded,
 * and the panel (choices, permission, subscription) loads then. Nothing asks the reader anything
 * until they press it.
 */
export function AlertsButton() {
  return (
    <button type="button" className="button button--ghost button--small" data-push-alerts="">
      Recevoir les alertes
    </button>
  );
}
