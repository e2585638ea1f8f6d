// This browser's side of its alerts: its push subscription (held by the service worker's
// registration) and the choices kept to prefill the panel. Shared by the panel and « Mes alertes ».

/** What this device follows, kept to prefill the panel (the database keeps the truth). */
export const ALERTS_STORAGE_KEY = 'push-alerts';

async function subscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker?.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/** The endpoint of this browser's push subscription, if it has one (to tell « cet appareil » apart). */
export async function thisDeviceEndpoint(): Promise<string | null> {
  try {
    return (await subscription())?.endpoint ?? null;
  } catch {
    return null;
  }
}

/** Drops this browser's subscription and kept choices (once the database forgot the device). */
export async function forgetThisDevice(): Promise<void> {
  localStorage.removeItem(ALERTS_STORAGE_KEY);
  await (await subscription().catch(() => null))?.unsubscribe();
}
