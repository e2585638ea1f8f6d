import type { Page } from '@playwright/test';

/**
 * The browser's push service, played by a spec's own (tests/push/pushService.ts): the page's
 * PushManager answers a subscription to `device` (its endpoint and keys), as Chrome would with
 * FCM's (headless Chromium reaches no push service).
 */
export async function fakePushService(page: Page, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await page.addInitScript((s) => {
    let subscribed = false;
    const made = {
      endpoint: s.endpoint,
      toJSON: () => ({ endpoint: s.endpoint, keys: s.keys }),
      unsubscribe: async () => !(subscribed = false),
    };
    PushManager.prototype.subscribe = async function () {
      subscribed = true;
      return made as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => (subscribed ? (made as unknown as PushSubscription) : null);
  }, subscription);
}
