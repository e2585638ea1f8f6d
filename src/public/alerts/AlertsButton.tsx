import { ALERTS_ATTRIBUTE, openAlerts } from './trigger';

/**
 * « Recevoir les alertes »: a plain button, rendered by the server. Nothing asks the reader
 * anything until they press it; the panel (choices, permission, subscription) loads then.
 */
export function AlertsButton() {
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      {...{ [ALERTS_ATTRIBUTE]: '' }}
      onClick={(e) => openAlerts(e.currentTarget)}
    >
      Recevoir les alertes
    </button>
  );
}
