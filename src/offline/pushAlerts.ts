/// <reference lib="webworker" />
/**
 * The service worker's side of breaking-news alerts (docs/push.md): a push message from the sender
 * (src/push/sender.ts, decrypted by the browser) becomes a notification; a click on it focuses a
 * tab already on the article, or opens it, and counts one anonymous open for the alert.
 */
import { untagged } from '@/lib/channels';
import { readAlertPayload, type AlertPayload } from '@/push/payload';

declare const self: ServiceWorkerGlobalScope;

function parse(event: PushEvent): AlertPayload | null {
  try {
    return readAlertPayload(event.data?.json());
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const alert = parse(event);
  // A push with no alert of ours still shows something: browsers penalise a silent push.
  const title = alert?.title ?? 'Afrique Actu';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: alert?.body ?? 'Nouvelle alerte',
      icon: alert?.icon,
      badge: alert?.badge,
      tag: alert ? `alerte-${alert.alert}` : 'alerte',
      lang: 'fr',
      data: alert,
    }),
  );
});

/** One more open for the alert (push_alert_opened): no id of the reader goes with it. */
async function countOpen(alert: AlertPayload): Promise<void> {
  if (!alert.opened) return;
  await fetch(alert.opened.url, {
    method: 'POST',
    headers: { apikey: alert.opened.key, Authorization: `Bearer ${alert.opened.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_alert: alert.alert }),
    credentials: 'omit',
  }).catch(() => undefined);
}

async function open(url: string): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // The alert's link carries its tag (s=al), which a tab's address bar no longer shows once counted.
  const same = tabs.find((tab) => untagged(tab.url) === untagged(url));
  if (same) {
    await same.focus();
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const alert = readAlertPayload(event.notification.data);
  // Only the site's own pages open from a notification.
  const url = alert && new URL(alert.url).origin === self.location.origin ? alert.url : self.location.origin + '/';
  event.waitUntil(Promise.all([open(url), alert ? countOpen(alert) : undefined]));
});
